import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DAILY_CHALLENGES,
  challengeForDate,
  challengeForUtcTime,
  dayOfYear,
  getChallenge,
  rngFor,
  type Problem,
} from "../../../app/game";
import { expectConsistent, seedArb } from "./helpers";

function problemsOf(id: string, count: number): Problem[] {
  const challenge = getChallenge(id);
  if (!challenge) throw new Error(`no challenge ${id}`);
  return Array.from({ length: count }, (_, i) => challenge.generate(rngFor("daily-test", i)));
}

const within = (n: number, min: number, max: number) => n >= min && n <= max;

describe("the 8 daily challenges", () => {
  it("are, in order, with their time limits", () => {
    expect(DAILY_CHALLENGES.map((c) => [c.title, c.timeLimit])).toEqual([
      ["Even Steven", 60],
      ["Multiplication Marathon", 45],
      ["Speed Demon", 30],
      ["Money Matters", 60],
      ["Percentage Power", 60],
      ["Division Delight", 60],
      ["Double Trouble", 45],
      ["Teen Trouble", 60],
    ]);
  });

  it("have stable kebab-case ids, a description and a difficulty", () => {
    expect(DAILY_CHALLENGES.map((c) => c.id)).toEqual([
      "even-steven",
      "multiplication-marathon",
      "speed-demon",
      "money-matters",
      "percentage-power",
      "division-delight",
      "double-trouble",
      "teen-trouble",
    ]);
    for (const c of DAILY_CHALLENGES) {
      expect(c.description.length).toBeGreaterThan(10);
      expect(["easy", "medium", "hard"]).toContain(c.difficulty);
      expect(getChallenge(c.id)).toBe(c);
    }
    expect(getChallenge("nope")).toBeUndefined();
  });

  it("every challenge makes consistent problems for any seed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DAILY_CHALLENGES), seedArb, fc.nat(10_000), (challenge, seed, i) => {
        expectConsistent(challenge.generate(rngFor(seed, i)));
      }),
      { numRuns: 800 },
    );
  });

  it("Even Steven: even operands 2-20 for + and -, 2-10 for ×", () => {
    const problems = problemsOf("even-steven", 600);
    expect(new Set(problems.map((p) => p.operator))).toEqual(new Set(["+", "-", "*"]));
    for (const p of problems) {
      expect(p.num1 % 2).toBe(0);
      expect(p.num2 % 2).toBe(0);
      const max = p.operator === "*" ? 10 : 20;
      expect(within(p.num1, 2, max) && within(p.num2, 2, max)).toBe(true);
    }
    const sums = problems.filter((p) => p.operator !== "*").flatMap((p) => [p.num1, p.num2]);
    expect([Math.min(...sums), Math.max(...sums)]).toEqual([2, 20]);
    const products = problems.filter((p) => p.operator === "*").flatMap((p) => [p.num1, p.num2]);
    expect([Math.min(...products), Math.max(...products)]).toEqual([2, 10]);
  });

  it("Multiplication Marathon: 1-12 × 1-12", () => {
    const problems = problemsOf("multiplication-marathon", 600);
    for (const p of problems) {
      expect(p.operator).toBe("*");
      expect(within(p.num1, 1, 12) && within(p.num2, 1, 12)).toBe(true);
    }
    const operands = problems.flatMap((p) => [p.num1, p.num2]);
    expect([Math.min(...operands), Math.max(...operands)]).toEqual([1, 12]);
  });

  it("Speed Demon: + or - with operands 1-20 and a non-negative result", () => {
    const problems = problemsOf("speed-demon", 600);
    expect(new Set(problems.map((p) => p.operator))).toEqual(new Set(["+", "-"]));
    for (const p of problems) {
      expect(within(p.num1, 1, 20) && within(p.num2, 1, 20)).toBe(true);
      expect(p.answer).toBeGreaterThanOrEqual(0);
    }
  });

  it("Money Matters: + or - with amounts up to 99.99, exact to 2 decimals, never negative", () => {
    const problems = problemsOf("money-matters", 1000);
    expect(new Set(problems.map((p) => p.operator))).toEqual(new Set(["+", "-"]));
    const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
    for (const p of problems) {
      for (const n of [p.num1, p.num2]) {
        expect(within(n, 0.01, 99.99)).toBe(true);
        expect(twoDecimals(n)).toBe(true);
        expect(Number.isInteger(n)).toBe(false);
      }
      expect(twoDecimals(p.answer)).toBe(true);
      expect(p.answer).toBeGreaterThanOrEqual(0);
      const exact = p.operator === "+" ? p.num1 + p.num2 : p.num1 - p.num2;
      expect(p.answer).toBe(Math.round(exact * 100) / 100);
    }
  });

  it("Percentage Power: 10, 25, 50, 20 or 75 percent of a base 10-209, rounded", () => {
    const problems = problemsOf("percentage-power", 1000);
    expect(new Set(problems.map((p) => p.num1))).toEqual(new Set([10, 25, 50, 20, 75]));
    for (const p of problems) {
      expect(p.operator).toBe("% of");
      expect(within(p.num2, 10, 209)).toBe(true);
      expect(p.answer).toBe(Math.round((p.num1 * p.num2) / 100));
    }
    const bases = problems.map((p) => p.num2);
    expect([Math.min(...bases), Math.max(...bases)]).toEqual([10, 209]);
  });

  it("Division Delight: whole division with divisor 1-12 and quotient 1-20, shown with ÷", () => {
    const problems = problemsOf("division-delight", 1000);
    for (const p of problems) {
      expect(p.operator).toBe("÷");
      expect(within(p.num2, 1, 12) && within(p.answer, 1, 20)).toBe(true);
      expect(p.num1).toBe(p.num2 * p.answer);
    }
    expect(Math.max(...problems.map((p) => p.num2))).toBe(12);
    expect(Math.max(...problems.map((p) => p.answer))).toBe(20);
  });

  it("Double Trouble: double a number 1-50, as n × 2", () => {
    const problems = problemsOf("double-trouble", 600);
    for (const p of problems) {
      expect(p.operator).toBe("*");
      expect(p.num2).toBe(2);
      expect(within(p.num1, 1, 50)).toBe(true);
      expect(p.answer).toBe(p.num1 * 2);
    }
    const numbers = problems.map((p) => p.num1);
    expect([Math.min(...numbers), Math.max(...numbers)]).toEqual([1, 50]);
  });

  it("Teen Trouble: operands 10-19, or 10-14 for ×", () => {
    const problems = problemsOf("teen-trouble", 600);
    expect(new Set(problems.map((p) => p.operator))).toEqual(new Set(["+", "-", "*"]));
    for (const p of problems) {
      const max = p.operator === "*" ? 14 : 19;
      expect(within(p.num1, 10, max) && within(p.num2, 10, max)).toBe(true);
    }
  });
});

describe("the challenge of the day", () => {
  it("counts 1 January as day 1", () => {
    expect(dayOfYear(2025, 1, 1)).toBe(1);
    expect(dayOfYear(2025, 2, 1)).toBe(32);
    expect(dayOfYear(2024, 3, 1)).toBe(61);
    expect(dayOfYear(2025, 3, 1)).toBe(60);
    expect(dayOfYear(2023, 12, 31)).toBe(365);
    expect(dayOfYear(2024, 12, 31)).toBe(366);
  });

  it("picks day of year modulo 8 in the list", () => {
    expect(challengeForDate(2025, 1, 1).title).toBe("Multiplication Marathon"); // 1 % 8 = 1
    expect(challengeForDate(2025, 1, 7).title).toBe("Teen Trouble"); // 7
    expect(challengeForDate(2025, 1, 8).title).toBe("Even Steven"); // 8 % 8 = 0
    expect(challengeForDate(2025, 1, 9).title).toBe("Multiplication Marathon"); // 9 % 8 = 1
    expect(challengeForDate(2023, 12, 31).title).toBe("Division Delight"); // 365 % 8 = 5
    expect(challengeForDate(2024, 12, 31).title).toBe("Double Trouble"); // 366 % 8 = 6 (leap year)
  });

  it("gives each challenge on one day in every 8 consecutive days", () => {
    const titles = Array.from({ length: 8 }, (_, k) => challengeForDate(2025, 3, 1 + k).title);
    expect(new Set(titles).size).toBe(8);
  });

  it("refuses dates that do not exist", () => {
    expect(() => dayOfYear(2025, 2, 29)).toThrow(RangeError);
    expect(() => dayOfYear(2025, 13, 1)).toThrow(RangeError);
    expect(() => dayOfYear(2025, 0, 1)).toThrow(RangeError);
    expect(() => challengeForDate(2025, 4, 31)).toThrow(RangeError);
    expect(dayOfYear(2024, 2, 29)).toBe(60);
  });

  it("uses the UTC date of an instant", () => {
    expect(challengeForUtcTime(Date.UTC(2025, 0, 1, 0, 0)).title).toBe("Multiplication Marathon");
    expect(challengeForUtcTime(Date.UTC(2025, 0, 1, 23, 59, 59)).title).toBe("Multiplication Marathon");
    expect(challengeForUtcTime(Date.UTC(2025, 0, 8, 12)).title).toBe("Even Steven");
  });
});
