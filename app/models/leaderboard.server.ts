import type { Statement } from "better-sqlite3";
import {
  TOP_PLACES,
  isTimeLimit,
  normalizeGameType,
  openScore,
  takesTopPlace,
  type TimeLimit,
  type TopPlaceKind,
} from "~/game";
import { db } from "~/db/client.server";
import { KeptReads, type TimedRead } from "~/db/kept-reads.server";
import { isOwnRow, type Player } from "./player.server";
import { claimVisitorFacts, memberHasFactHistory } from "./fact-records.server";
import { now } from "~/utils/clock.server";
import { newMemberAddressKey } from "./users.server";
import {
  arrivingBestCut,
  bestOfPlayer,
  keepBestPlaces,
  keepChallengePlaces,
  ranksAhead,
  recordDayRow,
  takesPlace,
} from "./address-places.server";

import { BOARDS, type Board, type BoardRow, type Period } from "~/types/leaderboard";
import { HOME_PANEL, type PanelBoard } from "~/utils/board-names";

export { BOARDS, PERIODS, type Board, type BoardRow, type Period } from "~/types/leaderboard";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows stay in the recent table a little longer than the window, so pruning never races a read. */
export const RECENT_KEEP_MS = DAY_MS + 60 * 60 * 1000;
/**
 * Aged recent rows a finish deletes: a few more than the two it adds, so an ordinary day keeps the table to its
 * window, while a backlog (after a pause of hours) is left to the hourly housekeeping in batches, not paid for by
 * the first players back (docs/decisions/0021-housekeeping-on-the-primary.md).
 */
export const PRUNE_PER_ENTRY = 8;

export function boardOf(gameType: string): Board | null {
  const normal = normalizeGameType(gameType);
  return (BOARDS as readonly string[]).includes(normal) ? (normal as Board) : null;
}

/**
 * The board rows an entry makes (docs/decisions/0025-board-time-tabs.md): its board ("All"), and the board of its
 * time limit when it has one, so each time tab is one index walk like "All".
 */
export function boardKeysOf(board: Board, timeLimit: number | null | undefined): string[] {
  return isTimeLimit(timeLimit) ? [board, timeTabKey(board, timeLimit)] : [board];
}

/** The board key of a time tab: `normal:30`. */
export function timeTabKey(board: Board, timeLimit: TimeLimit): string {
  return `${board}:${timeLimit}`;
}

export type NewEntry = {
  score: number;
  totalQuestions: number;
  accuracy: number;
  gameType: string;
  username: string | null;
  userId: string | null;
  anonId: string | null;
  runId: string | null;
  /**
   * A visitor's address's key (addressKeyOf): one address holds at most 5 places on a board
   * (docs/product.md#one-address-five-places). Ignored for a member's entry, who counts by account.
   */
  addressKey?: number | null;
  /** The game's time limit in seconds; none for entries older than the boards' time tabs. */
  timeLimit?: number | null;
  createdAt: number;
};

/** A name that counts as a player's identity on the boards: not empty and not the anonymous placeholder. */
function namedPlayer(username: string | null): string | null {
  const name = username?.trim();
  return name && name !== "Anonymous" ? name : null;
}

/**
 * One entry per player: keyed by user id, else by the visitor's anonymous-player id (one browser is one player, so
 * it cannot fill a board), else by a real username, else by the entry itself (docs/product.md#one-entry-per-player).
 */
export function playerKeyOf(
  entry: { userId: string | null; username: string | null; anonId?: string | null },
  entryId: number,
): string {
  if (entry.userId) return `u:${entry.userId}`;
  if (entry.anonId) return `a:${entry.anonId}`;
  const name = namedPlayer(entry.username);
  return name ? `n:${name}` : `e:${entryId}`;
}

export function displayName(username: string | null): string {
  return namedPlayer(username) ?? "Anonymous Player";
}

type Statements = {
  anonEntries: Statement;
  claimEntries: Statement;
  claimRuns: Statement;
  dropBest: Statement;
  rekeyRecent: Statement;
  insertEntry: Statement;
  upsertBest: Statement;
  insertRecent: Statement;
  pruneRecent: Statement;
  dailyWalk: Statement;
  allTimeTop: Statement;
  entryDetails: Statement;
  challengeTop: Statement;
  latestId: Statement;
  newestPerGameType: Statement;
  dailyPlaces: Statement;
  allTimePlaces: Statement;
  challengePlaces: Statement;
};

let cached: Statements | undefined;
function statements(): Statements {
  if (cached) return cached;
  const sqlite = db.$client;
  const rankOrder = "score DESC, accuracy DESC, created_at ASC";
  cached = {
    anonEntries: sqlite.prepare(
      `SELECT id, game_type AS gameType, score, accuracy, time_limit AS timeLimit, created_at AS createdAt,
              address_key AS addressKey
       FROM daily_leaderboard_entries WHERE anon_id = ? AND user_id IS NULL`,
    ),
    claimEntries: sqlite.prepare(
      `UPDATE daily_leaderboard_entries SET user_id = @userId, username = @username, anon_id = NULL,
         address_key = CASE WHEN @keepAddress THEN address_key END,
         board_cut = CASE WHEN @keepAddress THEN board_cut ELSE 0 END
       WHERE anon_id = @anonId AND user_id IS NULL`,
    ),
    claimRuns: sqlite.prepare(
      `UPDATE game_runs SET user_id = @userId, anon_id = NULL WHERE anon_id = @anonId AND user_id IS NULL`,
    ),
    dropBest: sqlite.prepare(`DELETE FROM leaderboard_bests WHERE entry_id = ?`),
    rekeyRecent: sqlite.prepare(
      `UPDATE leaderboard_recent SET player_key = ?, address_key = CASE WHEN ? THEN address_key END WHERE entry_id = ?`,
    ),
    insertEntry: sqlite.prepare(
      `INSERT INTO daily_leaderboard_entries (score, total_questions, accuracy, game_type, username, user_id, anon_id, run_id, time_limit, address_key, board_cut, created_at)
       VALUES (@score, @totalQuestions, @accuracy, @gameType, @username, @userId, @anonId, @runId, @timeLimit, @addressKey, @boardCut, @createdAt)`,
    ),
    // An entry replaces a best only when strictly better; on a full tie the earlier one stays (an older score
    // moved in from a visitor's browser can be earlier than the member's own). A visitor's best comes with its
    // address's place decided (recordBest).
    upsertBest: sqlite.prepare(
      `INSERT INTO leaderboard_bests (board, player_key, entry_id, score, accuracy, created_at, address_key, cut)
       VALUES (@board, @playerKey, @entryId, @score, @accuracy, @createdAt, @addressKey, @cut)
       ON CONFLICT (board, player_key) DO UPDATE SET
         entry_id = excluded.entry_id, score = excluded.score, accuracy = excluded.accuracy,
         created_at = excluded.created_at, address_key = excluded.address_key, cut = excluded.cut
       WHERE excluded.score > leaderboard_bests.score
          OR (excluded.score = leaderboard_bests.score AND excluded.accuracy > leaderboard_bests.accuracy)
          OR (excluded.score = leaderboard_bests.score AND excluded.accuracy = leaderboard_bests.accuracy
              AND excluded.created_at < leaderboard_bests.created_at)`,
    ),
    insertRecent: sqlite.prepare(
      `INSERT INTO leaderboard_recent (entry_id, board, player_key, score, accuracy, created_at, address_key)
       VALUES (@entryId, @board, @playerKey, @score, @accuracy, @createdAt, @addressKey)`,
    ),
    pruneRecent: sqlite.prepare(
      `DELETE FROM leaderboard_recent WHERE rowid IN
         (SELECT rowid FROM leaderboard_recent WHERE created_at < ? LIMIT ?)`,
    ),
    // Rows as arrays: entry id, player key, created at, address key (all in the index: the walk reads no table row).
    dailyWalk: sqlite
      .prepare(
        `SELECT entry_id, player_key, created_at, address_key FROM leaderboard_recent
         WHERE board = ? AND created_at >= ? ORDER BY ${rankOrder}`,
      )
      .raw(),
    allTimeTop: sqlite
      .prepare(`SELECT entry_id FROM leaderboard_bests WHERE board = ? AND cut = 0 ORDER BY ${rankOrder} LIMIT ?`)
      .pluck(),
    // A member's rows show their current public name, so a change of name (or a moved score) shows everywhere.
    // Rows as arrays (Detail's order): a third less time than named objects for the 20 rows of every board read.
    entryDetails: sqlite
      .prepare(
        `SELECT e.id, coalesce(p.username, e.username), e.user_id, e.anon_id, e.score, e.total_questions, e.accuracy
         FROM daily_leaderboard_entries e LEFT JOIN profiles p ON p.id = e.user_id
         WHERE e.id IN (SELECT value FROM json_each(?))`,
      )
      .raw(),
    challengeTop: sqlite
      .prepare(
        `SELECT id FROM daily_leaderboard_entries WHERE game_type = ? AND board_cut = 0
         ORDER BY score DESC, created_at ASC LIMIT ?`,
      )
      .pluck(),
    latestId: sqlite.prepare(`SELECT coalesce(max(id), 0) AS id FROM daily_leaderboard_entries`),
    // The top places as they stand, for a finish (takesTopPlaceOnABoard): the same index walks as the boards'.
    dailyPlaces: sqlite
      .prepare(
        `SELECT player_key, score, accuracy, address_key FROM leaderboard_recent
         WHERE board = ? AND created_at >= ? ORDER BY ${rankOrder}`,
      )
      .raw(),
    allTimePlaces: sqlite.prepare(
      `SELECT player_key AS playerKey, score, accuracy FROM leaderboard_bests
         WHERE board = ? AND cut = 0 ORDER BY ${rankOrder} LIMIT ${TOP_PLACES}`,
    ),
    challengePlaces: sqlite.prepare(
      `SELECT score, accuracy FROM daily_leaderboard_entries WHERE game_type = ? AND board_cut = 0
       ORDER BY score DESC, created_at ASC LIMIT ${TOP_PLACES}`,
    ),
    // A walk of the primary key from the last id seen: as cheap with 10 million rows as with ten.
    newestPerGameType: sqlite.prepare(
      `SELECT game_type AS gameType, max(id) AS id FROM daily_leaderboard_entries WHERE id > ? GROUP BY game_type`,
    ),
  };
  return cached;
}

/**
 * Saves an entry and keeps the boards' per-player bests and recent rows in step with it. Call inside the
 * caller's transaction so that the run, the entry and the boards are written together or not at all.
 */
export function recordEntry(entry: NewEntry): number {
  const s = statements();
  const board = boardOf(entry.gameType);
  // A visitor counts by address; a member by account, and also by their signup address in their first days
  // (docs/product.md#one-address-five-places): the caller gives the key.
  const addressKey = entry.addressKey ?? null;
  const entryId = Number(
    s.insertEntry.run({
      ...entry,
      timeLimit: entry.timeLimit ?? null,
      addressKey,
      boardCut: !board && addressKey !== null ? 1 : 0,
    }).lastInsertRowid,
  );
  if (board) {
    for (const key of boardKeysOf(board, entry.timeLimit)) {
      const row = {
        board: key,
        playerKey: playerKeyOf(entry, entryId),
        entryId,
        score: entry.score,
        accuracy: entry.accuracy,
        createdAt: entry.createdAt,
        addressKey,
      };
      recordBest(row);
      if (addressKey === null) s.insertRecent.run(row);
      else recordDayRow(key, addressKey, row, entry.createdAt - DAY_MS, () => s.insertRecent.run(row));
    }
    deleteAgedRecentRows(entry.createdAt, PRUNE_PER_ENTRY);
  } else if (addressKey !== null) {
    keepChallengePlaces(entry.gameType, addressKey);
  }
  return entryId;
}

type BestRow = {
  board: string;
  playerKey: string;
  entryId: number;
  score: number;
  accuracy: number;
  createdAt: number;
  addressKey: number | null;
};

/**
 * Upserts a player's best on a board, keeping the 5 places of the addresses it came from and goes to. A visitor's
 * best is read first: a game that does not beat it writes nothing, and one that does is written once, with its
 * address's place already decided (docs/decisions/0045-a-finish-pays-for-what-changes.md).
 */
function recordBest(row: BestRow): void {
  const upsertBest = statements().upsertBest;
  // A member's row past their first days carries no address and is placed by account; a best it replaces from their
  // first days leaves its address's places to the next best there.
  if (row.playerKey.startsWith("u:") && row.addressKey === null) {
    const before = bestOfPlayer(row.board, row.playerKey)?.addressKey ?? null;
    upsertBest.run({ ...row, cut: 0 });
    if (before !== null) keepBestPlaces(row.board, before);
    return;
  }
  const current = bestOfPlayer(row.board, row.playerKey);
  if (current && !ranksAhead(row, current.rank)) return;
  const cut = row.addressKey === null ? 0 : arrivingBestCut(row.board, row.addressKey, row, current?.rowid ?? null);
  upsertBest.run({ ...row, cut: cut ?? 1 });
  if (cut === null) keepBestPlaces(row.board, row.addressKey!);
  const before = current?.addressKey ?? null;
  if (before !== null && before !== row.addressKey) keepBestPlaces(row.board, before);
}

/** Deletes up to `limit` recent rows older than the boards' window before `at`; returns how many. */
export function deleteAgedRecentRows(at: number, limit: number): number {
  return statements().pruneRecent.run(at - RECENT_KEEP_MS, limit).changes;
}

/** An entry's row of the entryDetails statement: id, shown name, user id, anonymous id, score, total, accuracy. */
type Detail = [number, string | null, string | null, string | null, number, number, number];

/** The details of the given entries, in the given order (an entry gone since is left out). */
function detailsInOrder(entryIds: number[]): Detail[] {
  if (entryIds.length === 0) return [];
  const details = statements().entryDetails.all(JSON.stringify(entryIds)) as Detail[];
  const byId = new Map(details.map((d) => [d[0], d]));
  return entryIds.flatMap((id) => {
    const detail = byId.get(id);
    return detail ? [detail] : [];
  });
}

/** Rows as the page shows them: ranks, names, and the viewer's own rows marked. */
function rowsOf(details: Detail[], player: Player | null): BoardRow[] {
  return details.map(([, username, userId, anonId, score, totalQuestions, accuracy], index) => ({
    rank: index + 1,
    name: displayName(username),
    score,
    totalQuestions,
    accuracy,
    mine: isOwnRow(player, { userId, anonId }),
  }));
}

type BoardQuery = { board: Board; period: Period; limit: number; now: number; timeLimit?: TimeLimit | null };

/** A board's entries, best first, and (daily) when the first of them leaves the 24-hour window. */
function rankBoard(opts: BoardQuery): { entryIds: number[]; until?: number } {
  const s = statements();
  const key = opts.timeLimit ? timeTabKey(opts.board, opts.timeLimit) : opts.board;
  if (opts.period === "all-time") {
    return { entryIds: s.allTimeTop.all(key, opts.limit) as number[] };
  }
  const entryIds: number[] = [];
  const seen = new Set<string>();
  const taken = new Map<number, number>();
  let oldest = Number.POSITIVE_INFINITY;
  for (const [entryId, playerKey, createdAt, addressKey] of s.dailyWalk.iterate(key, opts.now - DAY_MS) as Iterable<
    [number, string, number, number | null]
  >) {
    if (seen.has(playerKey)) continue;
    seen.add(playerKey);
    // A player is placed by their best row; past their address's 5 places they are not on the board at all.
    if (!takesPlace(addressKey, taken)) continue;
    entryIds.push(entryId);
    oldest = Math.min(oldest, createdAt);
    if (entryIds.length === opts.limit) break;
  }
  // A row is in while created_at >= now - DAY_MS: the first moment one is out is a millisecond later.
  return { entryIds, until: oldest + DAY_MS + 1 };
}

/**
 * The entries of a board's top distinct players, best entry each, ranked by score, then accuracy, then earliest;
 * `timeLimit` picks a time tab (none: "All", every game of the board). Always the true top `limit` players, read
 * in order off an index (never "fetch N and collapse").
 */
export function topEntryIds(opts: BoardQuery): number[] {
  return rankBoard(opts).entryIds;
}

/**
 * Boards as read, kept until the next write (or until their first row ages out of the day): between two scores,
 * every page showing a board asks for the same rows (docs/decisions/0035-board-reads-kept-until-a-write.md).
 */
const keptBoards = new KeptReads<Detail[]>(100);

function boardDetails(opts: BoardQuery): TimedRead<Detail[]> {
  const { entryIds, until } = rankBoard(opts);
  return { value: detailsInOrder(entryIds), until };
}

/** A board's top players as the page shows them (topEntryIds, with names and the viewer's own rows marked). */
export function topPlayers(opts: BoardQuery & { player: Player | null }): BoardRow[] {
  const key = `${opts.period}|${opts.timeLimit ? timeTabKey(opts.board, opts.timeLimit) : opts.board}|${opts.limit}`;
  return rowsOf(
    keptBoards.read(key, opts.now, () => boardDetails(opts)),
    opts.player,
  );
}

type Place = { playerKey: string | null; score: number; accuracy: number };

/** A daily board's top places as it shows them: one per player, at most 5 visitors of one address (rankBoard). */
function dailyPlaces(key: string, at: number): Place[] {
  const places: Place[] = [];
  const seen = new Set<string>();
  const taken = new Map<number, number>();
  for (const [playerKey, score, accuracy, addressKey] of statements().dailyPlaces.iterate(key, at - DAY_MS) as Iterable<
    [string, number, number, number | null]
  >) {
    if (seen.has(playerKey)) continue;
    seen.add(playerKey);
    if (!takesPlace(addressKey, taken)) continue;
    places.push({ playerKey, score, accuracy });
    if (places.length === TOP_PLACES) break;
  }
  return places;
}

/**
 * Which top places of the public boards it lands on a new entry would take: an all-time one (its board's all-time
 * boards, "All" and its time tab, or its challenge's board, which is all-time), else a daily one, else none (null).
 * A score at or below the open score takes none (docs/decisions/0075-top-places-checked-by-a-person.md). A few index
 * rows a board, read only for a score above it.
 */
export function topPlaceTakenOnABoard(entry: {
  gameType: string;
  timeLimit: number;
  score: number;
  accuracy: number;
  userId: string | null;
  anonId: string | null;
  at: number;
}): TopPlaceKind | null {
  if (entry.score <= openScore(entry.timeLimit)) return null;
  const s = statements();
  const board = boardOf(entry.gameType);
  if (!board) {
    const places = s.challengePlaces.all(entry.gameType) as Place[];
    return takesTopPlace({ ...entry, playerKey: null }, places, true) ? "all-time" : null;
  }
  // A finish is always a member's or a visitor's: keyed by account or browser, never by entry.
  const playerKey = playerKeyOf({ userId: entry.userId, anonId: entry.anonId, username: null }, 0);
  const keys = boardKeysOf(board, entry.timeLimit);
  if (keys.some((key) => takesTopPlace({ ...entry, playerKey }, s.allTimePlaces.all(key) as Place[])))
    return "all-time";
  return keys.some((key) => takesTopPlace({ ...entry, playerKey }, dailyPlaces(key, entry.at))) ? "daily" : null;
}

/** topPlayers read from the database whatever was kept: what a board costs after a write (the leaderboard bench). */
export function readTopPlayers(opts: BoardQuery & { player: Player | null }): BoardRow[] {
  return rowsOf(boardDetails(opts).value, opts.player);
}

/** A daily challenge's all-time top entries, by score then earliest (docs/product.md#challenge-leaderboard). */
export function challengeEntryIds(challengeId: string, limit = CHALLENGE_TOP_SIZE): number[] {
  return statements().challengeTop.all(challengeId, limit) as number[];
}

type ChallengeQuery = { challengeId: string; player: Player | null; limit?: number };

export function challengeTop(opts: ChallengeQuery): BoardRow[] {
  const limit = opts.limit ?? CHALLENGE_TOP_SIZE;
  const details = keptBoards.read(`challenge|${opts.challengeId}|${limit}`, 0, () => ({
    value: detailsInOrder(challengeEntryIds(opts.challengeId, limit)),
  }));
  return rowsOf(details, opts.player);
}

/** challengeTop read from the database whatever was kept (the leaderboard bench). */
export function readChallengeTop(opts: ChallengeQuery): BoardRow[] {
  return rowsOf(detailsInOrder(challengeEntryIds(opts.challengeId, opts.limit ?? CHALLENGE_TOP_SIZE)), opts.player);
}

/** For the live feed: the newest entry id, and the newest entry of each game type written after a given id. */
export function latestEntryId(): number {
  return (statements().latestId.get() as { id: number }).id;
}

export function newestEntriesAfter(id: number): { id: number; gameType: string }[] {
  return statements().newestPerGameType.all(id) as { id: number; gameType: string }[];
}

/** Entries on a daily challenge's board. */
export const CHALLENGE_TOP_SIZE = 10;

/** Players on the Daily Leaderboard panel (game results, the members' home). */
export const DAILY_PANEL_SIZE = 10;

/**
 * The Daily Leaderboard panel: the top 10 distinct players of the last 24 hours on one board, by default normal and
 * every game length (docs/product.md#daily-leaderboard-panel).
 */
export function dailyPanelRows(player: Player | null, shows: PanelBoard = HOME_PANEL): BoardRow[] {
  const timeLimit = shows.time === "all" ? null : (Number(shows.time) as TimeLimit);
  return topPlayers({ board: shows.board, period: "daily", limit: DAILY_PANEL_SIZE, now: now(), player, timeLimit });
}

/**
 * A visitor's scores become a member's when they sign up or sign in from the browser they played in, so the
 * boards show one player, not two (docs/product.md#one-entry-per-player). Runs in one transaction.
 */
export function claimAnonymousScores(anonId: string, member: { userId: string; username: string }): number {
  const s = statements();
  const playerKey = `u:${member.userId}`;
  return db.$client.transaction(() => {
    // Their fact records follow their runs (docs/product.md#fact-records).
    const memberHadFacts = memberHasFactHistory(member.userId);
    const moved = s.anonEntries.all(anonId) as {
      id: number;
      gameType: string;
      score: number;
      accuracy: number;
      timeLimit: number | null;
      createdAt: number;
      addressKey: number | null;
    }[];
    s.claimRuns.run({ userId: member.userId, anonId });
    claimVisitorFacts(anonId, member.userId, memberHadFacts);
    if (moved.length === 0) return 0;
    // A member in their first days keeps counting toward the address their scores came from, so signing up
    // twenty accounts does not take a visitor's cut rows back onto the board (docs/product.md#one-address-five-places).
    const keepAddress = newMemberAddressKey(member.userId, now()) !== null ? 1 : 0;
    s.claimEntries.run({ userId: member.userId, username: member.username, anonId, keepAddress });
    for (const entry of moved) {
      const board = boardOf(entry.gameType);
      // A place the visitor held goes to their address's next best (docs/product.md#one-address-five-places).
      if (!board) {
        if (entry.addressKey !== null) keepChallengePlaces(entry.gameType, entry.addressKey);
        continue;
      }
      s.dropBest.run(entry.id);
      for (const key of boardKeysOf(board, entry.timeLimit)) {
        s.upsertBest.run({
          board: key,
          playerKey,
          entryId: entry.id,
          score: entry.score,
          accuracy: entry.accuracy,
          createdAt: entry.createdAt,
          addressKey: keepAddress ? entry.addressKey : null,
          cut: 0,
        });
        if (entry.addressKey !== null) keepBestPlaces(key, entry.addressKey);
      }
      s.rekeyRecent.run(playerKey, keepAddress, entry.id);
    }
    return moved.length;
  })();
}
