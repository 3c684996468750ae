import { redirect } from "@remix-run/node";
import { classMapView, playerMapView, type ClassPupil } from "~/facts/summary";
import { factBooksOf, factBooksOfClass } from "~/models/fact-records.server";
import { listStudentsOfClass } from "~/models/students.server";
import { classInScope, studentInScope, type StudentScope } from "~/school/students.server";
import { ADMIN_MESSAGES as A } from "~/utils/admin-messages";
import { httpError } from "~/utils/http.server";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";

const NO_STORE = { "Cache-Control": "no-store" } as const;

/* The class's facts (docs/product.md#heat-maps) */

/**
 * A class's heat map page: the class at a glance, "needs help" and the most-missed facts; with `?student=` (a pupil
 * of that class, in the reader's scope) that pupil's own map instead. An admin reads any class; a teacher only theirs.
 */
export function classFactsData(scope: StudentScope, url: URL) {
  const classId = url.searchParams.get("class");
  if (classId === null) throw redirect(scope.area === "admin" ? "/admin" : "/teacher-dashboard", { headers: NO_STORE });
  const klass = classInScope(scope, classId);
  const asked = url.searchParams.get("op");
  const studentId = url.searchParams.get("student");
  if (studentId !== null) {
    const student = studentInScope(scope, studentId);
    if (student.classId !== klass.id)
      throw httpError(404, scope.area === "admin" ? A.studentNotFound : M.studentNotFound);
    const facts = playerMapView(factBooksOf({ kind: "student", studentId: student.id }), asked);
    return {
      classId: klass.id,
      className: klass.name,
      pupil: { id: student.id, name: student.name, facts },
      klass: null,
    };
  }
  const books = factBooksOfClass(klass.id);
  const pupils: ClassPupil[] = listStudentsOfClass(klass.id).map((student) => ({
    id: student.id,
    name: student.name,
    books: books.get(student.id) ?? {},
  }));
  const view = classMapView(pupils, asked);
  return {
    classId: klass.id,
    className: klass.name,
    pupil: null,
    klass: { ...view, pupils: pupils.map(({ id, name }) => ({ id, name })) },
  };
}
