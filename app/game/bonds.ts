// Number bonds (docs/product.md#number-bonds; docs/decisions/0081-number-bonds-and-doubles.md): the two parts that
// make 10, 20 or 100, asked both ways round: the missing part (`7 + ? = 10`) and the take-away (`10 − 7 = ?`).
import { freshSequence } from "./fresh";
import { specOf, type AnySpec, type ProblemSequence } from "./play";
import type { Rng } from "./prng";
import type { Problem } from "./types";

/** The totals a player can pick. */
export const BOND_TOTALS = [10, 20, 100] as const;
export type BondTotal = (typeof BOND_TOTALS)[number];

/** A number-bonds game: the totals picked (at least one, in this order) and its time limit. */
export type BondsSpec = { mode: "bonds"; totals: BondTotal[]; timeLimit: number };

export function isBondTotal(value: unknown): value is BondTotal {
  return (BOND_TOTALS as readonly unknown[]).includes(value);
}

/**
 * A bond's missing part, `7 + ? = 10`, on one line with the gap where the answer goes. Stored as '7 + ? = 10', it reads
 * back as the + fact 7 + 3 (app/game/facts.ts).
 */
export function missingPart(part: number, total: number): Problem {
  return {
    num1: part,
    num2: total,
    operator: "+",
    answer: total - part,
    written: {
      text: `${part} + ? = ${total}`,
      display: `${part} + ? = ${total}`,
      spoken: `${part} plus what equals ${total}?`,
    },
  };
}

/**
 * One bond of a total, one way round: a part from 1 to the total less 1 (bonds to 100 in ones, so `37 + ? = 100`
 * comes up as well as `30 + ? = 100`), then the missing part or the take-away, each as likely.
 */
export function bondProblem(total: number, rng: Rng): Problem {
  const part = rng.int(1, total - 1);
  const other = total - part;
  if (rng.int(0, 1) === 0) return missingPart(part, total);
  return { num1: total, num2: part, operator: "-", answer: other };
}

/** Problem i of a number-bonds game: a total the player picked, then a bond of it, never one just asked. */
export function bondsSequence(spec: AnySpec, seed: string): ProblemSequence {
  const { totals } = specOf<BondsSpec>(spec, "bonds");
  // The totals in their own order, so the order they were ticked in never changes the problems a seed gives.
  const picked = BOND_TOTALS.filter((total) => totals.includes(total));
  return freshSequence(seed, (rng) => bondProblem(rng.pick(picked), rng));
}
