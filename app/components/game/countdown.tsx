import type { CSSProperties, ReactNode } from "react";

/** Seconds left as the game shows them: '0:45', '4:59'. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The last seconds, when the timer turns urgent (docs/product.md#number-pad-and-answer-entry). */
export const URGENT_SECONDS = 10;

/** How a server-driven page draws its timer (timer-reel.tsx pagedTimer): its stepping digits and its CSS timing. */
export type PagedTimer = { digits: ReactNode; style: CSSProperties };

/**
 * The time left, big, over a bar that empties as the time runs out; urgent in the last 10 seconds (red, and a
 * gentle pulse for those who have not asked for less motion). In the island the page updates it as the clock runs.
 * A server-driven page cannot tick (`paged`), so its digits step down and its bar drains by CSS from where the page
 * began, and it turns urgent by itself when the last 10 seconds come (timed by CSS from the seconds left when the
 * page was made).
 */
export function Countdown({ secondsLeft, total, paged }: { secondsLeft: number; total: number; paged?: PagedTimer }) {
  const left = Math.max(0, secondsLeft);
  const fraction = total > 0 ? Math.min(1, left / total) : 0;
  return (
    <div
      className={`timer${left <= URGENT_SECONDS ? " timer-low" : ""}${paged ? " timer-paged" : " timer-live"}`}
      style={paged?.style}
    >
      <p className="timer-text">
        <span className="timer-label">Time left</span>{" "}
        <span className="timer-value" data-testid="time-left" role="timer">
          {paged ? paged.digits : formatClock(left)}
        </span>
      </p>
      <div className="timer-bar" aria-hidden="true">
        <div className="timer-fill" style={{ width: `${(fraction * 100).toFixed(2)}%` }}>
          <div className="timer-fill-colour" />
        </div>
      </div>
    </div>
  );
}
