import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";
import type { Player } from "./player.server";
import { isTimeLimit } from "~/game";
import type { RunStanding } from "~/types/runs";
import { ADDRESS_CUT_NOTE } from "~/utils/address-places-texts";
import { shortcutOn } from "~/utils/shortcuts.server";
import { takesPlace } from "./address-places.server";
import { DAY_MS, boardKeysOf, boardOf, playerKeyOf } from "./leaderboard.server";

/*
 * Where a finished game stands (docs/product.md#personal-best-and-place): the player's best before it on the
 * same kind of game, and the place it reached on its board. Read once per finish and per results page; every read
 * is bounded, whatever the size of the boards.
 */

/** A place further down than this is not counted (the count would grow with the board); the page says nothing. */
export const RANK_COUNTED_TO = 1000;
/** The day's rows read at most to count them (a player may have several rows ahead). */
export const RANK_ROWS_READ = RANK_COUNTED_TO * 5;
/**
 * How long a board's cut-off is trusted: the score and accuracy of its RANK_ROWS_READ-th row today. Most games on a
 * busy board finish below it, and those need no count at all (docs/decisions/0027-performance-floors.md). New rows
 * only raise the true cut-off, so a stale one never hides a place that would be told; rows leaving the day can lower
 * it, and for this long a game just under the old one is told no place (it would have been about 1,000th at best).
 */
export const CUTOFF_TRUSTED_MS = 10_000;

type EntryRow = {
  id: number;
  gameType: string;
  score: number;
  accuracy: number;
  timeLimit: number | null;
  createdAt: number;
  userId: string | null;
  username: string | null;
  anonId: string | null;
  addressKey: number | null;
  boardCut: number;
};

/** A place, and whether the entry is off the board for its address's 5 places (docs/product.md#one-address-five-places). */
type Place = { rank: number; cut: boolean };

type Statements = {
  entryOfRun: Statement;
  memberBestBefore: Statement;
  visitorBestBefore: Statement;
  dailyAhead: Statement;
  dailyCutoff: Statement;
  challengeAhead: Statement;
};

let cached: Statements | undefined;
let cachedFor: unknown;
type Cutoff = { readAt: number; row: { score: number; accuracy: number } | null };
const cutoffs = new Map<string, Cutoff>();

function statements(): Statements {
  const sqlite = db.$client;
  if (cached && cachedFor === sqlite) return cached;
  // The same kind of game: same board or challenge, same time limit (`IS`, so entries without one match each other).
  const sameKind = "game_type = @gameType AND time_limit IS @timeLimit AND id < @id";
  cached = {
    entryOfRun: sqlite.prepare(
      `SELECT id, game_type AS gameType, score, accuracy, time_limit AS timeLimit, created_at AS createdAt,
              user_id AS userId, username, anon_id AS anonId, address_key AS addressKey, board_cut AS boardCut
       FROM daily_leaderboard_entries WHERE run_id = ?`,
    ),
    memberBestBefore: sqlite.prepare(
      `SELECT max(score) FROM daily_leaderboard_entries WHERE user_id = @owner AND ${sameKind}`,
    ),
    visitorBestBefore: sqlite.prepare(
      `SELECT max(score) FROM daily_leaderboard_entries WHERE anon_id = @owner AND user_id IS NULL AND ${sameKind}`,
    ),
    // The other players' rows ahead of this entry on the day's board, best first, off the ranking index
    // (board, score, accuracy, created_at, player_key, entry_id, address_key), at most RANK_ROWS_READ of them.
    dailyAhead: sqlite
      .prepare(
        `SELECT player_key, address_key FROM leaderboard_recent
         WHERE board = @board AND created_at >= @since AND player_key <> @own
           AND (score > @score OR (score = @score AND (accuracy > @accuracy
                OR (accuracy = @accuracy AND created_at < @createdAt))))
         ORDER BY score DESC, accuracy DESC, created_at ASC
         LIMIT ${RANK_ROWS_READ}`,
      )
      .raw(),
    // Walks the ranking index backwards from the top (no sort): the row RANK_ROWS_READ places down, if there is one.
    dailyCutoff: sqlite.prepare(
      `SELECT score, accuracy FROM leaderboard_recent
       WHERE board = @board AND created_at >= @since
       ORDER BY score DESC, accuracy DESC
       LIMIT 1 OFFSET ${RANK_ROWS_READ - 1}`,
    ),
    // A challenge's board ranks entries, not players: score, then earliest; the entries on it only.
    challengeAhead: sqlite.prepare(
      `SELECT count(*) FROM (
         SELECT 1 FROM daily_leaderboard_entries
         WHERE game_type = @gameType AND board_cut = 0
           AND (score > @score OR (score = @score AND created_at < @createdAt))
         LIMIT ${RANK_COUNTED_TO})`,
    ),
  };
  cachedFor = sqlite;
  cutoffs.clear();
  return cached;
}

/** Whether at least RANK_ROWS_READ of today's rows on board `key` are ahead of `entry`, by the board's cut-off. */
function belowCutoff(key: string, entry: EntryRow, at: number): boolean {
  let cutoff = cutoffs.get(key);
  if (!cutoff || at - cutoff.readAt > CUTOFF_TRUSTED_MS || at < cutoff.readAt) {
    const row = statements().dailyCutoff.get({ board: key, since: at - DAY_MS }) as Cutoff["row"] | undefined;
    cutoff = { readAt: at, row: row ?? null };
    cutoffs.set(key, cutoff);
  }
  const { row } = cutoff;
  return row !== null && (entry.score < row.score || (entry.score === row.score && entry.accuracy < row.accuracy));
}

/**
 * The place of `entry` on today's board `key` among the players the board shows (one row each, at most 5 an
 * address), if within RANK_COUNTED_TO; `cut` when its own address has 5 players ahead of it, so the board leaves
 * it out and the place is where it would have been.
 */
function dailyRank(key: string, entry: EntryRow, at: number): Place | null {
  if (shortcutOn("standing-cutoff") && belowCutoff(key, entry, at)) return null;
  const ahead = statements().dailyAhead.iterate({
    board: key,
    since: at - DAY_MS,
    own: playerKeyOf(entry, entry.id),
    score: entry.score,
    accuracy: entry.accuracy,
    createdAt: entry.createdAt,
  }) as Iterable<[string, number | null]>;
  let rows = 0;
  let shown = 0;
  const players = new Set<string>();
  const taken = new Map<number, number>();
  for (const [playerKey, addressKey] of ahead) {
    rows++;
    if (players.has(playerKey)) continue;
    players.add(playerKey);
    if (takesPlace(addressKey, taken)) shown++;
  }
  // Read to the cap: further down than can be told cheaply.
  if (rows >= RANK_ROWS_READ || players.size >= RANK_COUNTED_TO) return null;
  return { rank: shown + 1, cut: !takesPlace(entry.addressKey, taken) };
}

/**
 * How a finished run stands, for its own player: null when it made no board entry (a pupil's game, a run held for
 * review) or is not theirs.
 */
export function runStanding(runId: string, player: Player | null, at: number): RunStanding | null {
  if (!player || player.kind === "student") return null;
  const s = statements();
  const entry = s.entryOfRun.get(runId) as EntryRow | undefined;
  if (!entry) return null;
  const mine = player.kind === "member" ? entry.userId === player.userId : entry.anonId === player.anonId;
  if (!mine) return null;
  const query = { gameType: entry.gameType, timeLimit: entry.timeLimit, id: entry.id };
  const before =
    player.kind === "member"
      ? s.memberBestBefore.pluck().get({ ...query, owner: player.userId })
      : s.visitorBestBefore.pluck().get({ ...query, owner: player.anonId });
  const previousBest = typeof before === "number" ? before : null;
  const board = boardOf(entry.gameType);
  let place: Place | null;
  if (board) {
    // The board of this game's length when it has one (docs/decisions/0025-board-time-tabs.md), else the board.
    const keys = boardKeysOf(board, entry.timeLimit);
    place = dailyRank(keys[keys.length - 1]!, entry, at);
  } else {
    const ahead = s.challengeAhead
      .pluck()
      .get({ gameType: entry.gameType, score: entry.score, createdAt: entry.createdAt }) as number;
    place = ahead < RANK_COUNTED_TO ? { rank: ahead + 1, cut: entry.boardCut === 1 } : null;
  }
  return {
    score: entry.score,
    previousBest,
    best: Math.max(entry.score, previousBest ?? 0),
    newBest: previousBest !== null && entry.score > previousBest,
    rank: place?.rank ?? null,
    ...(place?.cut ? { cut: ADDRESS_CUT_NOTE } : {}),
    board: board ? { board, time: isTimeLimit(entry.timeLimit) ? entry.timeLimit : null } : null,
  };
}
