import { Link } from "@remix-run/react";
import { resultMessage, type ScoreSummary } from "~/game";
import type { RunStanding } from "~/types/runs";
import { AgainButton, BackToMenu, SummaryStats } from "./result-parts";
import { RunStandingNote } from "./run-standing";
import { Mascot } from "~/components/mascot";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";

/** The end of a solo game: the server's verified score, and where to go next. */
export function ResultsPanel({
  summary,
  runId,
  standing,
  onPlayAgain,
}: {
  summary: ScoreSummary;
  runId: string;
  /** The personal best and the place reached, when the game went on a board. */
  standing?: RunStanding | null;
  /**
   * In the game in the page: the start dialog reopens in place, and `View Your Results` leads to the run's page. On
   * that page (no handler) Play Again is a link.
   */
  onPlayAgain?: () => void;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="results page page-narrow" aria-labelledby="results-heading" data-testid="results">
      <Mascot mood={summary.accuracy >= 70 ? "cheer" : "happy"} />
      <h1 id="results-heading" ref={heading} tabIndex={-1}>
        {resultMessage(summary.accuracy)}
      </h1>
      <SummaryStats summary={summary} />
      {standing ? <RunStandingNote standing={standing} /> : null}
      <div className="button-row">
        <AgainButton label="Play Again" onClick={onPlayAgain} to="/game" />
        <BackToMenu />
        {/* On the results page itself the link would lead back to the same page. */}
        {onPlayAgain ? (
          <Link to={`/game/results/${runId}`} className="button button-secondary">
            View Your Results
          </Link>
        ) : null}
      </div>
      <aside className="promo" aria-labelledby="promo-heading">
        <h2 id="promo-heading">Try today’s challenge</h2>
        <p>A new puzzle set every day, with its own leaderboard.</p>
        <Link to="/daily-challenge" className="button button-accent">
          Play Daily Challenge
        </Link>
      </aside>
    </section>
  );
}
