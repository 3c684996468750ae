import type { ScoreSummary } from "~/game";

/* Shapes that travel between the server's game routes and the pages and components that show them. */

/**
 * What /game/finish answers the island. `held`: saved, but kept off the boards until it has been checked
 * (docs/decisions/0024-human-pace.md). `saved`: a replay by its own player, with the result already stored.
 */
export type FinishResponse =
  | { ok: true; runId: string; summary: ScoreSummary; held?: boolean }
  | { ok: false; message: string; retryable: boolean; saved?: { runId: string; summary: ScoreSummary } | null };

/** A daily challenge as the pages show it. */
export type ChallengeInfo = { id: string; title: string; description: string; timeLimit: number };
