import { newStickersMarkup } from "~/markup/new-stickers.server";
import type { Player } from "~/models/player.server";
import { rewardsShownTo, stickersOfRun } from "~/models/stickers.server";

/**
 * The stickers a finished run earned its player, drawn for its results (docs/product.md#sticker-book): empty when it
 * made no fact secure for the first time, or when the player's class has stickers switched off.
 */
export function runStickersMarkup(player: Player | null, runId: string): string {
  if (!player || !rewardsShownTo(player)) return "";
  const bookHref = player.kind === "student" ? "/student-stickers" : "/facts/stickers";
  return newStickersMarkup(stickersOfRun(player, runId), bookHref);
}
