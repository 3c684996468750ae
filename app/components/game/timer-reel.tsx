import type { CSSProperties } from "react";
import { formatClock, URGENT_SECONDS, type PagedTimer } from "./countdown";

/**
 * The digits of a page that cannot tick (no JavaScript): every second from the time left down to 0:00, one a line,
 * in a window one line high that CSS steps on by a line each second from the moment the page was made (the delay
 * is the part of the first second already gone). So the text is as true as the bar, with no script. Screen readers
 * get the time left when the page came (the reel itself is hidden from them).
 */
function TimerReel({ left }: { left: number }) {
  const seconds = Math.max(1, Math.ceil(left));
  const lines: string[] = [];
  for (let s = seconds; s >= 0; s--) lines.push(formatClock(s));
  const style = { animation: `timer-reel ${seconds}s steps(${seconds}, end) ${(left - seconds).toFixed(2)}s forwards` };
  return (
    <>
      <span className="timer-reel-window" aria-hidden="true">
        <span className="timer-reel" style={style}>
          {lines.join("\n")}
        </span>
      </span>
      <span className="visually-hidden">{formatClock(left)}</span>
    </>
  );
}

/**
 * A server-driven page's timer (Countdown's `paged`): the stepping digits, and the seconds left and the seconds
 * until the last 10 for the CSS that drains the bar and turns it urgent.
 */
export function pagedTimer(secondsLeft: number): PagedTimer {
  const left = Math.max(0, secondsLeft);
  const style = {
    "--time-left": `${left.toFixed(2)}s`,
    "--urgent-in": `${Math.max(0, left - URGENT_SECONDS).toFixed(2)}s`,
  } as CSSProperties;
  return { digits: <TimerReel left={left} />, style };
}
