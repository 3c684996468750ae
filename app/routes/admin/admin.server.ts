import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import type { AdminIntent, AdminReply } from "~/components/admin/admin-reply";
import { HashQueueFull, verifyAgainstDecoy, verifyPassword } from "~/accounts/password.server";
import { adminOrSignedOut } from "~/auth/roles.server";
import { signInAndRedirect } from "~/auth/sign-in.server";
import {
  isRowId,
  parseAdminLogin,
  parseCreateClass,
  parseCreateSchool,
  parseCreateTeacher,
  parseEditTeacher,
} from "~/forms/admin.server";
import { AUTH_LIMITS } from "~/limits/auth-limits.server";
import { findLoginWithRole } from "~/models/admins.server";
import {
  findTeacher,
  insertClass,
  insertSchool,
  insertTeacher,
  listSchoolOptions,
  listSchoolsWithClasses,
  listTeachers,
  schoolExists,
  setTeacherLoginCode,
  updateTeacher,
} from "~/models/schools.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import type { SchoolView, TeacherView } from "~/types/admin";
import { ADMIN_MESSAGES as M, oneLine, type AdminTab } from "~/utils/admin-messages";
import { flashHeaders, type Flash } from "~/utils/flash.server";
import { tryRead } from "~/utils/http.server";

/*
 * What /admin does (docs/product.md#admin). Route-private: admin.tsx calls these, and only after the role check
 * (requireAdmin) for everything but the login itself. A refused form comes back with its messages and the input
 * kept; a done one leads back to its tab with the message; a write that fails says so and writes nothing.
 */

export type { AdminReply };

const refused = (intent: AdminIntent, result: SubmissionResult<string[]>, status = 400, target?: string) =>
  data<AdminReply>(target ? { intent, result, target } : { intent, result }, { status });

/** Back to a tab with the message (a redirect, so a reload never posts twice). */
async function back(request: Request, tab: AdminTab, flash: Flash) {
  return redirect(`/admin?tab=${tab}`, { headers: await flashHeaders(request, flash) });
}

/** A write that failed for a reason of the server's (logged once), not the form's. */
function failed(what: string, error: unknown) {
  console.error(`admin: ${what} failed`, error);
}

/* The login */

/**
 * The admin login: the username is the admin's e-mail address. Counted by the sign-in limiter like every
 * sign-in; an unknown address is checked against a decoy so it takes as long as a wrong password; a member who
 * is not an admin gets the same answer as a wrong password.
 */
export async function adminLogin(request: Request, form: URLSearchParams, address: string | null) {
  // Already an admin: the panel. Signed in as a member without the role: the plain 403 (thrown).
  if (await adminOrSignedOut(request)) return redirect("/admin");
  const parsed = parseAdminLogin(form);
  if (!parsed.ok) return refused("login", parsed.result);
  const { username, password } = parsed.value;
  const limited = AUTH_LIMITS.signIn({ address, account: username });
  if (!limited.ok)
    return data<AdminReply>(
      { intent: "login", result: parsed.refuse({ form: limited.message }) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );

  const account = findLoginWithRole(username);
  let matches: boolean;
  try {
    matches = account?.passwordHash
      ? await verifyPassword(account.passwordHash, password)
      : await verifyAgainstDecoy(password);
  } catch (error) {
    if (error instanceof HashQueueFull) return refused("login", parsed.refuse({ form: oneLine(M.loginError) }), 503);
    throw error;
  }
  if (!account || !matches || account.role !== "admin")
    return refused("login", parsed.refuse({ form: oneLine(M.loginFailed) }), 401);
  return signInAndRedirect(request, account.id, { to: "/admin", flash: { kind: "success", ...M.loginSuccess } });
}

/* The panel's reads, per tab */

export function schoolsTabData() {
  return {
    schools: tryRead("admin schools", (): SchoolView[] =>
      listSchoolsWithClasses().map((school) => ({
        id: school.id,
        name: school.name,
        classes: school.classes.map(({ id, name, teacherName }) => ({ id, name, teacherName })),
        teachers: school.teachers,
      })),
    ),
  };
}

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

/* Schools and classes */

export async function createSchool(request: Request, form: URLSearchParams) {
  const parsed = parseCreateSchool(form);
  if (!parsed.ok) return refused("create-school", parsed.result);
  try {
    insertSchool(parsed.value.name);
  } catch (error) {
    failed("creating a school", error);
    return refused("create-school", parsed.refuse({ form: M.schoolFailed }), 500);
  }
  return back(request, "schools", { kind: "success", title: M.schoolCreated });
}

export async function createClass(request: Request, form: URLSearchParams) {
  // The school is the form's own (a hidden field): one that does not exist is no input to correct.
  const schoolId = form.get("schoolId");
  if (!isRowId(schoolId) || !schoolExists(schoolId))
    return back(request, "schools", { kind: "error", title: M.classFailed });
  const parsed = parseCreateClass(form);
  if (!parsed.ok) return refused("create-class", parsed.result, 400, schoolId);
  const { name, teacherId } = parsed.value;
  if (findTeacher(teacherId)?.schoolId !== schoolId)
    return refused("create-class", parsed.refuse({ fields: { teacherId: M.classTeacherElsewhere } }), 400, schoolId);
  try {
    insertClass({ name, schoolId, teacherId, loginKey: newClassLoginKey() });
  } catch (error) {
    failed("creating a class", error);
    return refused("create-class", parsed.refuse({ form: M.classFailed }), 500, schoolId);
  }
  return back(request, "schools", { kind: "success", title: M.classCreated });
}

/* Teachers */

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
    return refused("create-teacher", parsed.refuse({ form: M.teacherFailed }), 500);
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

/** A new login code for a teacher; the old one stops working at once. */
export async function regenerateTeacherCode(request: Request, form: URLSearchParams) {
  const teacherId = form.get("teacherId");
  const fail = () => back(request, "teachers", { kind: "error", title: M.codeFailed });
  if (!isRowId(teacherId)) return fail();
  try {
    const { code, value: changed } = withFreshLoginCode((loginCode) => setTeacherLoginCode(teacherId, loginCode));
    if (!changed) return fail();
    return back(request, "teachers", { kind: "success", title: M.codeGenerated(code) });
  } catch (error) {
    failed("a new teacher code", error);
    return fail();
  }
}
