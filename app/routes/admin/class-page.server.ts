import { isRowId } from "~/forms/admin.server";
import { cleanGivenGames, givenGamesWords } from "~/game/modes";
import { findClassDetail, type ClassDetail } from "~/models/schools.server";
import { listStudentsOfClass } from "~/models/students.server";
import { ADMIN_SCOPE, studentInScope } from "~/school/students.server";
import type { ClassConfirmView, ClassPageView, ClassStudentView } from "~/types/admin";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { httpError, tryRead } from "~/utils/http.server";
import { ERASE_STEP, NEW_CODE_STEP, REMOVE_LOGO_STEP } from "~/utils/school-pages";

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
    confirming: confirmingOn(url, found),
    klass,
    students: tryRead("admin class students", () =>
      listStudentsOfClass(found.id).map(
        ({
          id,
          name,
          loginCode,
          timesTables,
          allowedOperations,
          difficulty,
          extraTime,
          calm,
          extraGames,
        }): ClassStudentView => ({
          id,
          name,
          loginCode,
          timesTables,
          allowedOperations,
          difficulty,
          extraTime,
          calm,
          extraGamesWords: givenGamesWords(cleanGivenGames(extraGames)),
        }),
      ),
    ),
    editing: isRowId(edit) ? edit : null,
  };
}

/**
 * The confirmation step the page shows instead of itself (docs/product.md#confirmation-steps): a new code for one
 * of the class's students (`&new-code={student}`; another class's or none is a 404), a pupil's erasure
 * (`&erase={student}`, docs/product.md#data-rights), or the class logo's removal
 * (`&remove-logo={class}`, when it has one).
 */
function confirmingOn(url: URL, klass: ClassDetail): ClassConfirmView | null {
  for (const [param, kind] of [
    [NEW_CODE_STEP, "new-code"],
    [ERASE_STEP, "erase"],
  ] as const) {
    const id = url.searchParams.get(param);
    if (id === null) continue;
    const student = studentInScope(ADMIN_SCOPE, id);
    if (student.classId !== klass.id) throw httpError(404, M.studentNotFound);
    return { kind, student: { id: student.id, name: student.name } };
  }
  const removeLogo = url.searchParams.get(REMOVE_LOGO_STEP);
  if (removeLogo !== null) {
    if (removeLogo !== klass.id || !klass.logoUrl) throw httpError(404, M.noLogo);
    return { kind: "remove-logo" };
  }
  return null;
}
