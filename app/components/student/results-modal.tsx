import { TickIcon } from "~/components/icons";
import { Link } from "@remix-run/react";
import { StartForm } from "~/components/game/start-form";
import { SummaryStats } from "~/components/game/result-parts";
import { WrongAnswers } from "~/components/game/wrong-answers";
import type { WrongAnswer } from "~/types/runs";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { resultMessage, type ScoreSummary } from "~/game";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/**
 * The results of a pupil's game (docs/product.md#student-game): the server's verified score, saved to their
 * progress, with Play Again (a new game at once: a GET form to the server-driven game, taken over by the game
 * in the page with JavaScript), View Progress and Back to Dashboard.
 */
export function ResultsModal({
  summary,
  onPlayAgain,
  onBack,
  busy,
  error,
  practice,
  runId,
  wrong = [],
  practise = false,
  calm = false,
  stickerMarkup,
}: {
  /** "New in your sticker book", drawn by the server (docs/product.md#sticker-book). */
  stickerMarkup?: string;
  /** A calm game: it ended after its last question, not with a clock. */
  calm?: boolean;
  summary: ScoreSummary;
  /** A practice run: said so (docs/product.md#practise-my-facts). */
  practice?: boolean;
  /** The run, and the answers it got wrong, for "The ones to practise" (docs/product.md#wrong-answers-after-a-game). */
  runId?: string;
  wrong?: readonly WrongAnswer[];
  practise?: boolean;
  onPlayAgain?: () => void;
  onBack?: () => void;
  busy?: boolean;
  error?: string;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section
      className="student-dialog student-results"
      role="dialog"
      aria-labelledby="student-results-heading"
      data-testid="results"
    >
      <p className="eyebrow">{calm ? M.allDone : M.timesUp}</p>
      <h2 id="student-results-heading" ref={heading} tabIndex={-1}>
        {resultMessage(summary.accuracy)}
      </h2>
      {practice ? (
        <p className="lead" data-testid="practice-note">
          {M.practiceNote}
        </p>
      ) : null}
      <SummaryStats summary={summary} />
      <p className="student-saved">
        <TickIcon /> {M.saved}
      </p>
      <StartForm action="/student-game/play" button={M.playAgain} onStart={onPlayAgain} busy={busy} error={error}>
        <Link to="/student-progress" className="button button-secondary">
          {M.progressCard}
        </Link>
        <Link to="/student-game" className="button button-secondary" onClick={onBack}>
          {M.back}
        </Link>
      </StartForm>
      {stickerMarkup ? <div dangerouslySetInnerHTML={{ __html: stickerMarkup }} /> : null}
      {runId ? <WrongAnswers wrong={wrong} runId={runId} action="/student-game/practice" practise={practise} /> : null}
    </section>
  );
}
