import { redirect } from "@remix-run/node";
import { requireStudent, STUDENT_LOGIN_PATH, type SignedInStudent } from "~/auth/school-session.server";
import { cleanGivenGames } from "~/game/modes";
import { findStudentHome } from "~/models/student-home.server";
import { cleanStudentSettings, settingsView } from "~/runs/student.server";
import type { StudentBanner, StudentSettingsView } from "~/types/student";

/*
 * What every pupil page loads first (docs/product.md#students): the pupil of this browser's school session (or a
 * redirect to the student login), their banner and their stored settings. Only the pupil's own id is ever read.
 */

export const NO_STORE = { "Cache-Control": "no-store" } as const;

export type StudentHome = {
  student: SignedInStudent;
  banner: StudentBanner;
  settings: StudentSettingsView;
  /** The games their teacher gave beside their own (docs/decisions/0083-extra-games-per-pupil.md). */
  given: Record<string, string[]>;
};

export async function loadStudentHome(request: Request): Promise<StudentHome> {
  const student = await requireStudent(request);
  const home = findStudentHome(student.studentId);
  // Deleted since the session was read: the session went with the pupil, so log in again.
  if (!home) throw redirect(STUDENT_LOGIN_PATH, { headers: NO_STORE });
  return {
    student,
    banner: {
      name: student.name,
      className: student.className,
      teacherName: student.teacherName,
      schoolName: student.schoolName,
      classLogoUrl: home.classLogoUrl,
      schoolLogoUrl: home.schoolLogoUrl,
    },
    settings: settingsView(cleanStudentSettings(home)),
    given: cleanGivenGames(home.extraGames),
  };
}
