import { RocketIcon } from "~/components/icons";
import { Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/**
 * The ready dialog before a pupil's game (docs/product.md#student-game). A plain GET form to the server-driven
 * game, which makes the run from the pupil's stored settings (the form sends none); with JavaScript `onStart`
 * takes over and the game runs in the page.
 */
export function ReadyDialog({
  text,
  onStart,
  busy,
  error,
}: {
  /** What the pupil's own game is: its real time, or the calm game (made on the server). */
  text: string;
  onStart?: () => void;
  busy?: boolean;
  error?: string;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  function handleSubmit(event: FormEvent) {
    if (!onStart) return;
    event.preventDefault();
    onStart();
  }
  return (
    <section className="student-dialog" role="dialog" aria-labelledby="ready-heading" aria-describedby="ready-text">
      <h2 id="ready-heading" ref={heading} tabIndex={-1}>
        {M.readyHeading} <RocketIcon />
      </h2>
      <p id="ready-text" className="lead">
        {text}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="get" action="/student-game/play" onSubmit={handleSubmit}>
        <div className="button-row">
          <button type="submit" className="button button-primary button-large" disabled={busy}>
            {busy ? "Starting…" : M.go}
          </button>
          <Link to="/student-game" className="button button-secondary button-large">
            {M.notYet}
          </Link>
        </div>
      </form>
    </section>
  );
}
