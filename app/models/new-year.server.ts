import { db } from "~/db/client.server";
import { activeStudentSql } from "./active-students.server";

/*
 * The new school year (docs/product.md#new-school-year): what its page reads of a school, the one write that moves
 * the classes up and archives the leavers, and the archived pupils (their list, and housekeeping's erasure of them
 * after the privacy period). Data access only: app/school/new-year.server.ts checks the form.
 */

export type NewYearPupil = { id: string; name: string };
export type NewYearClass = {
  id: string;
  name: string;
  teacherId: string;
  teacherName: string;
  pupils: NewYearPupil[];
};

/** A school's classes by name, each with its teacher and its pupils (not archived) by name. */
export function classesForNewYear(schoolId: string): NewYearClass[] {
  const classes = db.$client
    .prepare<[string], Omit<NewYearClass, "pupils">>(
      `SELECT c.id, c.name, c.teacher_id AS teacherId, t.name AS teacherName
       FROM classes c JOIN teachers t ON t.id = c.teacher_id
       WHERE c.school_id = ? ORDER BY c.name COLLATE NOCASE, c.created_at, c.id`,
    )
    .all(schoolId);
  const pupils = db.$client
    .prepare<[string], NewYearPupil & { classId: string }>(
      `SELECT p.id, p.name, p.class_id AS classId FROM students p JOIN classes c ON c.id = p.class_id
       WHERE c.school_id = ? AND ${activeStudentSql("p")} ORDER BY p.name COLLATE NOCASE, p.id`,
    )
    .all(schoolId);
  return classes.map((c) => ({
    ...c,
    pupils: pupils.filter((p) => p.classId === c.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** The school's teachers by name (a class's teacher is one of them). */
export function teachersOfSchool(schoolId: string): { id: string; name: string }[] {
  return db.$client
    .prepare<[string], { id: string; name: string }>(
      `SELECT id, name FROM teachers WHERE school_id = ? ORDER BY name COLLATE NOCASE, id`,
    )
    .all(schoolId);
}

/** The change log's last `year.started` of the school (its id), so a second start is told from the first. */
export function lastYearStarted(schoolId: string): number | null {
  const row = db.$client
    .prepare<[string], { id: number }>(
      `SELECT max(id) AS id FROM audit_log WHERE school_id = ? AND action = 'year.started'`,
    )
    .get(schoolId);
  return row?.id ?? null;
}

export type ClassChange = { id: string; name: string; teacherId: string };

/**
 * The year's write, inside the caller's transaction: each class's new name and teacher, the leavers archived at
 * `at`, and their sessions and parent links ended. The number of pupils archived.
 */
export function writeNewYear(changes: readonly ClassChange[], leavers: readonly string[], at: number): number {
  const rename = db.$client.prepare(`UPDATE classes SET name = ?, teacher_id = ? WHERE id = ?`);
  for (const change of changes) {
    if (rename.run(change.name, change.teacherId, change.id).changes !== 1) throw new Error("a class is gone");
  }
  const archive = db.$client.prepare(
    `UPDATE students SET archived_at = ? WHERE id = ? AND ${activeStudentSql("students")}`,
  );
  const endSessions = db.$client.prepare(`DELETE FROM sessions WHERE student_id = ?`);
  const endLinks = db.$client.prepare(`DELETE FROM parent_links WHERE student_id = ?`);
  let archived = 0;
  for (const id of leavers) {
    if (archive.run(at, id).changes !== 1) throw new Error("a pupil is gone");
    endSessions.run(id);
    endLinks.run(id);
    archived += 1;
  }
  return archived;
}

export type ArchivedPupil = { id: string; name: string; className: string; archivedAt: number };

/** A school's archived pupils, newest archive first, then by name. */
export function archivedPupilsOfSchool(schoolId: string): ArchivedPupil[] {
  return db.$client
    .prepare<[string], ArchivedPupil>(
      `SELECT p.id, p.name, c.name AS className, p.archived_at AS archivedAt
       FROM students p JOIN classes c ON c.id = p.class_id
       WHERE c.school_id = ? AND p.archived_at IS NOT NULL
       ORDER BY p.archived_at DESC, p.name COLLATE NOCASE, p.id`,
    )
    .all(schoolId);
}

/** One archived pupil of the school; undefined when there is none such (not archived, another school's, gone). */
export function archivedPupilOfSchool(studentId: string, schoolId: string): ArchivedPupil | undefined {
  return archivedPupilsOfSchool(schoolId).find((pupil) => pupil.id === studentId);
}

/** Up to `limit` pupils archived before `before` (housekeeping erases them: docs/product.md#privacy-and-retention). */
export function pupilsArchivedBefore(before: number, limit: number): string[] {
  return db.$client
    .prepare<[number, number], string>(
      `SELECT id FROM students WHERE archived_at IS NOT NULL AND archived_at < ? ORDER BY archived_at, id LIMIT ?`,
    )
    .pluck()
    .all(before, limit);
}
