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
import type { AuditActor } from "~/models/audit.server";
import { withAudit } from "~/school/audit.server";
import { NoFreeLoginCode, withFreshLoginCode } from "~/school/login-codes.server";
import type { TeacherView } from "~/types/admin";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { httpError, tryRead } from "~/utils/http.server";
import { NEW_CODE_STEP } from "~/utils/school-pages";
import { back, failed, refused } from "./panel.server";

/* The Teachers tab of /admin (`?tab=teachers`, docs/product.md#admin): the list, a new teacher, an edit, a new code. */

/** The tab; `&edit=` opens a teacher's form, `&new-code=` is a new code's confirmation step (docs/product.md#confirmation-steps). */
export function teachersTabData(url: URL) {
  const edit = url.searchParams.get("edit");
  return {
    confirming: newCodeStep(url),
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

/** The teacher a new code's confirmation step is about: not an id is a 400, no such teacher a 404. */
function newCodeStep(url: URL): { id: string; name: string } | null {
  const teacherId = url.searchParams.get(NEW_CODE_STEP);
  if (teacherId === null) return null;
  if (!isRowId(teacherId)) throw httpError(400, M.badRequest);
  const teacher = findTeacher(teacherId);
  if (!teacher) throw httpError(404, M.teacherNotFound);
  return { id: teacher.id, name: teacher.name };
}

export async function createTeacher(request: Request, form: URLSearchParams, actor: AuditActor) {
  const parsed = parseCreateTeacher(form);
  if (!parsed.ok) return refused("create-teacher", parsed.result);
  const teacher = parsed.value;
  if (!schoolExists(teacher.schoolId))
    return refused("create-teacher", parsed.refuse({ fields: { schoolId: M.teacherSchoolRequired } }));
  let code: string;
  try {
    ({ code } = withAudit(
      () => withFreshLoginCode((loginCode) => insertTeacher({ ...teacher, loginCode })),
      ({ value: id }) => ({
        actor,
        action: "teacher.created",
        schoolId: teacher.schoolId,
        subject: { kind: "teacher", id, name: teacher.name },
      }),
    ));
  } catch (error) {
    failed("creating a teacher", error);
    const message = error instanceof NoFreeLoginCode ? M.teacherCodeFailed : M.teacherFailed;
    return refused("create-teacher", parsed.refuse({ form: message }), 500);
  }
  return back(request, "teachers", { kind: "success", title: M.teacherCreated(code) });
}

export async function editTeacher(request: Request, form: URLSearchParams, actor: AuditActor) {
  const teacherId = form.get("teacherId");
  const before = isRowId(teacherId) ? findTeacher(teacherId) : undefined;
  if (!before) return back(request, "teachers", { kind: "error", title: M.teacherUpdateFailed });
  const parsed = parseEditTeacher(form);
  if (!parsed.ok) return refused("edit-teacher", parsed.result, 400, before.id);
  const { name, email } = parsed.value;
  try {
    withAudit(
      () => {
        if (!updateTeacher(before.id, { name, email })) throw new Error("the teacher is gone");
      },
      () => ({
        actor,
        action: "teacher.updated",
        schoolId: before.schoolId,
        subject: { kind: "teacher", id: before.id, name },
        detail: before.name === name ? undefined : `was ${before.name}`,
      }),
    );
  } catch (error) {
    failed("updating a teacher", error);
    return refused("edit-teacher", parsed.refuse({ form: M.teacherUpdateFailed }), 500, before.id);
  }
  return back(request, "teachers", { kind: "success", title: M.teacherUpdated });
}

/** A new login code for a teacher; the old one stops working and every session of the teacher's ends at once. */
export async function regenerateTeacherCode(request: Request, form: URLSearchParams, actor: AuditActor) {
  const teacherId = form.get("teacherId");
  const fail = () => back(request, "teachers", { kind: "error", title: M.codeFailed });
  const teacher = isRowId(teacherId) ? findTeacher(teacherId) : undefined;
  if (!teacher) return fail();
  try {
    const { code, value: changed } = withAudit(
      () => withFreshLoginCode((loginCode) => replaceTeacherLoginCode(teacher.id, loginCode)),
      ({ value }) =>
        value
          ? {
              actor,
              action: "teacher.code-renewed",
              schoolId: teacher.schoolId,
              subject: { kind: "teacher", id: teacher.id, name: teacher.name },
            }
          : null,
    );
    if (!changed) return fail();
    return back(request, "teachers", { kind: "success", title: M.codeGenerated(code) });
  } catch (error) {
    failed("a new teacher code", error);
    return fail();
  }
}
