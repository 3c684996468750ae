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
  bestOfPlayer: Statement;
  dayRowAtBound: Statement;
  trimDay: Statement;
};

let cached: Statements | undefined;
let cachedFor: unknown;

function statements(): Statements {
  const sqlite = db.$client;
  if (cached && cachedFor === sqlite) return cached;
  cached = {
    // The address's best rows, one past its places: rows further down are cut already. All in the partial index
    // leaderboard_bests_address: no table row is read.
    bestsOfAddress: sqlite
      .prepare(
        `SELECT rowid, cut, score, accuracy, created_at FROM leaderboard_bests WHERE board = ? AND address_key = ?
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
    bestOfPlayer: sqlite
      .prepare(
        `SELECT rowid, address_key, score, accuracy, created_at FROM leaderboard_bests WHERE board = ? AND player_key = ?`,
      )
      .raw(),
    // The address's last kept row of the day on the board (the ADDRESS_DAY_ROWS-th), off leaderboard_recent_address.
    dayRowAtBound: sqlite
      .prepare(
        `SELECT score, accuracy, created_at FROM leaderboard_recent WHERE board = ? AND address_key = ? AND created_at >= ?
         ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT 1 OFFSET ${ADDRESS_DAY_ROWS - 1}`,
      )
      .raw(),
    trimDay: sqlite.prepare(
      `DELETE FROM leaderboard_recent WHERE rowid IN (
         SELECT rowid FROM leaderboard_recent WHERE board = ? AND address_key = ? AND created_at >= ?
         ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT -1 OFFSET ${ADDRESS_DAY_ROWS})`,
    ),
  };
  cachedFor = sqlite;
  return cached;
}

/** A row's rank on a board: score, accuracy, created at (docs/product.md#one-address-five-places orders them so). */
export type Ranked = { score: number; accuracy: number; createdAt: number };

/** Whether `a` is strictly ahead of `b` in a board's order: higher score, then accuracy, then earlier. */
export function ranksAhead(a: Ranked, b: Ranked): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.accuracy !== b.accuracy) return a.accuracy > b.accuracy;
  return a.createdAt < b.createdAt;
}

type AddressBest = [rowid: number, cut: number, score: number, accuracy: number, createdAt: number];
const rankOf = ([, , score, accuracy, createdAt]: AddressBest): Ranked => ({ score, accuracy, createdAt });

/** The first ADDRESS_PLACES rows on the board, the one after them cut (the rest were cut when they fell to it). */
function keepPlaces(rows: [number, number, ...unknown[]][], setCut: Statement): void {
  rows.forEach(([id, cut], index) => {
    const wanted = index < ADDRESS_PLACES ? 0 : 1;
    if (cut !== wanted) setCut.run(wanted, id);
  });
}

/** After a visitor's best on `board` changed or left: the address's best 5 on the board, the others cut. */
export function keepBestPlaces(board: string, addressKey: number): void {
  const s = statements();
  keepPlaces(s.bestsOfAddress.all(board, addressKey) as AddressBest[], s.setBestCut);
}

/**
 * The cut flag for a visitor's best about to arrive on `board` (new, or replacing the player's own row `ownRowid`),
 * from one read of the address's best rows before it is written, so the row is written once with its flag: placed
 * while its address has fewer than 5 other rows ahead of it, and then the address's 5th other row, if it was placed,
 * is cut. Null on a full tie with that 5th row, where the order is the index's: write it cut and keepBestPlaces after.
 */
export function arrivingBestCut(
  board: string,
  addressKey: number,
  arriving: Ranked,
  ownRowid: number | null,
): 0 | 1 | null {
  const s = statements();
  const others = (s.bestsOfAddress.all(board, addressKey) as AddressBest[]).filter(([rowid]) => rowid !== ownRowid);
  // The invariant held before this row: the address's best 5 placed, others cut.
  const fifth = others[ADDRESS_PLACES - 1];
  if (!fifth) return 0;
  if (ranksAhead(rankOf(fifth), arriving)) return 1;
  if (!ranksAhead(arriving, rankOf(fifth))) return null;
  if (fifth[1] !== 1) s.setBestCut.run(1, fifth[0]);
  return 0;
}

/** After a visitor's entry on a daily challenge was added or left: the address's best 5 entries on its board. */
export function keepChallengePlaces(gameType: string, addressKey: number): void {
  const s = statements();
  keepPlaces(s.entriesOfAddress.all(gameType, addressKey) as [number, number][], s.setEntryCut);
}

/** A player's best on `board` as kept (none yet: undefined): its row, the address it came from, and its rank. */
export function bestOfPlayer(
  board: string,
  playerKey: string,
): { rowid: number; addressKey: number | null; rank: Ranked } | undefined {
  const row = statements().bestOfPlayer.get(board, playerKey) as
    [number, number | null, number, number, number] | undefined;
  if (!row) return undefined;
  const [rowid, addressKey, score, accuracy, createdAt] = row;
  return { rowid, addressKey, rank: { score, accuracy, createdAt } };
}

/**
 * Writes a visitor's row of the day on `board` (`insert`) and keeps its address's rows from `since` on to their best
 * ADDRESS_DAY_ROWS. One read of the address's last kept row decides: a row behind it would be trimmed the moment it
 * was written (the flood case, a school's hundredth game of the day), so it is not written; one ahead of it is, and
 * the row it pushes out is trimmed; with fewer kept rows there is nothing to trim.
 */
export function recordDayRow(
  board: string,
  addressKey: number,
  arriving: Ranked,
  since: number,
  insert: () => void,
): void {
  const s = statements();
  const bound = s.dayRowAtBound.get(board, addressKey, since) as [number, number, number] | undefined;
  if (bound && ranksAhead({ score: bound[0], accuracy: bound[1], createdAt: bound[2] }, arriving)) return;
  insert();
  if (bound) s.trimDay.run(board, addressKey, since);
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
