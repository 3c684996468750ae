import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { multiplayerProblem, rngFor, type MultiplayerDifficulty, type Problem } from "../../../app/game";
import { expectConsistent, seedArb } from "./helpers";

// Spec section 9: +, - and ÷; Normal 1-9; Hard 10-99 with ÷ 1-12; Extreme 100-999 with ÷ 1-25.
const ADD: Record<MultiplayerDifficulty, [number, number]> = { Normal: [1, 9], Hard: [10, 99], Extreme: [100, 999] };
const DIVIDE: Record<MultiplayerDifficulty, [number, number]> = { Normal: [1, 9], Hard: [1, 12], Extreme: [1, 25] };
const difficulties: MultiplayerDifficulty[] = ["Normal", "Hard", "Extreme"];

const within = (n: number, [min, max]: [number, number]) => n >= min && n <= max;
const draws = (difficulty: MultiplayerDifficulty, count: number): Problem[] =>
  Array.from({ length: count }, (_, i) => multiplayerProblem(difficulty, rngFor("mp", i)));

describe("multiplayer problems", () => {
  it.each(difficulties)("%s: operands in range, answers whole, never negative", (difficulty) => {
    fc.assert(
      fc.property(seedArb, fc.nat(100_000), (seed, i) => {
        const p = multiplayerProblem(difficulty, rngFor(seed, i));
        expectConsistent(p);
        expect(Number.isInteger(p.answer)).toBe(true);
        if (p.operator === "÷") {
          expect(within(p.num2, DIVIDE[difficulty]) && within(p.answer, DIVIDE[difficulty])).toBe(true);
        } else {
          expect(["+", "-"]).toContain(p.operator);
          expect(within(p.num1, ADD[difficulty]) && within(p.num2, ADD[difficulty])).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(difficulties)("%s: uses +, - and ÷ only, reaching the ends of each range", (difficulty) => {
    const problems = draws(difficulty, 3000);
    expect(new Set(problems.map((p) => p.operator))).toEqual(new Set(["+", "-", "÷"]));
    const added = problems.filter((p) => p.operator !== "÷").flatMap((p) => [p.num1, p.num2]);
    expect([Math.min(...added), Math.max(...added)]).toEqual(ADD[difficulty]);
    const divided = problems.filter((p) => p.operator === "÷").flatMap((p) => [p.num2, p.answer]);
    expect([Math.min(...divided), Math.max(...divided)]).toEqual(DIVIDE[difficulty]);
  });
});
