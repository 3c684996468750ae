import { Link } from "@remix-run/react";
import { resultMessage, type ScoreSummary } from "~/game";

/** The end of a solo game: the server's verified score, and where to go next. */
export function ResultsPanel({
  summary,
  runId,
  onPlayAgain,
}: {
  summary: ScoreSummary;
  runId: string;
  /** With JavaScript the start dialog reopens in place; without it Play Again is a link. */
  onPlayAgain?: () => void;
}) {
  return (
    <section className="results page page-narrow" aria-labelledby="results-heading" data-testid="results">
      <h1 id="results-heading">{resultMessage(summary.accuracy)}</h1>
      <dl className="stats">
        <div className="stat">
          <dt>Score</dt>
          <dd data-testid="result-score">{summary.score}</dd>
        </div>
        <div className="stat">
          <dt>Questions</dt>
          <dd data-testid="result-total">{summary.totalQuestions}</dd>
        </div>
        <div className="stat">
          <dt>Accuracy</dt>
          <dd data-testid="result-accuracy">{summary.accuracy}%</dd>
        </div>
      </dl>
      <div className="button-row">
        {onPlayAgain ? (
          <button type="button" className="button button-primary" onClick={onPlayAgain}>
            Play Again
          </button>
        ) : (
          <Link to="/game" className="button button-primary">
            Play Again
          </Link>
        )}
        <Link to="/" className="button button-secondary">
          Back to Menu
        </Link>
        <Link to={`/game/results/${runId}`} className="button button-secondary">
          View Your Results
        </Link>
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
