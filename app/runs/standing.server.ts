import type { Player } from "~/auth/player.server";
import { runStanding } from "~/models/standing.server";
import type { RunStanding } from "~/types/runs";
import { now } from "~/utils/clock.server";

/**
 * Where a run just saved stands for its player (personal best, place on the board). Only a nicety: if it cannot be
 * read, the results show without it and the finish still succeeds.
 */
export function standingOf(runId: string, player: Player | null): RunStanding | null {
  try {
    return runStanding(runId, player, now());
  } catch (error) {
    console.error(`reading the standing of run ${runId} failed`, error);
    return null;
  }
}
