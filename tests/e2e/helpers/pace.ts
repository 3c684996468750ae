import { expect } from "@playwright/test";
import { MIN_MS_PER_ANSWER } from "../../../app/game";

/** A little over the server's floor per answer. */
export const PACE_MS = MIN_MS_PER_ANSWER + 50;

/**
 * A person's pace through one game (docs/decisions/0002-timing-floors.md): the server refuses a run whose answers
 * span less than 400 ms a gap from the first to the last. Make one per game and await it just before each answer
 * is sent. The first answer goes at once; from the second on, it waits until the answer will be PACE_MS a gap
 * after the first was seen taken (the test has seen it by then), counting what the test spent meanwhile (an
 * accessibility check, a page load), so it waits only for what is left.
 */
export function humanPace(): () => Promise<void> {
  let answers = 0;
  let firstSeenAt = 0;
  return async () => {
    answers += 1;
    if (answers === 1) return;
    if (answers === 2) firstSeenAt = Date.now();
    const due = firstSeenAt + (answers - 1) * PACE_MS;
    await expect.poll(() => Date.now(), { intervals: [25] }).toBeGreaterThanOrEqual(due);
  };
}
