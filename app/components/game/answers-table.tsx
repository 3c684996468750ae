import type { ReactNode } from "react";
import { formatNumber, type AnswerRecord } from "~/game";
import { TableScroll } from "~/components/table-scroll";

/** The card "Your answers" around a finished game's answers, or a line when it had none. */
export function AnswersCard({ empty, label, children }: { empty: boolean; label: string; children: ReactNode }) {
  return (
    <section className="card answers" aria-labelledby="answers-heading">
      <h2 id="answers-heading">Your answers</h2>
      {empty ? <p>No answers this time. Have another go!</p> : <TableScroll label={label}>{children}</TableScroll>}
    </section>
  );
}

/**
 * A finished game answer by answer, as the server checked it: each sum with its right answer, the player's answer,
 * and a tick or a cross with a word (text marks, as the play screen's feedback has: no icon to load on /game). Three
 * narrow columns, so it fits a 320 px phone; a wrong row is marked by its cross, its word and its own style, never by
 * colour alone (docs/product.md#solo-results).
 */
export function AnswersTable({ records }: { records: AnswerRecord[] }) {
  return (
    <AnswersCard empty={records.length === 0} label="Your answers, question by question">
      <table className="answers-table">
        <thead>
          <tr>
            <th scope="col">Sum</th>
            <th scope="col">You said</th>
            <th scope="col">Right or wrong</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record, i) => (
            <tr key={i} className={record.isCorrect ? "answer-right" : "answer-wrong"}>
              <td>{record.problem.replace("?", formatNumber(record.correctAnswer))}</td>
              <td>{record.userAnswer}</td>
              <td className="answer-mark">{record.isCorrect ? "✓ Right" : "✗ Wrong"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AnswersCard>
  );
}
