import type { SignedInTeacher } from "~/auth/school-session.server";
import type { SessionUser } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { recordAudit, type AuditActor, type AuditEntry } from "~/models/audit.server";

/* Who made a change, for the change log (docs/product.md#change-log), and a write kept together with its entry. */

export const actorOfTeacher = (teacher: SignedInTeacher): AuditActor => ({
  kind: "teacher",
  id: teacher.teacherId,
  name: teacher.name,
});

/**
 * An admin is named by the e-mail address they log in with: the one name other admins know them by. Their public
 * name is a made-up one for the boards (scripts/admin-create.ts), which no school would recognise.
 */
export const actorOfAdmin = (admin: SessionUser): AuditActor => ({
  kind: "admin",
  id: admin.userId,
  name: admin.email ?? admin.username ?? "An admin",
});

/**
 * Runs `write` and records its entry in one transaction: the entry is made from what the write returns, or not at
 * all when it returns null (nothing changed). A write that throws records nothing.
 */
export function withAudit<T>(write: () => T, entryOf: (result: T) => AuditEntry | null): T {
  return db.$client.transaction(() => {
    const result = write();
    const entry = entryOf(result);
    if (entry) recordAudit(entry);
    return result;
  })();
}

/** The words of the fields that differ between a row and its changes (compared as JSON, so lists compare too). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => FIELD_WORDS[key] ?? key);
}

const FIELD_WORDS: Record<string, string> = {
  name: "name",
  email: "e-mail",
  allowedOperations: "operations",
  timesTables: "times tables",
  difficulty: "difficulty",
  extraTime: "extra time",
  calm: "calm mode",
  extraGames: "more games",
};
