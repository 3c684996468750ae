import type { SubmittedAnswer } from "~/game";

/*
 * The server's own record of each running no-JavaScript game's answers (docs/decisions/0004-server-driven-game.md):
 * the pages carry the answers sealed, so an earlier page (Back) is still a genuine state; this record lets each
 * answer index be answered once and makes the newest state the one that counts, whatever page is posted.
 *
 * In this process's memory, like the rate limiter's counters (docs/decisions/0013-one-rate-limiter.md): every
 * POST reaches the primary on Fly, so one process sees a game's every answer. A restart loses the record, and the
 * game then goes on from what its page carries.
 */

/** Kept this long after a game's deadline (a child may press "See My Results" late); later finishes are refused. */
export const PROGRESS_KEPT_AFTER_DEADLINE_MS = 60 * 60_000;
/** Games remembered at most: past that the oldest go first (a flood of starts cannot grow memory). */
const MAX_GAMES = 50_000;

const progress = new Map<string, { answers: SubmittedAnswer[]; until: number }>();

/** Remembers a game's answers after one more was taken. */
export function recordPagedAnswers(runId: string, answers: SubmittedAnswer[], deadline: number, at: number): void {
  progress.delete(runId);
  progress.set(runId, { answers, until: deadline + PROGRESS_KEPT_AFTER_DEADLINE_MS });
  // Oldest first in insertion order: drop what has expired from the front, and anything over the cap.
  for (const [id, record] of progress) {
    if (progress.size <= MAX_GAMES && record.until >= at) break;
    progress.delete(id);
  }
}

/** The answers this process has taken for a game, if it remembers it. */
export function recordedPagedAnswers(runId: string, at: number): SubmittedAnswer[] | undefined {
  const record = progress.get(runId);
  if (!record) return undefined;
  if (record.until < at) {
    progress.delete(runId);
    return undefined;
  }
  return record.answers;
}

/** Tests only: forget every game (a restart). */
export function forgetPagedAnswers(): void {
  progress.clear();
}
