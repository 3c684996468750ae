import type { ScoreSummary } from "~/game";

/** What /game/finish answers the island. `saved`: a replay by its own player, with the result already stored. */
export type FinishResponse =
  | { ok: true; runId: string; summary: ScoreSummary }
  | { ok: false; message: string; retryable: boolean; saved?: { runId: string; summary: ScoreSummary } | null };
