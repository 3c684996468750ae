import { and, eq, gt, inArray, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { activeStudent } from "./active-students.server";
import { classes, parentLinks, students } from "~/db/schema";

/*
 * Parent links as stored (docs/product.md#parents): one row a pupil at most, holding the nonce the link's token is
 * made from and the token's hash, never the token. Data access only: tokens are made and checked in
 * app/school/parent-links.server.ts, and who may touch which pupil is the caller's check.
 */

export type ParentLinkRow = { studentId: string; nonce: string; tokenHash: string; givenAt: number; expiresAt: number };

/**
 * Gives each pupil a link, replacing the one they had (one live link a pupil: the old one stops at once), in one
 * transaction; `after` runs inside it, after the writes (the audit record).
 */
export function upsertParentLinks(rows: readonly ParentLinkRow[], after?: () => void): void {
  db.transaction(() => {
    for (const row of rows) {
      const { studentId: _, ...rest } = row;
      db.insert(parentLinks).values(row).onConflictDoUpdate({ target: parentLinks.studentId, set: rest }).run();
    }
    after?.();
  });
}

/** Stops a pupil's link; false when they had none (then `after` does not run). */
export function deleteParentLink(studentId: string, after?: () => void): boolean {
  return db.transaction(() => {
    const deleted = db.delete(parentLinks).where(eq(parentLinks.studentId, studentId)).run().changes > 0;
    if (deleted) after?.();
    return deleted;
  });
}

/** The links of a class's pupils that still work at `at`, by pupil. */
export function liveParentLinksOfClass(classId: string, at: number): Map<string, ParentLinkRow> {
  const rows = db
    .select({
      studentId: parentLinks.studentId,
      nonce: parentLinks.nonce,
      tokenHash: parentLinks.tokenHash,
      givenAt: parentLinks.givenAt,
      expiresAt: parentLinks.expiresAt,
    })
    .from(parentLinks)
    .innerJoin(students, eq(students.id, parentLinks.studentId))
    .where(and(eq(students.classId, classId), gt(parentLinks.expiresAt, at), activeStudent))
    .all();
  return new Map(rows.map((row) => [row.studentId, row]));
}

export type ParentLinkPupil = { studentId: string; name: string; className: string; expiresAt: number };

/** The pupil a token's hash opens, when its link still works at `at`; otherwise undefined. */
export function pupilOfParentLink(tokenHash: string, at: number): ParentLinkPupil | undefined {
  return db
    .select({
      studentId: students.id,
      name: students.name,
      className: classes.name,
      expiresAt: parentLinks.expiresAt,
    })
    .from(parentLinks)
    .innerJoin(students, eq(students.id, parentLinks.studentId))
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(parentLinks.tokenHash, tokenHash), gt(parentLinks.expiresAt, at), activeStudent))
    .get();
}

/** Housekeeping: deletes up to `limit` links that stopped working at or before `at`. */
export function deleteExpiredParentLinks(at: number, limit: number): number {
  const batch = db
    .select({ id: parentLinks.studentId })
    .from(parentLinks)
    .where(lte(parentLinks.expiresAt, at))
    .limit(limit);
  return db.delete(parentLinks).where(inArray(parentLinks.studentId, batch)).run().changes;
}
