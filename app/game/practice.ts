// The problems of a practice run, from the list of facts it works on (most needed first; app/facts/plan.ts chooses
// them from the player's records) and the seed (docs/decisions/0050-facts-and-spaced-practice.md). The run goes in
// rounds, in a seeded order where a fact never follows itself. A list of up to 20 facts: in each round the first third
// comes three times, the second third twice and the rest once, so the facts a player needs most come back most. A
// longer list, more than a minute holds: each fact once a round (0096-practice-once-a-round.md).
import { factProblem, parseFactKey, type Fact, type FactKey } from "./facts";
import { checkIndex, specOf, type AnySpec, type ProblemSequence, type RunPlay } from "./play";
import { rngFor } from "./prng";
import type { Problem } from "./types";

/** The facts a practice run works on, most needed first (docs/product.md#practise-my-facts). */
export type PracticeSpec = { mode: "practice"; facts: FactKey[] };

/** A practice run lasts a minute, as a pupil's game does. */
export const PRACTICE_TIME_LIMIT = 60;
/** The most facts one practice run may list (a token carries the list). */
export const MAX_PRACTICE_FACTS = 24;

/**
 * A list of more facts than this, more than a minute holds, comes once a round: every fact before any comes again
 * (docs/decisions/0096-practice-once-a-round.md).
 */
export const WEIGHTED_MAX = 20;

/**
 * How often each place in the list comes per round: the first third three times, the second twice, the rest once;
 * a list of one or two facts, or of more than WEIGHTED_MAX, takes turns, once each.
 */
export function practiceWeight(position: number, count: number): number {
  if (count < 3 || count > WEIGHTED_MAX) return 1;
  const third = Math.ceil(count / 3);
  if (position < third) return 3;
  if (position < 2 * third) return 2;
  return 1;
}

/** Whether cards of these counts can be laid out with no two alike in a row, the first not being `previous`. */
function canSpread(counts: readonly number[], previous: number | undefined): boolean {
  const total = counts.reduce((sum, n) => sum + n, 0);
  return counts.every((n, card) => n <= (card === previous ? Math.floor(total / 2) : Math.ceil(total / 2)));
}

/**
 * One round: each place in the list as often as its weight, drawn one by one by the round's own generator, never the
 * card just drawn, and never one that would leave the rest unable to avoid a repeat.
 */
function round(count: number, seed: string, index: number, before: number | undefined): number[] {
  const counts = Array.from({ length: count }, (_, position) => practiceWeight(position, count));
  // The round's generator is the seed's generator for "problem" -1 - index: never one a problem of any mode uses.
  const rng = rngFor(seed, -1 - index);
  const cards: number[] = [];
  let previous = before;
  for (let left = counts.reduce((sum, n) => sum + n, 0); left > 0; left--) {
    const allowed = (card: number) => {
      if (counts[card] === 0 || card === previous) return false;
      const after = counts.slice();
      after[card] = (after[card] as number) - 1;
      return canSpread(after, card);
    };
    let choices = counts.map((_, card) => card).filter(allowed);
    // Only a list of one fact (or a round that must repeat) gets here with no choice: take any card left.
    if (choices.length === 0) choices = counts.map((_, card) => card).filter((card) => counts[card] !== 0);
    const weights = choices.map((card) => counts[card] as number);
    let ticket = rng.next() * weights.reduce((sum, n) => sum + n, 0);
    let chosen = choices[choices.length - 1] as number;
    for (let k = 0; k < choices.length; k++) {
      ticket -= weights[k] as number;
      if (ticket < 0) {
        chosen = choices[k] as number;
        break;
      }
    }
    counts[chosen] = (counts[chosen] as number) - 1;
    cards.push(chosen);
    previous = chosen;
  }
  return cards;
}

/** The facts of a list of keys; a RangeError for a key that is not a fact (the spec was checked before). */
export function practiceFacts(keys: readonly FactKey[]): Fact[] {
  if (keys.length === 0) throw new RangeError("A practice run needs at least one fact");
  return keys.map((key) => {
    const fact = parseFactKey(key);
    if (!fact) throw new RangeError(`Not a fact: ${key}`);
    return fact;
  });
}

export function practiceSequenceOf(keys: readonly FactKey[], seed: string): ProblemSequence {
  const problems: Problem[] = practiceFacts(keys).map((fact) => factProblem(fact));
  const order: number[] = [];
  let rounds = 0;
  return (i) => {
    checkIndex(i);
    while (order.length <= i) order.push(...round(problems.length, seed, rounds++, order[order.length - 1]));
    return problems[order[i] as number] as Problem;
  };
}

/** A practice run's problems: its list of facts, in the seed's rounds. */
export function practiceSequence(spec: AnySpec, seed: string): ProblemSequence {
  return practiceSequenceOf(specOf<PracticeSpec>(spec, "practice").facts, seed);
}

/** What a practice page's game needs: whole-number answers, a minute (docs/product.md#practise-my-facts). */
export function practicePlay(spec: AnySpec, seed: string): RunPlay {
  return { problems: practiceSequence(spec, seed), limitSeconds: PRACTICE_TIME_LIMIT, decimal: false };
}
