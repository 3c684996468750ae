import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ScoreSummary } from "~/game";

export type Stat = { label: string; value: ReactNode; testId: string; note?: string };

/** The big numbers at the end of a game. */
export function ScoreStats({ stats }: { stats: Stat[] }) {
  return (
    <dl className="stats">
      {stats.map((stat) => (
        <div className="stat" key={stat.testId}>
          <dt>{stat.label}</dt>
          <dd data-testid={stat.testId}>{stat.value}</dd>
          {stat.note ? <dd className="stat-note">{stat.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * A game's Score, Questions and Accuracy (docs/product.md#solo-results), each number's test id `{prefix}-score`,
 * `-total`, `-accuracy`: one component for the solo, refused and pupils' results, so a page showing two carries it once.
 */
export function SummaryStats({ summary, prefix = "result" }: { summary: ScoreSummary; prefix?: string }) {
  return (
    <ScoreStats
      stats={[
        { label: "Score", value: summary.score, testId: `${prefix}-score` },
        { label: "Questions", value: summary.totalQuestions, testId: `${prefix}-total` },
        { label: "Accuracy", value: `${summary.accuracy}%`, testId: `${prefix}-accuracy` },
      ]}
    />
  );
}

/** Play again: in place with JavaScript (the start dialog reopens), otherwise a link to the game's page. */
export function AgainButton({ label, onClick, to }: { label: string; onClick?: () => void; to: string }) {
  return onClick ? (
    <button type="button" className="button button-primary" onClick={onClick}>
      {label}
    </button>
  ) : (
    <Link to={to} className="button button-primary">
      {label}
    </Link>
  );
}

export function BackToMenu() {
  return (
    <Link to="/" className="button button-secondary">
      Back to Menu
    </Link>
  );
}
