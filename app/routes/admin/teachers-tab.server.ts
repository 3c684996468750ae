import { isRowId, parseCreateTeacher, parseEditTeacher } from "~/forms/admin.server";
import {
  findTeacher,
  insertTeacher,
  listSchoolOptions,
  listTeachers,
  replaceTeacherLoginCode,
  schoolExists,
  updateTeacher,
} from "~/models/schools.server";
import { NoFreeLoginCode, withFreshLoginCode } from "~/school/login-codes.server";
import type { TeacherView } from "~/types/admin";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { tryRead } from "~/utils/http.server";
import { back, failed, refused } from "./panel.server";

/* The Teachers tab of /admin (`?tab=teachers`, docs/product.md#admin): the list, a new teacher, an edit, a new code. */

export function teachersTabData(url: URL) {
  const edit = url.searchParams.get("edit");
  return {
    data: tryRead("admin teachers", () => ({
      teachers: listTeachers().map(({ id, name, email, schoolName, loginCode }): TeacherView => ({
        id,
        name,
        email,
        schoolName,
        loginCode,
      })),
      schools: listSchoolOptions(),
    })),
    editing: isRowId(edit) ? edit : null,
  };
}

export async function createTeacher(request: Request, form: URLSearchParams) {
  const parsed = parseCreateTeacher(form);
  if (!parsed.ok) return refused("create-teacher", parsed.result);
  const teacher = parsed.value;
  if (!schoolExists(teacher.schoolId))
    return refused("create-teacher", parsed.refuse({ fields: { schoolId: M.teacherSchoolRequired } }));
  let code: string;
  try {
    ({ code } = withFreshLoginCode((loginCode) => insertTeacher({ ...teacher, loginCode })));
  } catch (error) {
    failed("creating a teacher", error);
    const message = error instanceof NoFreeLoginCode ? M.teacherCodeFailed : M.teacherFailed;
    return refused("create-teacher", parsed.refuse({ form: message }), 500);
  }
  return back(request, "teachers", { kind: "success", title: M.teacherCreated(code) });
}

export async function editTeacher(request: Request, form: URLSearchParams) {
  const teacherId = form.get("teacherId");
  if (!isRowId(teacherId) || !findTeacher(teacherId))
    return back(request, "teachers", { kind: "error", title: M.teacherUpdateFailed });
  const parsed = parseEditTeacher(form);
  if (!parsed.ok) return refused("edit-teacher", parsed.result, 400, teacherId);
  const { name, email } = parsed.value;
  try {
    if (!updateTeacher(teacherId, { name, email })) throw new Error("the teacher is gone");
  } catch (error) {
    failed("updating a teacher", error);
    return refused("edit-teacher", parsed.refuse({ form: M.teacherUpdateFailed }), 500, teacherId);
  }
  return back(request, "teachers", { kind: "success", title: M.teacherUpdated });
}

/** A new login code for a teacher; the old one stops working and every session of the teacher's ends at once. */
export async function regenerateTeacherCode(request: Request, form: URLSearchParams) {
  const teacherId = form.get("teacherId");
  const fail = () => back(request, "teachers", { kind: "error", title: M.codeFailed });
  if (!isRowId(teacherId)) return fail();
  try {
    const { code, value: changed } = withFreshLoginCode((loginCode) => replaceTeacherLoginCode(teacherId, loginCode));
    if (!changed) return fail();
    return back(request, "teachers", { kind: "success", title: M.codeGenerated(code) });
  } catch (error) {
    failed("a new teacher code", error);
    return fail();
  }
}
