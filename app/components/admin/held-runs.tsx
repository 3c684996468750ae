import { Form, Link } from "@remix-run/react";
import type { HeldRunView } from "~/types/admin";
import { confirmStepOf } from "~/components/forms/confirm-step";
import { REVIEW_SECTION } from "~/utils/admin-messages";
import { REVIEW_MESSAGES as M } from "~/utils/review-messages";

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The review queue (docs/decisions/0024-human-pace.md): each held score with who played it, why it was held and
 * its answer times against the fastest a person could answer each problem, Release (a plain form) and Reject (a
 * link to its confirmation step).
 */
export function HeldRuns({ runs, total, next }: { runs: HeldRunView[]; total: number; next: string | null }) {
  if (runs.length === 0) return <p>{M.empty}</p>;
  return (
    <>
      <p>{M.intro}</p>
      <p>
        <strong>{total}</strong> {total === 1 ? "score is" : "scores are"} waiting.
      </p>
      <ol className="held-runs">
        {runs.map((run) => (
          <li key={run.runId} className="held-run">
            <h2 className="held-run-title">
              {run.player}: {run.score}/{run.totalQuestions} ({run.accuracy}%), {run.board}
            </h2>
            <p className="held-run-when">
              Played {run.playedAt} (UTC), run <code>{run.runId}</code>
            </p>
            <ul>
              {run.reasons.map((reason) => (
                <li key={reason}>{M.reasons[reason]}</li>
              ))}
            </ul>
            <p>
              Right answers took a median of <strong>{run.medianRatio ?? "–"}×</strong> the fastest time a person needs;
              their timing varied by <strong>{run.variation ?? "–"}</strong> (people: about 0.3 or more).
              {run.ceilingLoad === null ? null : (
                <>
                  {" "}
                  At the fastest people's pace they would need <strong>{run.ceilingLoad}×</strong> the time the game had
                  (held from 1).
                </>
              )}
              {run.timedBy === null ? null : ` ${M.timedBy[run.timedBy]}`}
            </p>
            <details>
              <summary>Answer times</summary>
              <table className="held-run-times">
                <caption className="visually-hidden">Each answer's time against the fastest a person needs</caption>
                <thead>
                  <tr>
                    <th scope="col">Answer</th>
                    <th scope="col">Time</th>
                    <th scope="col">Fastest for a person</th>
                    <th scope="col">Right?</th>
                  </tr>
                </thead>
                <tbody>
                  {run.answers.map((answer, i) => (
                    <tr key={i} className={answer.ms < answer.minimumMs ? "too-fast" : undefined}>
                      <td>{i + 1}</td>
                      <td>{seconds(answer.ms)}</td>
                      <td>{seconds(answer.minimumMs)}</td>
                      <td>{answer.correct ? "Yes" : "No"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
            <Form method="post" className="held-run-actions">
              <input type="hidden" name="runId" value={run.runId} />
              <button type="submit" name="intent" value="release" className="button">
                Release to the leaderboard
              </button>
              <Link to={confirmStepOf(REVIEW_SECTION.path, "reject", run.runId)} className="button button-secondary">
                Reject
              </Link>
            </Form>
          </li>
        ))}
      </ol>
      {next ? (
        <p>
          <Link to={`?after=${encodeURIComponent(next)}`}>Next page</Link>
        </p>
      ) : null}
    </>
  );
}
