import { Form, Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { studentDifficultyLabel } from "~/game";
import type { GivableGameView, PerformanceCard, StudentCardView } from "~/types/teacher";
import { COLOUR_WORDS, EXTRA_TIME_LABELS, OPERATION_LABELS, TEACHER_MESSAGES as M } from "~/utils/teacher-messages";
import { EditStudentForm, EditStudentLink, NewCodeLink } from "~/components/school/student-forms";
import type { Reply } from "~/components/school/student-reply";
import { classPageOf } from "~/utils/school-pages";
import { ParentLinkPart } from "./parent-links";

/*
 * A student's card on the teacher dashboard (docs/product.md#teacher-performance-card): login code, settings, the
 * performance summary, and the actions Edit (the form opens in the card, a plain link), New login code (a link to
 * its confirmation step) and Delete (a confirmation page without JavaScript, the browser's confirm dialog with it).
 */

export function StudentCard({
  student,
  classId,
  games,
  editing,
  lastResult,
}: {
  student: StudentCardView;
  classId: string;
  /** The games a teacher can give (docs/decisions/0083-extra-games-per-pupil.md). */
  games: readonly GivableGameView[];
  editing: boolean;
  lastResult: Reply;
}) {
  const dashboard = classPageOf("teacher", classId);
  const headingId = `student-${student.id}-heading`;
  return (
    <article
      className="card student-card"
      id={`student-${student.id}`}
      aria-labelledby={headingId}
      data-testid="student-card"
    >
      <h3 id={headingId}>{student.name}</h3>
      <p className="student-code">
        Login code:{" "}
        <code className="login-code" data-testid="login-code">
          {student.loginCode}
        </code>
      </p>
      <dl className="student-settings">
        <div>
          <dt>Difficulty</dt>
          <dd>{studentDifficultyLabel(student.difficulty)}</dd>
        </div>
        <div>
          <dt>Operations</dt>
          <dd>{student.allowedOperations.map((op) => OPERATION_LABELS[op]).join(", ")}</dd>
        </div>
        <div>
          <dt>Times tables</dt>
          <dd>{student.timesTables.length > 0 ? student.timesTables.join(", ") : "None chosen (1 to 12)"}</dd>
        </div>
        <div>
          <dt>Extra time</dt>
          <dd>{EXTRA_TIME_LABELS[student.extraTime]}</dd>
        </div>
        <div>
          <dt>Calm mode</dt>
          <dd>{student.calm ? "On" : "Off"}</dd>
        </div>
        <div>
          <dt>More games</dt>
          <dd>{student.extraGamesWords}</dd>
        </div>
      </dl>
      <Performance performance={student.performance} />
      {editing ? (
        <EditStudentForm
          area="teacher"
          classId={classId}
          student={student}
          games={games}
          cancelTo={`${dashboard}#student-${student.id}`}
          lastResult={lastResult}
        />
      ) : (
        <div className="teacher-actions">
          <EditStudentLink area="teacher" classId={classId} student={student} />
          <NewCodeLink area="teacher" page={dashboard} student={student} />
          <DeleteAction student={student} dashboard={dashboard} />
        </div>
      )}
      {editing ? null : <ParentLinkPart student={student} dashboard={dashboard} classId={classId} />}
    </article>
  );
}

/** Delete: without JavaScript a link to the confirmation page; with it, a form that asks first. */
function DeleteAction({ student, dashboard }: { student: StudentCardView; dashboard: string }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to={`${dashboard}&delete=${encodeURIComponent(student.id)}`} className="button button-danger">
        Delete<span className="visually-hidden"> {student.name}</span>
      </Link>
    );
  }
  const confirmFirst = (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(M.deleteQuestion(student.name))) event.preventDefault();
  };
  return (
    <Form method="post" action={dashboard} onSubmit={confirmFirst}>
      <input type="hidden" name="intent" value="delete-student" />
      <input type="hidden" name="studentId" value={student.id} />
      <button type="submit" className="button button-danger">
        Delete<span className="visually-hidden"> {student.name}</span>
      </button>
    </Form>
  );
}

/** The performance summary: average score (with its colour said in words), best and latest, the last 5 games. */
function Performance({ performance }: { performance: PerformanceCard }) {
  if (performance.games === 0) {
    return (
      <div className="performance">
        <p className="performance-none">{M.noGames}</p>
      </div>
    );
  }
  const { averageScore, colour } = performance;
  return (
    <div className={`performance performance-${colour}`}>
      <p className="performance-average">
        Average score: <strong>{averageScore}%</strong>{" "}
        <span className={`colour-word colour-${colour}`}>{COLOUR_WORDS[colour]}</span>
      </p>
      <div className="progress-bar" aria-hidden="true">
        <span className="progress-fill" style={{ width: `${averageScore}%` }} />
      </div>
      <p className="performance-more">
        {performance.games} {performance.games === 1 ? "game" : "games"} · Best {performance.best}% · Latest{" "}
        {performance.latest}%
      </p>
      <h4 className="recent-heading">Recent games</h4>
      <ol className="recent-games">
        {performance.recent.map((game, i) => (
          <li key={`${game.dateTime}-${i}`}>
            <time dateTime={game.dateTime}>{game.day}</time>: {game.score} of {game.totalQuestions} right (
            {game.accuracy}%)
          </li>
        ))}
      </ol>
    </div>
  );
}
