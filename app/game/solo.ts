// Solo problems (docs/product.md#difficulty-ranges).
import { addition, division, draw, multiplication, subtraction, type Range } from "./ranges";
import type { Rng } from "./prng";
import { OPERATIONS, type Operation, type Problem, type SoloDifficulty } from "./types";

/** Operands of + and -. */
export const SOLO_ADD_RANGES: Readonly<Record<SoloDifficulty, Range>> = {
  easy: { min: 1, max: 5 },
  normal: { min: 1, max: 9 },
  hard: { min: 10, max: 99 },
  extreme: { min: 10, max: 999 },
};

/** Operands of ×, and the quotient of ÷. */
export const SOLO_MULTIPLY_RANGES: Readonly<Record<SoloDifficulty, Range>> = {
  easy: { min: 1, max: 12 },
  normal: { min: 1, max: 12 },
  hard: { min: 1, max: 15 },
  extreme: { min: 1, max: 20 },
};

export const SOLO_DIVISOR_RANGE: Range = { min: 1, max: 10 };

/**
 * The chosen operations in canonical order, without repeats, so that the order in which a player
 * ticked them (or a repeated entry) never changes the problems a seed gives.
 */
export function canonicalOperations(operations: readonly Operation[]): Operation[] {
  return OPERATIONS.filter((op) => operations.includes(op));
}

export function soloProblem(difficulty: SoloDifficulty, operations: readonly Operation[], rng: Rng): Problem {
  const op = rng.pick(canonicalOperations(operations));
  const add = SOLO_ADD_RANGES[difficulty];
  const multiply = SOLO_MULTIPLY_RANGES[difficulty];
  switch (op) {
    case "+":
      return addition(draw(rng, add), draw(rng, add));
    case "-":
      return subtraction(draw(rng, add), draw(rng, add));
    case "*":
      return multiplication(draw(rng, multiply), draw(rng, multiply));
    case "/":
      return division(draw(rng, SOLO_DIVISOR_RANGE), draw(rng, multiply), "/");
  }
}
