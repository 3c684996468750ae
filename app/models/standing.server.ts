import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";
import type { Player } from "~/auth/player.server";
import { isTimeLimit } from "~/game";
import type { RunStanding } from "~/types/runs";
import { DAY_MS, boardKeysOf, boardOf, playerKeyOf } from "./leaderboard.server";

/*
 * Where a finished game stands (docs/product.md#results-personal-best-and-rank): the player's best before it on the
 * same kind of game, and the place it reached on its board. Read once per finish and per results page; every read
 * is bounded, whatever the size of the boards.
 */

/** A place further down than this is not counted (the count would grow with the board); the page says nothing. */
export const RANK_COUNTED_TO = 1000;

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
};

type Statements = {
  entryOfRun: Statement;
  memberBestBefore: Statement;
  visitorBestBefore: Statement;
  dailyAhead: Statement;
  challengeAhead: Statement;
};

let cached: Statements | undefined;
let cachedFor: unknown;

function statements(): Statements {
  const sqlite = db.$client;
  if (cached && cachedFor === sqlite) return cached;
  // The same kind of game: same board or challenge, same time limit (`IS`, so entries without one match each other).
  const sameKind = "game_type = @gameType AND time_limit IS @timeLimit AND id < @id";
  cached = {
    entryOfRun: sqlite.prepare(
      `SELECT id, game_type AS gameType, score, accuracy, time_limit AS timeLimit, created_at AS createdAt,
              user_id AS userId, username, anon_id AS anonId
       FROM daily_leaderboard_entries WHERE run_id = ?`,
    ),
    memberBestBefore: sqlite.prepare(
      `SELECT max(score) FROM daily_leaderboard_entries WHERE user_id = @owner AND ${sameKind}`,
    ),
    visitorBestBefore: sqlite.prepare(
      `SELECT max(score) FROM daily_leaderboard_entries WHERE anon_id = @owner AND user_id IS NULL AND ${sameKind}`,
    ),
    // The day's board in rank order down to this entry: the rows of other players ahead of it.
    dailyAhead: sqlite.prepare(
      `SELECT entry_id AS entryId, player_key AS playerKey FROM leaderboard_recent
       WHERE board = ? AND created_at >= ? ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT ${RANK_COUNTED_TO * 5}`,
    ),
    // A challenge's board ranks entries, not players: score, then earliest.
    challengeAhead: sqlite.prepare(
      `SELECT count(*) FROM (
         SELECT 1 FROM daily_leaderboard_entries
         WHERE game_type = @gameType AND (score > @score OR (score = @score AND created_at < @createdAt))
         LIMIT ${RANK_COUNTED_TO})`,
    ),
  };
  cachedFor = sqlite;
  return cached;
}

/** The place of `entry` on today's board `key` among players (one row each), if within RANK_COUNTED_TO. */
function dailyRank(key: string, entry: EntryRow, at: number): number | null {
  const own = playerKeyOf(entry, entry.id);
  const ahead = new Set<string>();
  for (const row of statements().dailyAhead.iterate(key, at - DAY_MS) as Iterable<{
    entryId: number;
    playerKey: string;
  }>) {
    if (row.entryId === entry.id) return ahead.size + 1;
    if (row.playerKey !== own) ahead.add(row.playerKey);
    if (ahead.size >= RANK_COUNTED_TO) return null;
  }
  return null;
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
  let rank: number | null;
  if (board) {
    // The board of this game's length when it has one (docs/decisions/0025-board-time-tabs.md), else the board.
    const keys = boardKeysOf(board, entry.timeLimit);
    rank = dailyRank(keys[keys.length - 1]!, entry, at);
  } else {
    const ahead = s.challengeAhead
      .pluck()
      .get({ gameType: entry.gameType, score: entry.score, createdAt: entry.createdAt }) as number;
    rank = ahead < RANK_COUNTED_TO ? ahead + 1 : null;
  }
  return {
    score: entry.score,
    previousBest,
    best: Math.max(entry.score, previousBest ?? 0),
    newBest: previousBest !== null && entry.score > previousBest,
    rank,
    board: board ? { board, time: isTimeLimit(entry.timeLimit) ? entry.timeLimit : null } : null,
  };
}
