import { activeStudentSql } from "./active-students.server";
import { runCountsSql } from "./counting-runs.server";
import { and, asc, eq, gte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { setWork, students } from "~/db/schema";
import { mtcTimeLimit, MTC_QUESTION_SECONDS } from "~/game/mtc";
import { PUPIL_MODES, type GameKind, type PupilGame, type TargetKind, type Work } from "~/school-rules/set-work";

/*
 * Set work (docs/product.md#set-work): a class's pieces of work, and the pupils' verified games they are counted
 * from. Who may read or change which class is the caller's check (app/school/set-work.server.ts): every write here
 * names the class, so a piece of work of another class is simply not found.
 */

const workColumns = {
  id: setWork.id,
  targetKind: setWork.targetKind,
  target: setWork.target,
  gameKind: setWork.gameKind,
  dueDay: setWork.dueDay,
  setAt: setWork.setAt,
  note: setWork.note,
};

/** A class's work, soonest due first (then in the order it was set). */
export function listClassWork(classId: string): Work[] {
  return db
    .select(workColumns)
    .from(setWork)
    .where(eq(setWork.classId, classId))
    .orderBy(asc(setWork.dueDay), asc(setWork.setAt), asc(setWork.id))
    .all();
}

/** A class's work due `fromDay` or later (a UK day), soonest due first. */
export function listClassWorkFrom(classId: string, fromDay: string): Work[] {
  return db
    .select(workColumns)
    .from(setWork)
    .where(and(eq(setWork.classId, classId), gte(setWork.dueDay, fromDay)))
    .orderBy(asc(setWork.dueDay), asc(setWork.setAt), asc(setWork.id))
    .all();
}

/** A piece of work, only when it is this class's. */
export function findClassWork(classId: string, workId: string): Work | undefined {
  return db
    .select(workColumns)
    .from(setWork)
    .where(and(eq(setWork.classId, classId), eq(setWork.id, workId)))
    .get();
}

export type WorkFields = {
  targetKind: TargetKind;
  target: number;
  gameKind: GameKind;
  dueDay: string;
  note: string | null;
};

export function insertWork(row: WorkFields & { id: string; classId: string; setAt: number }): void {
  db.insert(setWork)
    .values({ ...row, updatedAt: row.setAt })
    .run();
}

/** Changes a piece of work of the class (its set moment stays); false when there is none. */
export function updateWork(classId: string, workId: string, fields: WorkFields, at: number): boolean {
  const result = db
    .update(setWork)
    .set({ ...fields, updatedAt: at })
    .where(and(eq(setWork.classId, classId), eq(setWork.id, workId)))
    .run();
  return result.changes === 1;
}

/** Removes a piece of work of the class; false when there is none. */
export function deleteWork(classId: string, workId: string): boolean {
  return (
    db
      .delete(setWork)
      .where(and(eq(setWork.classId, classId), eq(setWork.id, workId)))
      .run().changes === 1
  );
}

/**
 * Housekeeping: erases up to `limit` pieces of work due before `day` (a UK day), any class's; returns how many
 * (docs/product.md#set-work).
 */
export function deleteWorkDueBefore(day: string, limit: number): number {
  return db.$client
    .prepare("DELETE FROM set_work WHERE id IN (SELECT id FROM set_work WHERE due_day < ? LIMIT ?)")
    .run(day, limit).changes;
}

/* The games work is counted from */

/**
 * The longest a times tables check rehearsal can take: it has no performance row, so its time played is the server's
 * start to its finish, never more than this (docs/decisions/0060-set-work.md).
 */
const MTC_SECONDS_MAX = mtcTimeLimit(Math.max(...MTC_QUESTION_SECONDS));

// The time played as the server verified it: the performance row's time taken (the timed game, calm or not, and
// practice: at most its time limit); for a rehearsal, its run's start to finish.
const GAME_COLUMNS = `gr.id AS runId, gr.student_id AS studentId, gr.mode AS mode, gr.finished_at AS finishedAt,
  coalesce(sp.time_taken, min(max(gr.finished_at - gr.started_at, 0) / 1000, ${MTC_SECONDS_MAX})) AS seconds`;
const MODES = PUPIL_MODES.map((mode) => `'${mode}'`).join(", ");

/**
 * Every verified game of a class's pupils finished in [from, to) that counts (runCountsSql: not held, not started
 * while another was going) and that some kind of work counts: one query for the
 * whole class, whatever its size or its number of pieces of work.
 */
export function classGames(classId: string, from: number, to: number): PupilGame[] {
  return db.$client
    .prepare<[string, number, number], PupilGame>(
      `SELECT ${GAME_COLUMNS}
       FROM students s
       JOIN game_runs gr ON gr.student_id = s.id
       LEFT JOIN student_performance sp ON sp.run_id = gr.id
       WHERE s.class_id = ? AND ${activeStudentSql("s")} AND gr.mode IN (${MODES}) AND gr.finished_at >= ? AND gr.finished_at < ?
         AND ${runCountsSql("gr")}`,
    )
    .all(classId, from, to);
}

/** The same for one pupil. */
export function pupilGames(studentId: string, from: number, to: number): PupilGame[] {
  return db.$client
    .prepare<[string, number, number], PupilGame>(
      `SELECT ${GAME_COLUMNS}
       FROM game_runs gr
       LEFT JOIN student_performance sp ON sp.run_id = gr.id
       WHERE gr.student_id = ? AND gr.mode IN (${MODES}) AND gr.finished_at >= ? AND gr.finished_at < ?
         AND ${runCountsSql("gr")}`,
    )
    .all(studentId, from, to);
}

/** The class of a pupil (their work is their class's). */
export function classIdOfPupil(studentId: string): string | undefined {
  return db.select({ classId: students.classId }).from(students).where(eq(students.id, studentId)).get()?.classId;
}

/* The school export (docs/product.md#data-rights) */

export type ExportWork = Work & { classId: string; className: string; updatedAt: number };

/** Every piece of work of a school's classes, by class then due date. */
export function schoolWorkToExport(schoolId: string): ExportWork[] {
  return db.$client
    .prepare<[string], ExportWork>(
      `SELECT w.id, w.class_id AS classId, c.name AS className, w.target_kind AS targetKind, w.target,
              w.game_kind AS gameKind, w.due_day AS dueDay, w.note, w.set_at AS setAt, w.updated_at AS updatedAt
       FROM set_work w JOIN classes c ON c.id = w.class_id
       WHERE c.school_id = ? ORDER BY c.created_at, c.id, w.due_day, w.set_at, w.id`,
    )
    .all(schoolId);
}
