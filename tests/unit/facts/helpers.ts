import { applyAnswer, emptyBook, type FactBook, type FactState } from "../../../app/facts/state";
import { factKey, factsOf } from "../../../app/game/facts";

// The engine as the fact tests use it.
export { formatProblem, problemSequence } from "../../../app/game";
export { ALL_SPECS as ALL_SPECS_FOR_FACTS } from "../game/helpers";

// A practice plan's facts, answered as the plan tests need them.
export type Given = { correct: boolean; ms: number; at: number };
export const fast = (at: number): Given => ({ correct: true, ms: 1_500, at });
export const wrong = (at: number): Given => ({ correct: false, ms: 2_000, at });

/** A fact's state after these answers, in order. */
export function replay(...answers: Given[]): FactState {
  let state: FactState | undefined;
  for (const answer of answers) state = applyAnswer(state, answer);
  return state!;
}

/** Every × fact answered fluently two hours before `now` (box 1, due the next day), except the ones given. */
export function timesGridAt(now: number, entries: Record<string, FactState>): { "*": FactBook } {
  const book = emptyBook();
  for (const fact of factsOf("*")) book.facts.set(factKey(fact), replay(fast(now - 2 * 60 * 60 * 1000)));
  for (const [key, state] of Object.entries(entries)) book.facts.set(key, state);
  return { "*": book };
}
