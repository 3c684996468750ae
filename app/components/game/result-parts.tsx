import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

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
