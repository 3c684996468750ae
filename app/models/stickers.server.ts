import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";
import type { FactState } from "~/facts/state";
import { stickersEarned, type Sticker } from "~/facts/stickers";
import type { FactKey } from "~/game/facts";
import { activeStudentSql } from "./active-students.server";
import { playerColumns, type Player } from "./player.server";

/*
 * Stickers (docs/product.md#sticker-book, docs/decisions/0091-stickers-follow-secure-facts.md): one row per fact a
 * player has made secure, written inside the finish's own write with its fact records, and never deleted while the
 * player is kept (a pupil erased, a member deleted: with them; a visitor: with their records, by retention).
 */

type Column = "user_id" | "anon_id" | "student_id";

export function stickerOwnerOf(player: Player): { column: Column; id: string } {
  const { userId, anonId, studentId } = playerColumns(player);
  if (userId !== null) return { column: "user_id", id: userId };
  if (anonId !== null) return { column: "anon_id", id: anonId };
  return { column: "student_id", id: studentId as string };
}

const earnStatements = new Map<Column, Statement<[string, string | null, number, string]>>();

/**
 * After a finish folded its answers into the records: a sticker for each fact asked (`asked`, each with its state in
 * the stored text now, in the order asked: foldIntoStoredBook) that is now secure and has none yet (stickersEarned;
 * the stickers held are checked by the insert itself, one statement a finish). Called inside the finish's write,
 * after its records are written.
 */
export function recordStickers(
  owner: { column: Column; id: string },
  asked: Iterable<[FactKey, FactState | undefined]>,
  run: { id: string | null; at: number },
): void {
  const secure = stickersEarned(asked, new Set());
  // Most finishes make no fact secure: they stop here, with no read of the stickers.
  if (secure.length === 0) return;
  let earn = earnStatements.get(owner.column);
  if (!earn) {
    // In the order given, each fact that already has its sticker left as it is (a sticker is kept from the first).
    earn = db.$client.prepare(
      `INSERT INTO fact_stickers (${owner.column}, fact, run_id, earned_at)
       SELECT ?, value, ?, ? FROM json_each(?) WHERE true
       ON CONFLICT (${owner.column}, fact) WHERE ${owner.column} IS NOT NULL DO NOTHING`,
    );
    earnStatements.set(owner.column, earn);
  }
  earn.run(owner.id, run.id, run.at, JSON.stringify(secure));
}

// Read on every sticker page and results page: prepared once per kind of player.
const bookStatements = new Map<Column, Statement<[string], string | null>>();
const countStatements = new Map<Column, Statement<[string], number>>();
const runStatements = new Map<Column, Statement<[string, string], Sticker>>();

/**
 * A player's stickers, in no order (their readers place them by fact or sort them by time). Read as one text
 * ("*7,8 1764000000000;…"), not a row each: the book page reads them all every time, and a row object each cost it
 * more than the rest of its reads (docs/decisions/0091-stickers-follow-secure-facts.md).
 */
export function stickersOf(player: Player): Sticker[] {
  const { column, id } = stickerOwnerOf(player);
  let statement = bookStatements.get(column);
  if (!statement) {
    statement = db.$client
      .prepare<[string], string | null>(
        `SELECT group_concat(fact || ' ' || earned_at, ';') FROM fact_stickers
         WHERE ${column} = ? AND ${column} IS NOT NULL`,
      )
      .pluck();
    bookStatements.set(column, statement);
  }
  const text = statement.get(id);
  if (!text) return [];
  // A fact key holds neither a space nor a semicolon ("*7,8").
  return text.split(";").map((pair) => {
    const space = pair.indexOf(" ");
    return { key: pair.slice(0, space) as FactKey, earnedAt: Number(pair.slice(space + 1)) };
  });
}

/** How many stickers a player has. */
export function stickerCountOf(player: Player): number {
  const { column, id } = stickerOwnerOf(player);
  let statement = countStatements.get(column);
  if (!statement) {
    statement = db.$client
      .prepare<[string], number>(`SELECT count(*) FROM fact_stickers WHERE ${column} = ? AND ${column} IS NOT NULL`)
      .pluck();
    countStatements.set(column, statement);
  }
  return statement.get(id) as number;
}

/** The stickers one run earned its player (its results name them), in the grids' order. */
export function stickersOfRun(player: Player, runId: string): Sticker[] {
  const { column, id } = stickerOwnerOf(player);
  let statement = runStatements.get(column);
  if (!statement) {
    statement = db.$client.prepare<[string, string], Sticker>(
      `SELECT fact AS key, earned_at AS earnedAt FROM fact_stickers
       WHERE run_id = ? AND ${column} = ? ORDER BY instr('+-*/', substr(fact, 1, 1)), id`,
    );
    runStatements.set(column, statement);
  }
  return statement.all(runId, id);
}

/** Every active pupil's stickers in a class, by pupil id (the weekly digest: who secured a table). */
export function stickersOfClass(classId: string): Map<string, Sticker[]> {
  const rows = db.$client
    .prepare<[string], Sticker & { studentId: string }>(
      `SELECT f.student_id AS studentId, f.fact AS key, f.earned_at AS earnedAt FROM fact_stickers f
       JOIN students s ON s.id = f.student_id WHERE s.class_id = ? AND ${activeStudentSql("s")}`,
    )
    .all(classId);
  const byPupil = new Map<string, Sticker[]>();
  for (const { studentId, ...sticker } of rows) {
    const list = byPupil.get(studentId);
    if (list) list.push(sticker);
    else byPupil.set(studentId, [sticker]);
  }
  return byPupil;
}

/** Whether a pupil's class has rewards switched off (docs/product.md#sticker-book). */
let rewardsStatement: Statement<[string], number> | null = null;

export function rewardsOffForStudent(studentId: string): boolean {
  rewardsStatement ??= db.$client
    .prepare<[string], number>(
      `SELECT c.rewards_off FROM classes c JOIN students s ON s.class_id = c.id WHERE s.id = ?`,
    )
    .pluck();
  return rewardsStatement.get(studentId) === 1;
}

/** Whether a player sees rewards: members and visitors always; a pupil unless their class has them off. */
export function rewardsShownTo(player: Player | null): boolean {
  return player?.kind !== "student" || !rewardsOffForStudent(player.studentId);
}

export function classRewardsOff(classId: string): boolean {
  return (
    db.$client.prepare<[string], number>(`SELECT rewards_off FROM classes WHERE id = ?`).pluck().get(classId) === 1
  );
}

/** Switches a class's rewards; true when it changed. Call it inside the change's transaction (with its log entry). */
export function setClassRewardsOff(classId: string, off: boolean): boolean {
  return (
    db.$client
      .prepare(`UPDATE classes SET rewards_off = ? WHERE id = ? AND rewards_off != ?`)
      .run(off ? 1 : 0, classId, off ? 1 : 0).changes > 0
  );
}

/** A visitor who signs up or signs in: their stickers become the member's (the member's own, if both, are kept). */
export function claimVisitorStickers(anonId: string, userId: string): void {
  db.$client
    .prepare(`UPDATE OR IGNORE fact_stickers SET user_id = ?, anon_id = NULL WHERE anon_id = ?`)
    .run(userId, anonId);
  db.$client.prepare(`DELETE FROM fact_stickers WHERE anon_id = ?`).run(anonId);
}

/** Retention: a visitor's stickers go once their fact records have gone, at most `limit` a call. */
export function deleteVisitorStickersWithoutRecords(limit: number): number {
  return db.$client
    .prepare(
      `DELETE FROM fact_stickers WHERE id IN (
         SELECT s.id FROM fact_stickers s WHERE s.anon_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM fact_records f WHERE f.anon_id = s.anon_id) LIMIT ?)`,
    )
    .run(limit).changes;
}
