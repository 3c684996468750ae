// A live player's run, judged by the one judge of pace (app/game/pace.ts, through verifyRun as every run is;
// docs/product.md#human-pace-and-review): at the podium, a run answered faster or more evenly than people answer is
// not placed. Pure: the game, the player and the instant are given.
// It takes the fields it reads, not the game's types, so that app/live/game.ts, which calls it, is not imported back.
import { verifyRun } from "~/game";
import type { RunSpec } from "~/game/run-spec";
import type { SubmittedAnswer } from "~/game/verify";

type PacedGame = { spec: RunSpec; seed: string; startsAt: number | null; endsAt: number | null };
type PacedPlayer = { answers: readonly SubmittedAnswer[] };

/** Whether the player's run is held for its pace (false for a run too short to judge, or none). */
export function judgeLivePace(game: PacedGame, player: PacedPlayer, now: number): boolean {
  if (game.startsAt === null || game.endsAt === null || player.answers.length === 0) return false;
  const verdict = verifyRun({
    spec: game.spec,
    seed: game.seed,
    answers: player.answers,
    startedAt: game.startsAt,
    finishedAt: Math.min(game.endsAt, now),
  });
  return verdict.ok && !verdict.pace.plausible;
}
