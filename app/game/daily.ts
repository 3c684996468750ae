// The 8 daily challenges (docs/product.md#the-eight-challenges), in the order the day rotation uses.
import { answersMayBeDecimal } from "./format";
import { independentSequence, specOf, type AnySpec, type ProblemSequence, type RunPlay } from "./play";
import { addition, division, multiplication, subtraction } from "./ranges";
import type { Rng } from "./prng";
import type { Problem } from "./types";

/** Today's challenge (docs/product.md#daily-challenge). */
export type DailySpec = { mode: "daily"; challengeId: string };

export type ChallengeDifficulty = "easy" | "medium" | "hard";

export interface DailyChallenge {
  /** Stable kebab-case id; it is also the leaderboard game_type, so never rename one. */
  id: string;
  title: string;
  description: string;
  /** Seconds. */
  timeLimit: number;
  difficulty: ChallengeDifficulty;
  generate(rng: Rng): Problem;
}

function even(rng: Rng, min: number, max: number): number {
  return 2 * rng.int(min / 2, max / 2);
}

/** + or - (non-negative) or ×, each equally likely. */
function addSubtractOrMultiply(rng: Rng, addOperand: () => number, multiplyOperand: () => number): Problem {
  const op = rng.int(0, 2);
  if (op === 0) return addition(addOperand(), addOperand());
  if (op === 1) return subtraction(addOperand(), addOperand());
  return multiplication(multiplyOperand(), multiplyOperand());
}

/** Pounds and pence from £0.01 to £99.99, never a whole amount so both operands read as money. */
function moneyInPence(rng: Rng): number {
  return rng.int(0, 99) * 100 + rng.int(1, 99);
}

export const PERCENTAGES: readonly number[] = [10, 25, 50, 20, 75];

export const DAILY_CHALLENGES: readonly DailyChallenge[] = [
  {
    id: "even-steven",
    title: "Even Steven",
    description: "Every number is even! Add, subtract and multiply even numbers as fast as you can.",
    timeLimit: 60,
    difficulty: "easy",
    // Subtraction puts the larger number first here too, so answers are never negative.
    generate: (rng) =>
      addSubtractOrMultiply(
        rng,
        () => even(rng, 2, 20),
        () => even(rng, 2, 10),
      ),
  },
  {
    id: "multiplication-marathon",
    title: "Multiplication Marathon",
    description: "Times tables from 1 to 12. How many can you answer in 45 seconds?",
    timeLimit: 45,
    difficulty: "medium",
    generate: (rng) => multiplication(rng.int(1, 12), rng.int(1, 12)),
  },
  {
    id: "speed-demon",
    title: "Speed Demon",
    description: "Quick adding and taking away with numbers up to 20. Only 30 seconds, so be speedy!",
    timeLimit: 30,
    difficulty: "medium",
    generate: (rng) =>
      rng.int(0, 1) === 0 ? addition(rng.int(1, 20), rng.int(1, 20)) : subtraction(rng.int(1, 20), rng.int(1, 20)),
  },
  {
    id: "money-matters",
    title: "Money Matters",
    description: "Add and subtract pounds and pence. Can you keep track of the change?",
    timeLimit: 60,
    difficulty: "hard",
    // Worked in whole pence so the answer is exact to 2 decimal places.
    generate: (rng) => {
      const sum = rng.int(0, 1) === 0;
      let a = moneyInPence(rng);
      let b = moneyInPence(rng);
      if (!sum && b > a) [a, b] = [b, a];
      return {
        num1: a / 100,
        num2: b / 100,
        operator: sum ? "+" : "-",
        answer: (sum ? a + b : a - b) / 100,
      };
    },
  },
  {
    id: "percentage-power",
    title: "Percentage Power",
    description: "Find 10%, 20%, 25%, 50% or 75% of a number. Round to the nearest whole number.",
    timeLimit: 60,
    difficulty: "hard",
    generate: (rng) => {
      const percent = rng.pick(PERCENTAGES);
      const base = rng.int(10, 209);
      return { num1: percent, num2: base, operator: "% of", answer: Math.round((percent * base) / 100) };
    },
  },
  {
    id: "division-delight",
    title: "Division Delight",
    description: "Share numbers out fairly! Every answer is a whole number.",
    timeLimit: 60,
    difficulty: "medium",
    generate: (rng) => division(rng.int(1, 12), rng.int(1, 20), "÷"),
  },
  {
    id: "double-trouble",
    title: "Double Trouble",
    description: "Double every number from 1 to 50. Two times the fun in 45 seconds!",
    timeLimit: 45,
    difficulty: "easy",
    // Doubling is shown as "n × 2": it reads as "double n" and keeps the layout of other × problems.
    generate: (rng) => multiplication(rng.int(1, 50), 2),
  },
  {
    id: "teen-trouble",
    title: "Teen Trouble",
    description: "Numbers from 10 to 19 only. Add, subtract and multiply the teens!",
    timeLimit: 60,
    difficulty: "hard",
    generate: (rng) =>
      addSubtractOrMultiply(
        rng,
        () => rng.int(10, 19),
        () => rng.int(10, 14),
      ),
  },
];

export function getChallenge(id: string): DailyChallenge | undefined {
  return DAILY_CHALLENGES.find((challenge) => challenge.id === id);
}

/** The challenge of an id a run was made with: an unknown one is a RangeError. */
export function challengeOf(id: string): DailyChallenge {
  const challenge = getChallenge(id);
  if (!challenge) throw new RangeError(`Unknown daily challenge: ${id}`);
  return challenge;
}

export function dailySequence(spec: AnySpec, seed: string): ProblemSequence {
  const { challengeId } = specOf<DailySpec>(spec, "daily");
  return independentSequence(seed, (rng) => challengeOf(challengeId).generate(rng));
}

export function dailyPlay(spec: AnySpec, seed: string): RunPlay {
  const daily = specOf<DailySpec>(spec, "daily");
  return {
    problems: dailySequence(daily, seed),
    limitSeconds: challengeOf(daily.challengeId).timeLimit,
    decimal: answersMayBeDecimal(daily),
  };
}

const DAY_MS = 86_400_000;

/** Day of the year with 1 January as day 1 (31 December is 365, or 366 in a leap year). */
export function dayOfYear(year: number, month: number, day: number): number {
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (
    !Number.isInteger(year) ||
    !Number.isInteger(month) ||
    !Number.isInteger(day) ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    throw new RangeError(`Not a calendar date: ${year}-${month}-${day}`);
  }
  return Math.round((utc - Date.UTC(year, 0, 1)) / DAY_MS) + 1;
}

/**
 * The challenge of a calendar date: DAILY_CHALLENGES[dayOfYear % 8], with 1 January as day 1, so
 * 1 January plays Multiplication Marathon and Even Steven first comes on 8 January. The rotation
 * restarts each year (31 December of a leap year is day 366 → index 6, then 1 January → index 1).
 * The server passes the UTC date; the countdown in the browser runs to the player's local midnight,
 * so away from UTC the new challenge appears a few hours before or after the countdown ends.
 */
export function challengeForDate(year: number, month: number, day: number): DailyChallenge {
  return DAILY_CHALLENGES[dayOfYear(year, month, day) % DAILY_CHALLENGES.length] as DailyChallenge;
}

/** The challenge of the UTC date at this instant (epoch ms), as the server chooses it. */
export function challengeForUtcTime(epochMs: number): DailyChallenge {
  const date = new Date(epochMs);
  return challengeForDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}
