import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NewStickers } from "~/components/facts/stickers";
import { rewardsShownTo, stickersOfRun } from "~/models/stickers.server";
import type { Player } from "~/models/player.server";

/**
 * The results' "New in your sticker book" (docs/product.md#sticker-book), drawn here so that no game page carries
 * its script (the pages are at their weight budget: docs/decisions/0026-client-weight-budget.md). Empty when the run
 * made no fact secure for the first time, or the player's class has rewards switched off.
 */
export function newStickersMarkup(player: Player | null, runId: string): string {
  if (!player || !rewardsShownTo(player)) return "";
  const stickers = stickersOfRun(player, runId);
  if (stickers.length === 0) return "";
  const bookHref = player.kind === "student" ? "/student-stickers" : "/facts/stickers";
  return renderToStaticMarkup(createElement(NewStickers, { stickers, bookHref }));
}
