// Doubles and halves (docs/product.md#doubles-and-halves; docs/decisions/0081-number-bonds-and-doubles.md): doubling
// shown as `7 × 2 = ?` and halving as `14 ÷ 2 = ?`, as Double Trouble shows a double, to 20, to 100 or of the tens.
import { freshSequence } from "./fresh";
import { specOf, type AnySpec, type ProblemSequence } from "./play";
import type { Rng } from "./prng";
import { division, multiplication } from "./ranges";
import type { Problem } from "./types";

/** How far a game goes: answers to 20, to 100, or doubles and halves of the tens (10 to 100 doubled, 10 to 200 halved). */
export const DOUBLES_RANGES = ["20", "100", "tens"] as const;
export type DoublesRange = (typeof DOUBLES_RANGES)[number];

/** Double, halve or both, in this order. */
export const DOUBLES_OPERATIONS = ["double", "halve"] as const;
export type DoublesOperation = (typeof DOUBLES_OPERATIONS)[number];

/** A doubles-and-halves game: the ranges and operations picked (at least one of each) and its time limit. */
export type DoublesSpec = {
  mode: "doubles";
  ranges: DoublesRange[];
  operations: DoublesOperation[];
  timeLimit: number;
};

/** The numbers doubled in a range; their doubles are the numbers halved. */
export function doubledNumbers(range: DoublesRange): number[] {
  const count = range === "20" ? 10 : range === "100" ? 50 : 10;
  const step = range === "tens" ? 10 : 1;
  return Array.from({ length: count }, (_, k) => (k + 1) * step);
}

/** A double (`n × 2`) or a half (`2n ÷ 2`) of a number of the range. */
export function doublesProblem(range: DoublesRange, operation: DoublesOperation, rng: Rng): Problem {
  const n = rng.pick(doubledNumbers(range));
  return operation === "double" ? multiplication(n, 2) : division(2, n, "/");
}

/** Problem i of a doubles-and-halves game: a range and an operation picked, then a number, never a problem just asked. */
export function doublesSequence(spec: AnySpec, seed: string): ProblemSequence {
  const { ranges, operations } = specOf<DoublesSpec>(spec, "doubles");
  // In their own order, so the order they were ticked in never changes the problems a seed gives.
  const inRanges = DOUBLES_RANGES.filter((range) => ranges.includes(range));
  const ops = DOUBLES_OPERATIONS.filter((op) => operations.includes(op));
  return freshSequence(seed, (rng) => {
    const range = rng.pick(inRanges);
    return doublesProblem(range, rng.pick(ops), rng);
  });
}
