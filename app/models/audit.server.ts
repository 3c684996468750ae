import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";
import type { AuditAction } from "~/school-rules/audit-actions";

/* The change log (docs/product.md#change-log): what admins and teachers changed, kept for a year. */

export type AuditActor = { kind: "admin" | "teacher"; id: string; name: string };
export type AuditSubject = { kind: "school" | "class" | "teacher" | "student"; id: string; name: string };

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  schoolId: string | null;
  subject: AuditSubject | null;
  detail?: string;
};

/** How long an entry is kept. */
export const AUDIT_KEEP_MS = 365 * 24 * 60 * 60 * 1000;

let insert: Statement | null = null;

/**
 * Records a change. Call it inside the transaction of the change it records, after the change, so the two are kept
 * together or not at all.
 */
export function recordAudit(entry: AuditEntry, at = Date.now()): void {
  insert ??= db.$client.prepare(
    `INSERT INTO audit_log (at, school_id, actor_kind, actor_id, actor_name, action, subject_kind, subject_id,
       subject_name, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const { actor, subject } = entry;
  insert.run(
    at,
    entry.schoolId,
    actor.kind,
    actor.id,
    actor.name,
    entry.action,
    subject?.kind ?? null,
    subject?.id ?? null,
    subject?.name ?? null,
    entry.detail ?? null,
  );
}

export type AuditRow = {
  id: number;
  at: number;
  schoolId: string | null;
  schoolName: string | null;
  actorKind: "admin" | "teacher";
  actorName: string;
  action: string;
  subjectKind: AuditSubject["kind"] | null;
  subjectName: string | null;
  detail: string | null;
};

/**
 * A page of the log, newest first: entries older than `before` (an entry id; null for the newest), for one school
 * or all. One more than `limit` is read, so the caller knows whether there is an older page.
 */
export function listAudit({
  schoolId,
  before,
  limit,
  without = [],
}: {
  schoolId: string | null;
  before: number | null;
  limit: number;
  /** Kinds of change left out (the parent links an admin chose to hide). */
  without?: readonly string[];
}): AuditRow[] {
  const where = [
    schoolId === null ? null : "a.school_id = @schoolId",
    before === null ? null : "a.id < @before",
    without.length === 0 ? null : "a.action NOT IN (SELECT value FROM json_each(@without))",
  ].filter(Boolean);
  return db.$client
    .prepare(
      `SELECT a.id, a.at, a.school_id AS schoolId, s.name AS schoolName, a.actor_kind AS actorKind,
              a.actor_name AS actorName, a.action, a.subject_kind AS subjectKind, a.subject_name AS subjectName,
              a.detail
       FROM audit_log a LEFT JOIN schools s ON s.id = a.school_id
       ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY a.id DESC LIMIT @limit`,
    )
    .all({ schoolId, before, limit: limit + 1, without: JSON.stringify(without) }) as AuditRow[];
}

/** Deletes entries older than a year, at most `batch` of them; returns how many went. */
export function pruneAudit(now: number, batch: number): number {
  return db.$client
    .prepare(`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < ? ORDER BY at LIMIT ?)`)
    .run(now - AUDIT_KEEP_MS, batch).changes;
}
