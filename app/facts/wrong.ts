// The answers a player got wrong in a finished game, and the facts among them (docs/product.md#wrong-answers-after-a-game).
// Pure: read from a run's stored records, so the server says what "Practise these" practises.
import { factKey, factOfStoredProblem, type FactKey } from "~/game/facts";
import { MAX_PRACTICE_FACTS } from "~/game/practice";
import type { AnswerRecord } from "~/game/score";

/** One wrong answer as the results show it: the sum as stored ('7 × 8 = ?'), what was said, the right answer. */
export type WrongAnswer = Pick<AnswerRecord, "problem" | "userAnswer" | "correctAnswer">;

/** The most wrong answers a results screen lists: a short list, kind to read. */
export const MAX_WRONG_SHOWN = 10;

/**
 * Each sum got wrong once, first missed first, with what was said each time ("54, 48"): a practice asks the same sum
 * again, and a list that repeats it reads as more mistakes than there were sums.
 */
export function wrongAnswersOf(records: readonly AnswerRecord[]): WrongAnswer[] {
  const bySum = new Map<string, WrongAnswer & { said: string[] }>();
  for (const { problem, userAnswer, correctAnswer, isCorrect } of records) {
    if (isCorrect) continue;
    const seen = bySum.get(problem);
    if (seen) {
      if (!seen.said.includes(userAnswer)) seen.said.push(userAnswer);
    } else if (bySum.size < MAX_WRONG_SHOWN) {
      bySum.set(problem, { problem, userAnswer, correctAnswer, said: [userAnswer] });
    }
  }
  return [...bySum.values()].map(({ problem, said, correctAnswer }) => ({
    problem,
    userAnswer: said.join(", "),
    correctAnswer,
  }));
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
