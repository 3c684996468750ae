import { RocketIcon } from "~/components/icons";
import { Link } from "@remix-run/react";
import { StartForm } from "~/components/game/start-form";
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
  return (
    <section className="student-dialog" role="dialog" aria-labelledby="ready-heading" aria-describedby="ready-text">
      <h2 id="ready-heading" ref={heading} tabIndex={-1}>
        {M.readyHeading} <RocketIcon />
      </h2>
      <p id="ready-text" className="lead">
        {text}
      </p>
      <StartForm action="/student-game/play" button={M.go} onStart={onStart} busy={busy} error={error}>
        <Link to="/student-game" className="button button-secondary button-large">
          {M.notYet}
        </Link>
      </StartForm>
    </section>
  );
}
