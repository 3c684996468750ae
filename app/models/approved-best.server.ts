import type { Statement } from "better-sqlite3";
import { TOP_PLACES, isTimeLimit, type TopPlaceKind, type Vouched } from "~/game";
import { db } from "~/db/client.server";
import { boardOf, timeTabKey } from "./leaderboard.server";

/*
 * What a person has vouched for, read for a run that would otherwise wait for a top place (a few a board a day):
 * the player's own released best (docs/decisions/0082-a-player-a-person-approved.md), whether a person approved
 * them (on any board), and the best score a person released of anyone's on the board
 * (docs/decisions/0089-approved-players-up-to-the-seen-record.md).
 */

type Statements = {
  member: Statement;
  visitor: Statement;
  boardSeen: Statement;
  challengePodium: Statement;
};
let statements: Statements | undefined;
let statementsFor: unknown;

/** How deep into a board's ranking the best released score is looked for: its page's rows. */
const SEEN_DEPTH = 20;

function statementsOf(): Statements {
  const sqlite = db.$client;
  if (statements && statementsFor === sqlite) return statements;
  // Through the player's own index: their released best of this game type and time limit, whether a person released
  // any run of theirs, and whether a person ever rejected one.
  const approved = (owner: string) =>
    sqlite
      .prepare(
        `SELECT max(CASE WHEN review = 'released' AND game_type = ? AND json_extract(review_info, '$.timeLimit') = ?
                    THEN score END) AS best,
                max(review = 'released') AS approved,
                max(review = 'rejected') AS rejected
         FROM game_runs WHERE ${owner} AND review IN ('released', 'rejected')`,
      )
      .raw();
  // The board's ranking as its page reads it (the all-time index walk), each row's run looked up by key: the best
  // of them a person released. Entries made before any check (or that went up within a trust) never count.
  const boardSeen = sqlite
    .prepare(
      `SELECT max(b.score) FROM
         (SELECT entry_id, score FROM leaderboard_bests WHERE board = ? AND cut = 0
          ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT ${SEEN_DEPTH}) b
       JOIN daily_leaderboard_entries e ON e.id = b.entry_id
       JOIN game_runs r ON r.id = e.run_id
       WHERE r.review = 'released'`,
    )
    .pluck();
  const challengePodium = sqlite
    .prepare(
      `SELECT user_id, anon_id FROM daily_leaderboard_entries WHERE game_type = ? AND board_cut = 0
       ORDER BY score DESC, created_at ASC LIMIT ${TOP_PLACES}`,
    )
    .raw();
  statements = {
    member: approved("user_id = ?"),
    visitor: approved("anon_id = ?"),
    boardSeen,
    challengePodium,
  };
  statementsFor = sqlite;
  return statements;
}

/**
 * What a person has vouched for, for this player's run of this game type and time limit taking a top place of this
 * kind: nothing (null) for a player nobody approved, one a person rejected a run of (on any board), or, on a
 * challenge's board (it lists entries, not players), one already on its podium: a trusted player takes one podium
 * place there at a time.
 */
export function vouchedFor(
  owner: { userId: string | null; anonId: string | null },
  run: { gameType: string; timeLimit: number },
  kind: TopPlaceKind,
): Vouched | null {
  const s = statementsOf();
  const { gameType, timeLimit } = run;
  const row =
    owner.userId !== null
      ? s.member.get(gameType, timeLimit, owner.userId)
      : owner.anonId !== null
        ? s.visitor.get(gameType, timeLimit, owner.anonId)
        : undefined;
  const [approvedBest, approved, rejected] = (row ?? [null, 0, 0]) as [number | null, number | null, number | null];
  if (rejected || !approved) return null;
  if (!boardOf(gameType) && onChallengePodium(gameType, owner)) return null;
  // The board's record is read only where it can open a place: a daily one.
  return { approvedBest, approved: true, seenBest: kind === "daily" ? seenBestOf(gameType, timeLimit) : null };
}

/**
 * The best score a person released of anyone's on this solo board and time limit (a daily place's bound; a
 * challenge's board is all-time, so it has none).
 */
export function seenBestOf(gameType: string, timeLimit: number): number | null {
  const board = boardOf(gameType);
  if (!board || !isTimeLimit(timeLimit)) return null;
  return (statementsOf().boardSeen.get(timeTabKey(board, timeLimit)) as number | null | undefined) ?? null;
}

function onChallengePodium(gameType: string, owner: { userId: string | null; anonId: string | null }): boolean {
  const podium = statementsOf().challengePodium.all(gameType) as [string | null, string | null][];
  return podium.some(([userId, anonId]) =>
    owner.userId !== null ? userId === owner.userId : userId === null && anonId === owner.anonId,
  );
}
