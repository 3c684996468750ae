// Human pace (docs/decisions/0024-human-pace.md, amended by 0036-fair-play-against-a-reader-of-the-code.md): the
// least time a very fast person needs for one problem, and whether a run's answer times are humanly plausible. A
// run that is not is still scored and saved for its player, but held off the public boards until an admin looks;
// the top places wait for a person whatever the pace (docs/decisions/0075-top-places-checked-by-a-person.md).
import { judgeCeiling } from "./pace-ceiling";
import { fastestStretch, variationOf } from "./pace-rhythm";
import type { Problem } from "./types";

/** Seeing the problem and pressing Enter: visual encoding and one keypress, for the fastest adults. */
const SEE_AND_SUBMIT_MS = 300;
/** Each character of the answer typed: the fastest typists' keystroke interval. */
const PER_KEY_MS = 100;
/** Recalling a single-digit sum or difference, or a times-table fact. */
const FACT_MS = 100;
/** Recalling a division fact (worked back from the times table). */
const DIVISION_FACT_MS = 200;
/** Each column of a written-out sum or difference, and each carry or borrow on top. */
const COLUMN_MS = 100;
const CARRY_MS = 150;
/** Each digit-by-digit product of a multiplication beyond the tables. */
const PARTIAL_PRODUCT_MS = 250;
/** Each digit of a quotient beyond a division fact. */
const QUOTIENT_DIGIT_MS = 400;
/** A percentage of an amount (10 %, 25 %, 50 % … of a number). */
const PERCENT_MS = 300;

const digits = (n: number) => String(Math.trunc(Math.abs(n))).length;
const isWhole = (n: number) => Number.isInteger(n);
/** Money and other decimals: worked in hundredths, which adds two columns. */
const hundredths = (n: number) => (isWhole(n) ? n : Math.round(n * 100));

function columnsAndCarries(a: number, b: number, subtract: boolean): { columns: number; carries: number } {
  let x = Math.abs(hundredths(a));
  let y = Math.abs(hundredths(b));
  let columns = 0;
  let carries = 0;
  let carry = 0;
  while (x > 0 || y > 0) {
    const dx = x % 10;
    const dy = y % 10;
    if (subtract) {
      carry = dx - carry < dy ? 1 : 0;
    } else {
      carry = dx + dy + carry >= 10 ? 1 : 0;
    }
    carries += carry;
    columns += 1;
    x = Math.floor(x / 10);
    y = Math.floor(y / 10);
  }
  return { columns: Math.max(1, columns), carries };
}

function thinkingMs(problem: Problem): number {
  const { num1: a, num2: b, operator } = problem;
  switch (operator) {
    case "+":
    case "-": {
      const subtract = operator === "-";
      if (isWhole(a) && isWhole(b) && (subtract ? a <= 20 && b <= 10 : a <= 10 && b <= 10)) return FACT_MS;
      const { columns, carries } = columnsAndCarries(a, b, subtract);
      return columns * COLUMN_MS + carries * CARRY_MS;
    }
    case "*":
      if (isWhole(a) && isWhole(b) && a <= 12 && b <= 12) return FACT_MS;
      return digits(hundredths(a)) * digits(hundredths(b)) * PARTIAL_PRODUCT_MS;
    case "/":
    case "÷":
      if (isWhole(a) && isWhole(b) && b <= 12 && problem.answer <= 12) return DIVISION_FACT_MS;
      return DIVISION_FACT_MS + digits(problem.answer) * QUOTIENT_DIGIT_MS;
    case "% of":
      return PERCENT_MS + digits(b) * COLUMN_MS;
  }
}

/** The characters a player types for the answer (money with its pence). */
function answerKeys(answer: number): number {
  return isWhole(answer) ? String(answer).length : answer.toFixed(2).length;
}

/** The least time, in ms, in which a very fast person reads this problem, works it out and types its answer. */
export function minimumAnswerMs(problem: Problem): number {
  return SEE_AND_SUBMIT_MS + answerKeys(problem.answer) * PER_KEY_MS + thinkingMs(problem);
}

/** Too few right answers to judge: a short run cannot place high, and a few quick answers are luck. */
export const PACE_MIN_ANSWERS = 5;
/** Held when most right answers came faster than the fastest person could give them. */
const MEDIAN_RATIO_FLOOR = 1;
/**
 * … or when more than one or two right answers came in under half their minimum: a slip (a double press, a
 * guess) happens, a share of them is a script (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md).
 */
const FAR_BELOW_RATIO = 0.5;
const SLIPS_ALLOWED = 2;
/** … or when any 15 right answers in a row came, on average, faster than their minimums (a burst). */
const STRETCH_ANSWERS = 15;
const STRETCH_FLOOR = 1;
/** … or when the gaps are as even as a metronome: people vary from sum to sum far more than this. */
const REGULAR_MIN_ANSWERS = 10;
/** 0.05 since decision 0075: at 0.12 it held fluent children whose times vary little (σ 0.12: 1 to 2 % of runs). */
const REGULAR_CV = 0.05;

export type PaceAnswer = { problem: Problem; correct: boolean; ms: number };
export type PaceReason =
  | "faster-than-people"
  | "many-too-fast"
  | "above-human-ceiling"
  | "fast-burst"
  | "too-regular"
  /** No longer given (decision 0075: it held fluent children); kept so runs held before it still read. */
  | "machine-rhythm"
  /** Not the pace: the score would take a top place on a public board, which a person checks first (decision 0075). */
  | "top-place"
  /** Not the answers: the player had another run held in the last hour (app/runs/player-history.server.ts). */
  | "held-recently";

/**
 * What the server knows of the run besides the answers: `spanMs`, the time the answers took as the server saw it
 * (never more than its own elapsed time), the run's time limit, and whether each answer's time is the server's own
 * (the game without JavaScript) or the client's.
 */
export type PaceRun = { spanMs: number; timeLimitSeconds: number; serverTimed: boolean };

export type PaceVerdict = {
  plausible: boolean;
  reasons: PaceReason[];
  /** Over the right answers: the median of (time taken / minimum), and how even the times were. */
  medianRatio: number | null;
  variation: number | null;
  /** The right answers' time at the best person's pace over the time the run had (held from 1). */
  ceilingLoad: number | null;
  /** Whose clock timed each answer: the server's (true times) or the browser's (its report). */
  timedBy: "server" | "client" | null;
  /** Each answer's time and its minimum, in order, for the review page. */
  answers: { ms: number; minimumMs: number; correct: boolean }[];
};

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/**
 * Judges a run by the time each answer took against its problem's minimum and, given `run`, by how many right
 * answers it fitted into the time the server saw (the human ceiling). Only right answers count: a child pressing
 * keys at random answers fast and scores nothing, and a score is made of right answers.
 */
export function judgePace(answers: readonly PaceAnswer[], run?: PaceRun): PaceVerdict {
  const timed = answers.map((a) => ({ ms: a.ms, minimumMs: minimumAnswerMs(a.problem), correct: a.correct }));
  const right = timed.filter((a) => a.correct);
  if (right.length < PACE_MIN_ANSWERS) {
    return {
      plausible: true,
      reasons: [],
      medianRatio: null,
      variation: null,
      ceilingLoad: null,
      timedBy: null,
      answers: timed,
    };
  }
  const times = right.map((a) => a.ms);
  const minimums = right.map((a) => a.minimumMs);
  const ratios = right.map((a) => a.ms / a.minimumMs).sort((x, y) => x - y);
  const medianRatio = median(ratios);
  const variation = variationOf(times);
  const ceiling = run ? judgeCeiling(minimums, run.spanMs, run.timeLimitSeconds) : null;

  const reasons: PaceReason[] = [];
  if (medianRatio < MEDIAN_RATIO_FLOOR) reasons.push("faster-than-people");
  if (ratios.filter((r) => r < FAR_BELOW_RATIO).length > SLIPS_ALLOWED) reasons.push("many-too-fast");
  if (ceiling?.above) reasons.push("above-human-ceiling");
  if (fastestStretch(times, minimums, STRETCH_ANSWERS) < STRETCH_FLOOR) reasons.push("fast-burst");
  // No rule on the spread of a run's times beyond the metronome: a fluent child's steady times and a script's
  // jittered beat overlap, and the top places are checked by a person instead
  // (docs/decisions/0075-top-places-checked-by-a-person.md).
  if (right.length >= REGULAR_MIN_ANSWERS && variation < REGULAR_CV) reasons.push("too-regular");
  return {
    plausible: reasons.length === 0,
    reasons,
    medianRatio: round(medianRatio, 2),
    variation: round(variation, 3),
    ceilingLoad: ceiling ? ceiling.load : null,
    timedBy: run ? (run.serverTimed ? "server" : "client") : null,
    answers: timed,
  };
}
