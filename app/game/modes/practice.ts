// Practising one's facts (docs/product.md#practise-my-facts): the facts most needed, from the player's records.
import { parseFactKey, type FactKey } from "~/game/facts";
import { MAX_PRACTICE_FACTS, PRACTICE_TIME_LIMIT, practiceSequence, type PracticeSpec } from "~/game/practice";
import {
  endsWithItsClock,
  hasExactly,
  itsMode,
  wholeAnswers,
  type ModeDefinition,
  type SpecFields,
} from "./definition";

/** A practice run's list: 1 to MAX_PRACTICE_FACTS fact keys, each a fact, no repeats. */
function factList(value: unknown): FactKey[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PRACTICE_FACTS) return null;
  const keys: FactKey[] = [];
  for (const key of value) {
    if (!parseFactKey(key) || keys.includes(key as FactKey)) return null;
    keys.push(key as FactKey);
  }
  return keys;
}

export const practiceMode: ModeDefinition<PracticeSpec> = {
  mode: "practice",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "facts"])) return null;
    const facts = factList(value.facts);
    return facts && { mode: "practice", facts };
  },
  sequence: practiceSequence,
  timeLimit: () => PRACTICE_TIME_LIMIT,
  questions: endsWithItsClock,
  check: "near",
  decimal: wholeAnswers,
  gameType: itsMode,
  // Its words are app/components/game/practice-results.tsx's PRACTICE_NOTE.
  words: null,
  // Started from a player's facts or a game's wrong answers, never chosen.
  start: null,
  page: null,
};
