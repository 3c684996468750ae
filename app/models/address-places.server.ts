import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";

/*
 * One address holds at most 5 places on a public board (docs/product.md#one-address-five-places,
 * docs/decisions/0037-a-board-is-not-one-address.md). Visitors' rows carry their address's key; members' rows carry
 * none (a member is one player already) and pupils reach no public board. Kept at write time, so that no board read
 * ever walks past an address's other players:
 * - all-time boards and challenge boards: of an address's rows, the best 5 are on the board and the others are cut
 *   (`cut`, `board_cut`), read past by an index that leaves them out;
 * - the day's boards: an address keeps its best 20 rows of the day on a board, and the walk takes 5 players of them.
 */

/** Places one address holds on a public board. */
export const ADDRESS_PLACES = 5;
/** A board's rows of the last 24 hours one address keeps: its best, 4 times its places (0037 says why 20). */
export const ADDRESS_DAY_ROWS = 20;

type Statements = {
  bestsOfAddress: Statement;
  setBestCut: Statement;
  entriesOfAddress: Statement;
  setEntryCut: Statement;
  addressOfBest: Statement;
  trimDay: Statement;
};

let cached: Statements | undefined;
let cachedFor: unknown;

function statements(): Statements {
  const sqlite = db.$client;
  if (cached && cachedFor === sqlite) return cached;
  cached = {
    // The address's best rows, one past its places: rows further down are cut already.
    bestsOfAddress: sqlite
      .prepare(
        `SELECT rowid, cut FROM leaderboard_bests WHERE board = ? AND address_key = ?
         ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT ${ADDRESS_PLACES + 1}`,
      )
      .raw(),
    setBestCut: sqlite.prepare(`UPDATE leaderboard_bests SET cut = ? WHERE rowid = ?`),
    entriesOfAddress: sqlite
      .prepare(
        `SELECT id, board_cut FROM daily_leaderboard_entries WHERE game_type = ? AND address_key = ?
         ORDER BY score DESC, created_at ASC LIMIT ${ADDRESS_PLACES + 1}`,
      )
      .raw(),
    setEntryCut: sqlite.prepare(`UPDATE daily_leaderboard_entries SET board_cut = ? WHERE id = ?`),
    addressOfBest: sqlite
      .prepare(`SELECT address_key FROM leaderboard_bests WHERE board = ? AND player_key = ?`)
      .pluck(),
    trimDay: sqlite.prepare(
      `DELETE FROM leaderboard_recent WHERE rowid IN (
         SELECT rowid FROM leaderboard_recent WHERE board = ? AND address_key = ? AND created_at >= ?
         ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT -1 OFFSET ${ADDRESS_DAY_ROWS})`,
    ),
  };
  cachedFor = sqlite;
  return cached;
}

/** The first ADDRESS_PLACES rows on the board, the one after them cut (the rest were cut when they fell to it). */
function keepPlaces(rows: [number, number][], setCut: Statement): void {
  rows.forEach(([id, cut], index) => {
    const wanted = index < ADDRESS_PLACES ? 0 : 1;
    if (cut !== wanted) setCut.run(wanted, id);
  });
}

/** After a visitor's best on `board` changed or left: the address's best 5 on the board, the others cut. */
export function keepBestPlaces(board: string, addressKey: number): void {
  const s = statements();
  keepPlaces(s.bestsOfAddress.all(board, addressKey) as [number, number][], s.setBestCut);
}

/** After a visitor's entry on a daily challenge was added or left: the address's best 5 entries on its board. */
export function keepChallengePlaces(gameType: string, addressKey: number): void {
  const s = statements();
  keepPlaces(s.entriesOfAddress.all(gameType, addressKey) as [number, number][], s.setEntryCut);
}

/** The address a player's best on `board` came from, before it is replaced (null: a member's, or none yet). */
export function addressOfBest(board: string, playerKey: string): number | null {
  return (statements().addressOfBest.get(board, playerKey) as number | null | undefined) ?? null;
}

/** Keeps an address's rows of the day on `board` to its best ADDRESS_DAY_ROWS (rows from `since` on count). */
export function trimAddressDay(board: string, addressKey: number, since: number): void {
  statements().trimDay.run(board, addressKey, since);
}

/**
 * The daily walk's cap: whether a player's row (their best, met first in rank order) takes a place, counting the
 * places each address has taken in `taken`. Rows without an address (members, older entries) always do.
 */
export function takesPlace(addressKey: number | null, taken: Map<number, number>): boolean {
  if (addressKey === null) return true;
  const count = taken.get(addressKey) ?? 0;
  taken.set(addressKey, count + 1);
  return count < ADDRESS_PLACES;
}
