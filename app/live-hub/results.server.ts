import type { LiveGame } from "~/live/game";
import { saveLiveRuns } from "~/runs/live.server";

/**
 * At the podium: the pupils' runs handed to the run service, which verifies each as every run is and writes the
 * game's pupils in one transaction (docs/product.md#live-game). Guests' runs are not kept. Each pupil whose run was
 * written gets its id (their report links to it); a run refused or not written leaves that pupil without one.
 */
export function writeResults(game: LiveGame, at: number): void {
  if (game.startsAt === null || game.endsAt === null) return;
  const players = game.players.filter(
    (player) => !player.removed && player.studentId !== null && player.answers.length > 0,
  );
  if (players.length === 0) return;
  const runIds = saveLiveRuns({
    code: game.code,
    spec: game.spec,
    seed: game.seed,
    startedAt: game.startsAt,
    finishedAt: Math.min(game.endsAt, at),
    pupils: players.map((player) => ({ studentId: player.studentId!, answers: player.answers })),
  });
  players.forEach((player, k) => {
    const runId = runIds[k];
    if (runId) player.runId = runId;
  });
}
