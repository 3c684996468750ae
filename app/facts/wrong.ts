// The answers a player got wrong in a finished game, and the facts among them (docs/product.md#wrong-answers-after-a-game).
// Pure: read from a run's stored records, so the server says what "Practise these" practises.
import { factKey, factOfStoredProblem, type FactKey } from "~/game/facts";
import { MAX_PRACTICE_FACTS } from "~/game/practice";
import type { AnswerRecord } from "~/game/score";

/** One wrong answer as the results show it: the sum as stored ('7 × 8 = ?'), what was said, the right answer. */
export type WrongAnswer = Pick<AnswerRecord, "problem" | "userAnswer" | "correctAnswer">;

/** The most wrong answers a results screen lists: a short list, kind to read. */
export const MAX_WRONG_SHOWN = 10;

export function wrongAnswersOf(records: readonly AnswerRecord[]): WrongAnswer[] {
  return records
    .filter((record) => !record.isCorrect)
    .slice(0, MAX_WRONG_SHOWN)
    .map(({ problem, userAnswer, correctAnswer }) => ({ problem, userAnswer, correctAnswer }));
}

/** The facts of the wrong answers (records as stored), each once, first missed first: a practice run's focus. */
export function wrongFactsOf(records: readonly AnswerRecord[]): FactKey[] {
  const keys: FactKey[] = [];
  for (const record of records) {
    if (record.isCorrect) continue;
    const fact = factOfStoredProblem(record.problem, record.correctAnswer);
    const key = fact && factKey(fact);
    if (key && !keys.includes(key) && keys.length < MAX_PRACTICE_FACTS) keys.push(key);
  }
  return keys;
}
