import type { SignedInTeacher } from "~/auth/school-session.server";
import { listStudentsOfClass } from "~/models/students.server";
import { classRewardsOff, stickersOfClass } from "~/models/stickers.server";
import { certificateSchool, ownCertificates, thisWeek, weekCertificates } from "~/pages/certificates.server";
import { formatLongDay } from "~/school-rules/competition";
import { firstNameOf } from "~/school/parent-links.server";
import { classInScope, studentInScope, teacherScope } from "~/school/students.server";
import { sortByName } from "~/school-rules/class-results";
import { httpError } from "~/utils/http.server";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";

/*
 * The teacher's certificates page (docs/product.md#sticker-book): `?class=` (their own class) lists the badges and
 * milestones its pupils earned this week, with every certificate below to print; `&student=` (a pupil of that class)
 * gives that pupil's certificates, all of them or the one `&award=` names. Certificates carry first names only.
 */
export function teacherCertificatesData(teacher: SignedInTeacher, url: URL) {
  const scope = teacherScope(teacher.teacherId);
  const klass = classInScope(scope, url.searchParams.get("class"));
  const base = { classId: klass.id, className: klass.name, since: formatLongDay(thisWeek().monday) };
  if (classRewardsOff(klass.id)) return { ...base, off: true as const, pupil: null, week: [], certificates: [] };
  const school = certificateSchool(teacher.schoolId);
  const studentId = url.searchParams.get("student");
  if (studentId !== null) {
    const student = studentInScope(scope, studentId);
    if (student.classId !== klass.id) throw httpError(404, M.studentNotFound);
    const stickers = stickersOfClass(klass.id).get(student.id) ?? [];
    const own = ownCertificates(stickers, firstNameOf(student.name), school, url.searchParams.get("award"));
    return { ...base, off: false as const, pupil: student.name, week: [], certificates: own.certificates };
  }
  const pupils = sortByName(listStudentsOfClass(klass.id)).map((s) => ({ id: s.id, name: s.name }));
  const week = weekCertificates(
    pupils.map((p) => ({ id: p.id, firstName: firstNameOf(p.name) })),
    stickersOfClass(klass.id),
    school,
  );
  const names = new Map(pupils.map((p) => [p.id, p.name]));
  return {
    ...base,
    off: false as const,
    pupil: null,
    week: week.map(({ pupil, awards }) => ({
      id: pupil.id,
      name: names.get(pupil.id) ?? pupil.firstName,
      awards: awards.map(({ id, words }) => ({ id, words })),
    })),
    certificates: week.flatMap((entry) => entry.certificates),
  };
}
