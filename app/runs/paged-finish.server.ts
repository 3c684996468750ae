import { ownerOf } from "~/auth/player.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { boardAddressOf } from "./board-address.server";
import { finishRun } from "./finish.server";
import { mtcPagedCheckSeed } from "./mtc.server";
import type { PagedRun } from "./paged.server";

/**
 * A game's finish from its last page (docs/decisions/0004-server-driven-game.md), for every page by page game: the
 * finish limit, then the same verification as every game, the address counted as a game in the page counts it. A
 * refused finish of a game saved before (a replay) names that game's results page (`resultsOf`).
 */
export async function finishPagedRun(
  request: Request,
  address: string | null,
  run: PagedRun,
  resultsOf: (runId: string) => string = (runId) => `/game/results/${runId}`,
) {
  const limited = GAME_LIMITS.finish({ address, player: ownerOf(run.player) });
  if (!limited.ok) return { kind: "limited" as const, limited };
  const result = await finishRun({
    ticket: run.ticket,
    answers: run.answers,
    player: run.player,
    address: boardAddressOf(request, address),
    serverTimed: true,
    // An MTC rehearsal's check: its questions' seed, from the server's own stamp of its start.
    check: run.ticket.spec.mode === "mtc" ? checkOf(run) : null,
  });
  if (result.ok) return { kind: "saved" as const, result };
  const saved = result.status === 409 ? result.saved?.runId : undefined;
  const resultsUrl = saved ? resultsOf(saved) : undefined;
  return { kind: "refused" as const, status: result.status, message: result.message, resultsUrl };
}

function checkOf(run: PagedRun) {
  const seed = mtcPagedCheckSeed(run.ticket, run.answers);
  return seed === null ? null : { seed };
}
