import { Link } from "@remix-run/react";
import { useState } from "react";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/**
 * The pupil's back button during a game (docs/product.md#student-game). Going back ends the game without saving
 * it (nothing is stored before a game's finish), so it asks first: "Leave the game?" with Stay and Leave. With
 * JavaScript (`onBack`, which drops the game in the page) the question shows here, the game going on above it;
 * without, the button leads to `askUrl`, the game's own page asking the same (LeaveGameQuestion).
 */
export function BackToDashboard({ onBack, askUrl }: { onBack?: () => void; askUrl?: string }) {
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <div className="student-back">
        <LeaveGameQuestion
          onStay={() => {
            setAsking(false);
            document.getElementById("answer")?.focus();
          }}
          onLeave={onBack}
        />
      </div>
    );
  }
  return (
    <div className="student-back">
      <Link
        to={askUrl ?? "/student-game"}
        className="button button-secondary"
        onClick={(event) => {
          if (!onBack) return;
          event.preventDefault();
          setAsking(true);
        }}
        aria-describedby="back-hint"
      >
        <span aria-hidden="true">← </span>
        {M.back}
      </Link>
      <p id="back-hint" className="student-muted">
        {M.backHint}
      </p>
    </div>
  );
}

/**
 * "Leave the game? Your score will not be saved." with Stay (back to the game: `onStay` in the page, or the game's
 * page at `stayUrl`) and Leave (to the dashboard). Its heading takes the focus when it appears in the page.
 */
export function LeaveGameQuestion({
  onStay,
  stayUrl,
  onLeave,
}: {
  onStay?: () => void;
  stayUrl?: string;
  onLeave?: () => void;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="leave-question" aria-labelledby="leave-heading">
      <h2 id="leave-heading" ref={heading} tabIndex={-1}>
        {M.leaveHeading}
      </h2>
      <p>{M.leaveText}</p>
      <div className="button-row">
        {onStay ? (
          <button type="button" className="button button-primary" onClick={onStay}>
            {M.stay}
          </button>
        ) : (
          <Link to={stayUrl ?? "/student-game"} className="button button-primary">
            {M.stay}
          </Link>
        )}
        <Link to="/student-game" className="button button-secondary" onClick={onLeave}>
          {M.leave}
        </Link>
      </div>
    </section>
  );
}
