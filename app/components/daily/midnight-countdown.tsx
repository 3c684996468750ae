import { useEffect, useState } from "react";
import { formatCountdown, msUntilLocalMidnight } from "~/game";

/**
 * 'New Daily Challenge Starts In:' counting down to the player's local midnight. The server renders the
 * time to its own (UTC) midnight, when the challenge really changes; the browser then counts to local midnight.
 */
export function MidnightCountdown({ serverMs }: { serverMs: number }) {
  const [ms, setMs] = useState(serverMs);
  useEffect(() => {
    const tick = () => setMs(msUntilLocalMidnight(Date.now(), new Date().getTimezoneOffset()));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <section className="card next-challenge" aria-labelledby="next-challenge-heading">
      <h2 id="next-challenge-heading">New Daily Challenge Starts In:</h2>
      <p className="next-challenge-time" data-testid="next-challenge" role="timer">
        {formatCountdown(ms)}
      </p>
    </section>
  );
}
