import type { Player } from "~/auth/player.server";
import { stickerBookView } from "~/facts/stickers";
import { factBooksOf } from "~/models/fact-records.server";
import { stickersOf } from "~/models/stickers.server";
import { now } from "~/utils/clock.server";

/*
 * What a sticker book page reads (docs/product.md#sticker-book), for the members' and visitors' /facts/stickers and
 * the pupils' /student-stickers alike: the player's stickers laid out on the grid `?op=` asks for, as of now. No
 * player (a visitor who never played): an empty book, and no player made.
 */
export function stickerBookData(player: Player | null, request: Request) {
  const asked = new URL(request.url).searchParams.get("op");
  const at = now();
  const book = player
    ? stickerBookView(stickersOf(player), factBooksOf(player), asked, at)
    : stickerBookView([], {}, asked, at);
  return { book, now: at };
}
