import { recordAudit, type AuditActor } from "~/models/audit.server";
import { erasePupil, forgetPupilInAudit } from "~/models/erasures.server";
import type { StudentRow } from "~/models/students.server";
import { forgetPupilInLiveGames } from "~/live-hub/registry.server";
import { now } from "~/utils/clock.server";

/*
 * Data rights (docs/product.md#data-rights): erasing a pupil with its change log entries, and the export's entry.
 * The export itself is app/school/school-export.server.ts. Set work belongs to a class, not to a pupil
 * (docs/product.md#set-work): erasing a pupil leaves it, and it goes with its class (a foreign key, cascade).
 */

/**
 * Erases the pupil (every row about them, in one transaction) and records it: the erasure record, the change log
 * entry `student.erased` (about the class, naming no one), and the earlier entries that named the pupil lose the
 * name (docs/decisions/0059-school-export-and-pupil-erasure.md); any live game forgets them at once too: seat, name,
 * answers, report (docs/product.md#data-rights). False when the pupil was already gone.
 */
export function eraseStudent(student: Pick<StudentRow, "id">, actor: AuditActor): boolean {
  const at = now();
  const erased = erasePupil(student.id, actor, at, (done) => {
    forgetPupilInLiveGames(student.id);
    forgetPupilInAudit(student.id);
    recordAudit(
      {
        actor,
        action: "student.erased",
        schoolId: done.schoolId,
        subject: { kind: "class", id: done.classId, name: done.className },
      },
      at,
    );
  });
  return erased !== undefined;
}

/**
 * Erases a pupil archived longer than the privacy period (housekeeping: docs/product.md#privacy-and-retention), as
 * an erasure on request erases them, every row in one transaction, and the change log's entries that named them lose
 * the name; but with no erasure record and no `student.erased` entry, as no one asked for it. False when gone.
 */
export function eraseArchivedPupil(studentId: string): boolean {
  return (
    erasePupil(studentId, null, now(), () => {
      forgetPupilInLiveGames(studentId);
      forgetPupilInAudit(studentId);
    }) !== undefined
  );
}

/** That an admin exported a school's data (the change log's `school.exported`, with the format). */
export function recordExport(actor: AuditActor, school: { id: string; name: string }, format: "zip" | "json") {
  recordAudit({
    actor,
    action: "school.exported",
    schoolId: school.id,
    subject: { kind: "school", id: school.id, name: school.name },
    detail: format === "zip" ? "a zip of CSV files" : "one JSON file",
  });
}
