import { TickIcon } from "~/components/icons";
import type { PupilWorkView } from "~/types/set-work";
import { SET_WORK_MESSAGES as M } from "~/utils/set-work-messages";

/*
 * The work a pupil's teacher set (docs/product.md#set-work), on the pupil's dashboard and their parents' page: what
 * it asks and by when, how far along in words and in a bar, `Done!` with a tick when done. Words first, so nothing
 * needs colour to be read.
 */

const barLabel = (work: PupilWorkView) =>
  `${work.amount} of ${work.target} ${work.unit === "games" ? (work.target === 1 ? "game" : "games") : "minutes"}`;

export function WorkList({ work, headingId }: { work: PupilWorkView[]; headingId: string }) {
  return (
    <ul className="work-list" aria-labelledby={headingId}>
      {work.map((w) => (
        <li key={w.id} className={w.done ? "work-item work-done" : "work-item"} data-testid="pupil-work">
          <p className="work-words">
            {w.words}:{" "}
            <strong>
              {w.done ? (
                <>
                  <TickIcon /> {M.doneState}
                </>
              ) : (
                w.progress
              )}
            </strong>
          </p>
          <progress className="student-bar" max={w.target} value={w.amount} aria-label={barLabel(w)} />
          <p className="work-bar-words">{barLabel(w)}</p>
          {w.note ? (
            <p className="work-note">
              {M.fromTeacher} {w.note}
            </p>
          ) : null}
          {w.ended && !w.done ? <p className="student-muted">{M.pastDue}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The pupil's dashboard's card: shown only when there is work. */
export function PupilWorkCard({ work }: { work: PupilWorkView[] }) {
  if (work.length === 0) return null;
  return (
    <section className="card student-work" aria-labelledby="work-heading" data-testid="your-work">
      <h2 id="work-heading">{M.pupilHeading}</h2>
      <WorkList work={work} headingId="work-heading" />
    </section>
  );
}
