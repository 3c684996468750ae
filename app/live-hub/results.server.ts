import { config } from "~/config.server";
import { isPrimaryInstance } from "~/db/litefs.server";
import type { LiveGame } from "~/live/game";
import { saveLiveRuns, type LiveRound } from "~/runs/live.server";
import { timeOrderedId } from "~/utils/signing.server";
import { askPrimary } from "./primary-link.server";

/**
 * At the podium: the pupils' runs handed to the run service, which verifies each as every run is and writes the
 * game's pupils in one transaction (docs/product.md#live-game). Guests' runs are not kept. Each pupil whose run was
 * written gets its id (their report links to it); a run refused or not written leaves that pupil without one.
 * On a machine that is not the primary the round is sent there, its run ids chosen here so that a retry never
 * writes twice (docs/decisions/0088-live-games-on-every-machine.md); the ids arrive a moment after the podium.
 */
export function writeResults(game: LiveGame, at: number): void {
  if (game.startsAt === null || game.endsAt === null) return;
  const players = game.players.filter(
    (player) => !player.removed && player.studentId !== null && player.answers.length > 0,
  );
  if (players.length === 0) return;
  const elsewhere = config.liveMachine !== undefined && !isPrimaryInstance();
  const round: LiveRound = {
    code: game.code,
    spec: game.spec,
    seed: game.seed,
    startedAt: game.startsAt,
    finishedAt: Math.min(game.endsAt, at),
    pupils: players.map((player) => ({
      studentId: player.studentId!,
      answers: player.answers,
      ...(elsewhere ? { runId: timeOrderedId() } : {}),
    })),
  };
  const given = (runIds: readonly (string | null)[]) =>
    players.forEach((player, k) => {
      const runId = runIds[k];
      if (runId) player.runId = runId;
    });
  if (!elsewhere) return given(saveLiveRuns(round));
  // A copy: the game may play again while the primary is away, and every retry must send the same round.
  void askPrimary({ op: "results", round: structuredClone(round) }).then((answer) => {
    if (answer.ok && answer.runIds) given(answer.runIds);
    else console.error(`live game ${game.code}: the results could not be written on the primary`);
  });
}
