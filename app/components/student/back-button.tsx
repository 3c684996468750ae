import { Link } from "@remix-run/react";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/**
 * The pupil's back button during a game: it ends the game without saving (nothing is stored before a game's
 * finish) and returns to the dashboard. With JavaScript `onBack` drops the game in the page as well.
 */
export function BackToDashboard({ onBack }: { onBack?: () => void }) {
  return (
    <div className="student-back">
      <Link to="/student-game" className="button button-secondary" onClick={onBack} aria-describedby="back-hint">
        <span aria-hidden="true">← </span>
        {M.back}
      </Link>
      <p id="back-hint" className="student-muted">
        {M.backHint}
      </p>
    </div>
  );
}
