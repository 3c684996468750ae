import { formatNumber, type AnswerRecord } from "~/game";
import { TableScroll } from "~/components/table-scroll";

/** A finished game answer by answer, as the server checked it. */
export function AnswersTable({ records }: { records: AnswerRecord[] }) {
  return (
    <section className="card answers" aria-labelledby="answers-heading">
      <h2 id="answers-heading">Your answers</h2>
      {records.length === 0 ? (
        <p>No answers this time. Have another go!</p>
      ) : (
        <TableScroll label="Your answers, question by question">
          <table className="answers-table">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Your answer</th>
                <th scope="col">Correct answer</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {records.map((record, i) => (
                <tr key={i} className={record.isCorrect ? "answer-right" : "answer-wrong"}>
                  <td>{record.problem.replace(" = ?", "")}</td>
                  <td>{record.userAnswer}</td>
                  <td>{formatNumber(record.correctAnswer)}</td>
                  <td>{record.isCorrect ? "✓ Correct" : "✗ Wrong"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
