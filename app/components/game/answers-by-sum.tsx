import { formatNumber, type AnswerRecord } from "~/game";
import { AnswersCard } from "./answers-table";

/*
 * The results page's answers of a practice, a times-tables, calm or other mode's game (docs/product.md#practise-my-facts):
 * such a game asks a sum again, so each sum is listed once. Its own file: the game in the page (the island chunk,
 * which /game loads) never shows it; its card is the answer table's.
 */

/** The answers of a practice: each sum once, how many times it came and how many of those were right. */
export function AnswersBySum({ records }: { records: AnswerRecord[] }) {
  const sums = new Map<string, { times: number; right: number }>();
  for (const record of records) {
    const sum = record.problem.replace("?", formatNumber(record.correctAnswer));
    const seen = sums.get(sum) ?? { times: 0, right: 0 };
    seen.times += 1;
    if (record.isCorrect) seen.right += 1;
    sums.set(sum, seen);
  }
  return (
    <AnswersCard empty={records.length === 0} label="Your answers, sum by sum">
      <table className="answers-table">
        <thead>
          <tr>
            <th scope="col">Sum</th>
            <th scope="col">Times</th>
            <th scope="col">Right</th>
          </tr>
        </thead>
        <tbody>
          {[...sums].map(([sum, { times, right }]) => (
            <tr key={sum} className={right === times ? "answer-right" : "answer-wrong"}>
              <td>{sum}</td>
              <td>{times === 1 ? "once" : `${times} times`}</td>
              <td className="answer-mark">
                {right === times ? "✓" : "✗"} {right} of {times}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AnswersCard>
  );
}
