/**
 * A visitor with a practised times-tables grid and its stickers, for the pages bench's pair /facts and
 * /facts/stickers (docs/product.md#sticker-book: the book costs no more than the map it mirrors):
 * `node --import tsx bench/lib/sticker-book-seed.ts`, with the bench server's environment (its database and secret).
 * Prints `{ "cookie": … }` as JSON.
 *
 * Every × fact met, at every level, made by the pure fold from a seeded term of answers; a sticker for each fact that
 * was ever secure along the way, so some have slipped since ("time to practise").
 */
import { getOrCreatePlayer } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { factRecords, factStickers } from "~/db/schema";
import { encodeBook } from "~/facts/codec";
import { applyToBook, emptyBook, levelOf, type FactAnswer } from "~/facts/state";
import { factKey, factsOf, type FactKey } from "~/game/facts";
import { rngFromString } from "~/game";

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 9, 1, 9, 0);
const next = rngFromString("sticker-book-seed").next;

const { player, headers } = await getOrCreatePlayer(new Request("http://localhost/"));
if (player.kind !== "anon") throw new Error("no visitor");
let book = emptyBook();
const stickers = new Map<FactKey, number>();
for (let day = 0; day < 40; day += 1) {
  const at = START + day * DAY;
  const answers: FactAnswer[] = factsOf("*")
    .filter(() => next() < 0.4)
    .map((fact, i) => {
      const correct = next() < 0.85;
      return { key: factKey(fact), op: "*", correct, ms: correct ? 900 + next() * 2_600 : 4_000, at: at + i * 3_000 };
    });
  book = applyToBook(book, answers);
  for (const answer of answers)
    if (!stickers.has(answer.key) && levelOf(book.facts.get(answer.key)) === "secure") stickers.set(answer.key, at);
}
db.insert(factRecords)
  .values({ anonId: player.anonId, op: "*", data: encodeBook(book), updatedAt: START + 40 * DAY })
  .run();
for (const [fact, earnedAt] of stickers)
  db.insert(factStickers).values({ anonId: player.anonId, fact, earnedAt }).run();
const cookie = headers.get("Set-Cookie")!.split(";")[0];
console.log(JSON.stringify({ cookie, stickers: stickers.size }));
