import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { problemAt, rngFor, soloProblem, type Operation, type Problem, type SoloDifficulty } from "../../../app/game";
import { expectConsistent, seedArb } from "./helpers";

// Spec section 9, written out: + and - operands, × operands (and ÷ quotients), ÷ divisor 1-10.
const ADD: Record<SoloDifficulty, [number, number]> = {
  easy: [1, 5],
  normal: [1, 9],
  hard: [10, 99],
  extreme: [10, 999],
};
const MULTIPLY: Record<SoloDifficulty, [number, number]> = {
  easy: [1, 12],
  normal: [1, 12],
  hard: [1, 15],
  extreme: [1, 20],
};
const difficulties: SoloDifficulty[] = ["easy", "normal", "hard", "extreme"];

function draws(difficulty: SoloDifficulty, operations: Operation[], count: number, seed = "solo"): Problem[] {
  return Array.from({ length: count }, (_, i) => soloProblem(difficulty, operations, rngFor(seed, i)));
}

const within = (n: number, [min, max]: [number, number]) => n >= min && n <= max;

describe("solo problems", () => {
  it.each(difficulties)("%s: every operand is in its range and every answer follows", (difficulty) => {
    fc.assert(
      fc.property(seedArb, fc.nat(100_000), (seed, i) => {
        const p = soloProblem(difficulty, ["+", "-", "*", "/"], rngFor(seed, i));
        expectConsistent(p);
        switch (p.operator) {
          case "+":
          case "-":
            expect(within(p.num1, ADD[difficulty]) && within(p.num2, ADD[difficulty])).toBe(true);
            break;
          case "*":
            expect(within(p.num1, MULTIPLY[difficulty]) && within(p.num2, MULTIPLY[difficulty])).toBe(true);
            break;
          case "/":
            expect(within(p.num2, [1, 10])).toBe(true);
            expect(within(p.answer, MULTIPLY[difficulty])).toBe(true);
            expect(Number.isInteger(p.answer)).toBe(true);
            break;
          default:
            throw new Error(`unexpected operator ${p.operator}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(difficulties)("%s: + and - reach both ends of their range", (difficulty) => {
    const operands = draws(difficulty, ["+", "-"], 4000).flatMap((p) => [p.num1, p.num2]);
    expect(Math.min(...operands)).toBe(ADD[difficulty][0]);
    expect(Math.max(...operands)).toBe(ADD[difficulty][1]);
  });

  it.each(difficulties)("%s: × reaches both ends of its range", (difficulty) => {
    const operands = draws(difficulty, ["*"], 1000).flatMap((p) => [p.num1, p.num2]);
    expect(Math.min(...operands)).toBe(MULTIPLY[difficulty][0]);
    expect(Math.max(...operands)).toBe(MULTIPLY[difficulty][1]);
  });

  it("division uses divisors 1 to 10 and whole answers, with the operator /", () => {
    const problems = draws("normal", ["/"], 1000);
    expect(new Set(problems.map((p) => p.operator))).toEqual(new Set(["/"]));
    expect(Math.min(...problems.map((p) => p.num2))).toBe(1);
    expect(Math.max(...problems.map((p) => p.num2))).toBe(10);
    for (const p of problems) expect(p.num1).toBe(p.num2 * p.answer);
  });

  it("subtraction puts the larger number first, so it is never negative", () => {
    for (const p of draws("extreme", ["-"], 2000)) {
      expect(p.operator).toBe("-");
      expect(p.num1).toBeGreaterThanOrEqual(p.num2);
      expect(p.answer).toBeGreaterThanOrEqual(0);
    }
  });

  it("uses only the chosen operations, and all of them", () => {
    const sets: Operation[][] = [["+"], ["-"], ["*"], ["/"], ["+", "*"], ["-", "/"], ["+", "-", "*", "/"]];
    for (const operations of sets) {
      const seen = new Set(draws("hard", operations, 400).map((p) => p.operator));
      expect(seen).toEqual(new Set(operations));
    }
  });

  it("does not depend on the order in which the operations were chosen", () => {
    const a = draws("normal", ["*", "+", "/"], 50);
    const b = draws("normal", ["+", "/", "*"], 50);
    expect(a).toEqual(b);
  });

  it("matches problemAt for a solo spec", () => {
    const spec = { mode: "solo", difficulty: "hard", operations: ["+", "-", "*", "/"], timeLimit: 60 } as const;
    for (let i = 0; i < 20; i++) {
      expect(problemAt({ ...spec, operations: [...spec.operations] }, "abc", i)).toEqual(
        soloProblem("hard", ["+", "-", "*", "/"], rngFor("abc", i)),
      );
    }
  });
});
