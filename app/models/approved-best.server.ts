import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";
import { boardOf } from "./leaderboard.server";

/*
 * A player a person has approved (docs/decisions/0082-a-player-a-person-approved.md): the best score of theirs an
 * admin released on a board, which their later runs on it may reach without another check.
 */

type Statements = { member: Statement; visitor: Statement };
let statements: Statements | undefined;
let statementsFor: unknown;

function statementsOf(): Statements {
  const sqlite = db.$client;
  if (statements && statementsFor === sqlite) return statements;
  // Read through the player's own index, only for a run that would otherwise wait for a top place (a few a board
  // a day): the released best of this game type and time limit, and whether a person ever rejected one of theirs.
  const approved = (owner: string) =>
    sqlite
      .prepare(
        `SELECT max(CASE WHEN review = 'released' AND game_type = ? AND json_extract(review_info, '$.timeLimit') = ?
                    THEN score END) AS best,
                max(review = 'rejected') AS rejected
         FROM game_runs WHERE ${owner} AND review IN ('released', 'rejected')`,
      )
      .raw();
  statements = { member: approved("user_id = ?"), visitor: approved("anon_id = ?") };
  statementsFor = sqlite;
  return statements;
}

/**
 * The best score of a member's or visitor's that a person released on this board (its game type and time limit),
 * or null: none released, a daily challenge (its board lists entries, so one approval would fill its podium), or
 * a player a person has rejected a run of, on any board.
 */
export function approvedBestOf(
  owner: { userId: string | null; anonId: string | null },
  gameType: string,
  timeLimit: number,
): number | null {
  if (!boardOf(gameType)) return null;
  const s = statementsOf();
  const row =
    owner.userId !== null
      ? s.member.get(gameType, timeLimit, owner.userId)
      : owner.anonId !== null
        ? s.visitor.get(gameType, timeLimit, owner.anonId)
        : undefined;
  const [best, rejected] = (row ?? [null, 0]) as [number | null, number | null];
  return rejected ? null : best;
}
