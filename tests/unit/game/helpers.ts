// Shared fixtures for the engine tests.
import fc from "fast-check";
import { expect } from "vitest";
import { DAILY_CHALLENGES, type Operation, type Problem, type RunSpec, type StudentOperation } from "../../../app/game";
import type { BondTotal } from "../../../app/game/bonds";

const soloOperationSets: Operation[][] = [
  ["+", "-", "*", "/"],
  ["+"],
  ["-"],
  ["*"],
  ["/"],
  ["+", "-", "*"],
  ["/", "+"],
];
const studentOperationSets: StudentOperation[][] = [
  ["addition"],
  ["subtraction"],
  ["multiplication"],
  ["division"],
  ["addition", "subtraction", "multiplication", "division"],
];

/** One spec of every mode, difficulty and challenge, with a spread of operations and tables. */
export const ALL_SPECS: RunSpec[] = [
  ...(["easy", "normal", "hard", "extreme"] as const).flatMap((difficulty) =>
    soloOperationSets.map((operations): RunSpec => ({ mode: "solo", difficulty, operations, timeLimit: 60 })),
  ),
  ...DAILY_CHALLENGES.map((challenge): RunSpec => ({ mode: "daily", challengeId: challenge.id })),
  ...(["easy", "medium", "hard"] as const).flatMap((difficulty) =>
    studentOperationSets.flatMap((operations) =>
      [[], ["7"], ["2", "5", "10"]].map((timesTables): RunSpec => ({
        mode: "student",
        difficulty,
        operations,
        timesTables,
      })),
    ),
  ),
  ...(["Normal", "Hard", "Extreme"] as const).map((difficulty): RunSpec => ({ mode: "multiplayer", difficulty })),
  ...[["*7,8"], ["*7,8", "/8,7"], ["+1,1", "-9,3", "*12,12", "/2,6", "*6,7"]].map((facts): RunSpec => ({
    mode: "practice",
    facts,
  })),
  ...(
    [
      [[7], ["*"]],
      [[7], ["/"]],
      [
        [2, 5, 10],
        ["*", "/"],
      ],
      [
        [12, 3],
        ["/", "*"],
      ],
    ] as const
  ).map(([tables, operations]): RunSpec => ({
    mode: "tables",
    tables: [...tables],
    operations: [...operations],
    timeLimit: 30,
  })),
  ...[[10], [20], [100], [10, 20, 100]].map((totals): RunSpec => ({
    mode: "bonds",
    totals: totals as BondTotal[],
    timeLimit: 60,
  })),
  ...(
    [
      [["20"], ["double"]],
      [["100"], ["halve"]],
      [["tens"], ["double", "halve"]],
      [
        ["20", "100", "tens"],
        ["double", "halve"],
      ],
    ] as const
  ).map(([ranges, operations]): RunSpec => ({
    mode: "doubles",
    ranges: [...ranges],
    operations: [...operations],
    timeLimit: 30,
  })),
];

export const specArb = fc.constantFrom(...ALL_SPECS);
export const seedArb = fc.string({ minLength: 1, maxLength: 40 });

/** Every problem is internally consistent: the answer follows from the operands, never negative. */
export function expectConsistent(p: Problem): void {
  expect(Number.isFinite(p.num1) && Number.isFinite(p.num2) && Number.isFinite(p.answer)).toBe(true);
  expect(p.num1).toBeGreaterThanOrEqual(0);
  expect(p.num2).toBeGreaterThanOrEqual(0);
  expect(p.answer).toBeGreaterThanOrEqual(0);
  switch (p.operator) {
    case "+":
      // A missing part (`7 + ? = 10`): the answer and num1 make num2.
      if (p.written) expect(p.num1 + p.answer).toBe(p.num2);
      else expect(p.answer).toBeCloseTo(p.num1 + p.num2, 9);
      break;
    case "-":
      expect(p.num1).toBeGreaterThanOrEqual(p.num2);
      expect(p.answer).toBeCloseTo(p.num1 - p.num2, 9);
      break;
    case "*":
      expect(p.answer).toBe(p.num1 * p.num2);
      break;
    case "/":
    case "÷":
      expect(p.num2).not.toBe(0);
      expect(Number.isInteger(p.answer)).toBe(true);
      expect(p.num1).toBe(p.num2 * p.answer);
      break;
    case "% of":
      expect(p.answer).toBe(Math.round((p.num1 * p.num2) / 100));
      break;
  }
}

/** The answer as a player would type it. */
export function typed(answer: number): string {
  return String(answer);
}
