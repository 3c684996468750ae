import { Link } from "@remix-run/react";
import type { ScoreSummary } from "~/game";

/** The end of a daily challenge: the server's verified score and where to go next. */
export function ChallengeComplete({ summary, onTryAgain }: { summary: ScoreSummary; onTryAgain?: () => void }) {
  return (
    <section className="results page page-narrow" aria-labelledby="complete-heading" data-testid="challenge-complete">
      <h1 id="complete-heading">Challenge Complete!</h1>
      <dl className="stats">
        <div className="stat">
          <dt>Score</dt>
          <dd data-testid="result-score">
            {summary.score} / {summary.totalQuestions}
          </dd>
          <dd className="stat-note">correct</dd>
        </div>
        <div className="stat">
          <dt>Accuracy</dt>
          <dd data-testid="result-accuracy">{summary.accuracy}%</dd>
        </div>
      </dl>
      <div className="button-row">
        {onTryAgain ? (
          <button type="button" className="button button-primary" onClick={onTryAgain}>
            Try Again
          </button>
        ) : (
          <Link to="/daily-challenge" className="button button-primary">
            Try Again
          </Link>
        )}
        <Link to="/" className="button button-secondary">
          Back to Menu
        </Link>
      </div>
    </section>
  );
}
