// A sequence that keeps away from the problems just asked: for the modes with few problems to draw from (number
// bonds to 10 have 18), so a child is not asked `7 + ? = 10` twice in a row (docs/product.md#number-bonds).
import { checkIndex, type ProblemSequence } from "./play";
import { rngFor, type Rng } from "./prng";
import type { Problem } from "./types";

/** A new problem is drawn again while it is one of this many before it. */
export const FRESH_WINDOW = 4;
/** After this many draws that all repeat, the repeat is taken, so a tiny choice never stalls. */
const MAX_DRAWS = 20;

function same(a: Problem, b: Problem): boolean {
  return a.operator === b.operator && a.num1 === b.num1 && a.num2 === b.num2 && a.written?.text === b.written?.text;
}

/**
 * Problem i from the seed's i-th generator, drawn again while it repeats one of the FRESH_WINDOW before it. Problem i
 * depends on those before it, so they are made in order and remembered: still a pure function of (seed, i).
 */
export function freshSequence(seed: string, make: (rng: Rng) => Problem): ProblemSequence {
  const made: Problem[] = [];
  return (i) => {
    checkIndex(i);
    while (made.length <= i) {
      const rng = rngFor(seed, made.length);
      const recent = made.slice(-FRESH_WINDOW);
      let problem = make(rng);
      for (let draws = 1; draws < MAX_DRAWS && recent.some((p) => same(p, problem)); draws++) problem = make(rng);
      made.push(problem);
    }
    return made[i] as Problem;
  };
}
