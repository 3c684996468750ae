import { db } from "~/db/client.server";
import { emptyTheLog } from "~/db/erased-log.server";

/*
 * Erasing a pupil on request (docs/product.md#data-rights): every row about them goes in one transaction, and a
 * record that it was done stays, naming the school, the class and who did it, never the pupil
 * (docs/decisions/0059-school-export-and-pupil-erasure.md).
 */

/** Who erased: an admin (a member with the role) or the pupil's teacher (the change log's actor). */
export type ErasureActor = { kind: "admin" | "teacher"; id: string; name: string };

/** What the change log's earlier entries about an erased pupil show instead of their name. */
export const ERASED_PUPIL = "(erased on request)";

export type ErasureRecord = {
  id: number;
  erasedAt: number;
  byKind: "admin" | "teacher";
  byName: string;
  schoolName: string;
  className: string;
  /** Rows removed, by table. */
  removed: Record<string, number>;
};

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table with a `student_id` column but `students` itself, read from the schema as it is, so a table added
 * later (parent links, say) is erased with the rest without a change here. Asked afresh each time: an erasure is
 * rare, and the answer is a few pragma reads.
 */
export function tablesWithStudentId(): string[] {
  const tables = db.$client
    .prepare<[], { name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'students'
       ORDER BY name`,
    )
    .all();
  return tables
    .filter(({ name }) =>
      db.$client
        .prepare<[], { name: string }>(`PRAGMA table_info(${quoted(name)})`)
        .all()
        .some((column) => column.name === "student_id"),
    )
    .map(({ name }) => name);
}

export type Erased = { schoolId: string; classId: string; className: string; removed: Record<string, number> };

/**
 * Erases one pupil: their board rows (a pupil's games make none, but any a run of theirs has go), every row of
 * every table that carries their id (results, games, fact records, sessions, parent links, …), the pupil, and
 * whatever `alsoInside` does (the audit entries, the live games), then the erasure record, all in one transaction. Undefined when
 * there is no such pupil (nothing written). With no actor (housekeeping, at the end of an archived pupil's privacy
 * period: docs/product.md#privacy-and-retention) no erasure record is made: no one asked for it. After the commit the
 * write-ahead log is emptied, so the pages as they were before go with it (the connection's secure_delete has
 * already zeroed the rows in the file: docs/decisions/0069-secure-delete-and-a-truncated-log.md).
 */
export function erasePupil(
  studentId: string,
  actor: ErasureActor | null,
  at: number,
  alsoInside?: (erased: Erased) => void,
): Erased | undefined {
  const erased = erasePupilRows(studentId, actor, at, alsoInside);
  if (erased) emptyTheLog(db.$client);
  return erased;
}

/** erasePupil's transaction alone, without emptying the log after it (bench/secure-delete.bench.ts times both). */
export function erasePupilRows(
  studentId: string,
  actor: ErasureActor | null,
  at: number,
  alsoInside?: (erased: Erased) => void,
): Erased | undefined {
  return db.transaction(() => {
    const pupil = db.$client
      .prepare<[string], { classId: string; className: string; schoolId: string; schoolName: string }>(
        `SELECT c.id AS classId, c.name AS className, s.id AS schoolId, s.name AS schoolName
         FROM students p JOIN classes c ON c.id = p.class_id JOIN schools s ON s.id = c.school_id WHERE p.id = ?`,
      )
      .get(studentId);
    if (!pupil) return undefined;
    const removed: Record<string, number> = {};
    // Board rows by the pupil's runs (their daily and best rows go with the entry: the foreign keys cascade).
    removed.daily_leaderboard_entries = db.$client
      .prepare(`DELETE FROM daily_leaderboard_entries WHERE run_id IN (SELECT id FROM game_runs WHERE student_id = ?)`)
      .run(studentId).changes;
    for (const table of tablesWithStudentId()) {
      removed[table] = db.$client.prepare(`DELETE FROM ${quoted(table)} WHERE student_id = ?`).run(studentId).changes;
    }
    db.$client.prepare(`DELETE FROM students WHERE id = ?`).run(studentId);
    const erased: Erased = { schoolId: pupil.schoolId, classId: pupil.classId, className: pupil.className, removed };
    alsoInside?.(erased);
    if (actor === null) return erased;
    db.$client
      .prepare(
        `INSERT INTO erasures (erased_at, by_kind, by_id, by_name, school_id, school_name, class_id, class_name, removed)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        at,
        actor.kind,
        actor.id,
        actor.name,
        pupil.schoolId,
        pupil.schoolName,
        pupil.classId,
        pupil.className,
        JSON.stringify(removed),
      );
    return erased;
  });
}

/**
 * Empties the write-ahead log after deletes that were not an erasure's own (the housekeeping's retention batches), so
 * the rows they deleted leave the log as they left the file (docs/decisions/0069-secure-delete-and-a-truncated-log.md).
 */
export function emptyLogAfterDeletes(): boolean {
  return emptyTheLog(db.$client);
}

/** A school's erasure records, newest first (the admin's export page shows them). */
export function erasuresOfSchool(schoolId: string, limit = 200): ErasureRecord[] {
  return db.$client
    .prepare<[string, number], Omit<ErasureRecord, "removed"> & { removed: string }>(
      `SELECT id, erased_at AS erasedAt, by_kind AS byKind, by_name AS byName, school_name AS schoolName,
              class_name AS className, removed
       FROM erasures WHERE school_id = ? ORDER BY erased_at DESC, id DESC LIMIT ?`,
    )
    .all(schoolId, limit)
    .map((row) => ({ ...row, removed: parseRemoved(row.removed) }));
}

function parseRemoved(text: string): Record<string, number> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Erasure records older than `before`, at most `limit` a statement (the housekeeping's batches). */
export function deleteErasuresBefore(before: number, limit: number): number {
  return db.$client
    .prepare(`DELETE FROM erasures WHERE id IN (SELECT id FROM erasures WHERE erased_at < ? LIMIT ?)`)
    .run(before, limit).changes;
}

/**
 * The change log's earlier entries about a pupil being erased keep what was done and by whom, but no longer of whom:
 * their name becomes ERASED_PUPIL and their id goes (docs/decisions/0059-school-export-and-pupil-erasure.md). Run
 * inside the erasure's transaction.
 */
export function forgetPupilInAudit(studentId: string): number {
  return db.$client
    .prepare(
      `UPDATE audit_log SET subject_id = NULL, subject_name = ? WHERE subject_kind = 'student' AND subject_id = ?`,
    )
    .run(ERASED_PUPIL, studentId).changes;
}
