import { isRowId } from "~/forms/admin.server";
import { findClassDetail } from "~/models/schools.server";
import { listStudentsOfClass } from "~/models/students.server";
import type { ClassPageView, ClassStudentView } from "~/types/admin";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { httpError, tryRead } from "~/utils/http.server";

/*
 * One class's page on the Schools & Classes tab (`?tab=schools&class={id}`, docs/product.md#admin): the class, its
 * logo and its students. Its student forms are the one student service's (app/school/students.server.ts).
 */

/** The page's read; an unknown class (or not an id at all) is a 404. */
export function classPageData(url: URL) {
  const classId = url.searchParams.get("class");
  const found = isRowId(classId) ? findClassDetail(classId) : undefined;
  if (!found) throw httpError(404, M.classNotFound);
  const klass: ClassPageView = {
    id: found.id,
    name: found.name,
    logoUrl: found.logoUrl,
    schoolName: found.schoolName,
    teacherName: found.teacherName,
  };
  const edit = url.searchParams.get("edit");
  return {
    klass,
    students: tryRead("admin class students", () =>
      listStudentsOfClass(found.id).map(
        ({ id, name, loginCode, timesTables, allowedOperations, difficulty }): ClassStudentView => ({
          id,
          name,
          loginCode,
          timesTables,
          allowedOperations,
          difficulty,
        }),
      ),
    ),
    editing: isRowId(edit) ? edit : null,
  };
}
