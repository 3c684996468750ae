/** Seconds left as the game shows them: '0:45', '4:59'. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function Countdown({ secondsLeft, total }: { secondsLeft: number; total: number }) {
  const low = secondsLeft <= 10;
  return (
    <div className={`countdown${low ? " countdown-low" : ""}`}>
      <span className="countdown-label">Time left</span>{" "}
      <span className="countdown-value" data-testid="time-left" role="timer" aria-live="off">
        {formatClock(secondsLeft)}
      </span>
      <progress className="countdown-bar" max={total} value={Math.max(0, secondsLeft)} aria-hidden="true" />
    </div>
  );
}
