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
import { parseAddStudent, parseEditStudent } from "~/forms/teacher.server";
import { AUTH_LIMITS } from "~/limits/auth-limits.server";
import { findLoginWithRole } from "~/models/admins.server";
import { replaceStudentLoginCode } from "~/models/class-results.server";
import {
  ImageNotStored,
  logoOf,
  replaceLogo,
  withStoredImage,
  type LogoOwner,
  type NewImage,
} from "~/models/images.server";
import {
  classExists,
  findClassDetail,
  findTeacher,
  insertClass,
  insertSchool,
  insertTeacher,
  listSchoolOptions,
  listSchoolsWithClasses,
  listTeachers,
  replaceTeacherLoginCode,
  schoolExists,
  updateTeacher,
} from "~/models/schools.server";
import { countStudentLogins, studentLoginsPage, STUDENT_SEARCH_MAX } from "~/models/student-logins.server";
import { findStudent, insertStudent, listStudentsOfClass, updateStudent } from "~/models/students.server";
import { LOGO_MAX_BYTES, processLogo } from "~/school/logo-image.server";
import { NoFreeLoginCode, newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import type { ClassPageView, ClassStudentView, SchoolView, StudentLoginsView, TeacherView } from "~/types/admin";
import { ADMIN_MESSAGES as M, oneLine, type AdminTab } from "~/utils/admin-messages";
import { flashHeaders, type Flash } from "~/utils/flash.server";
import { httpError, tooManyRequests, tryRead } from "~/utils/http.server";
import { readMultipartForm, type UploadedFile } from "~/utils/multipart-form.server";
import { TEACHER_MESSAGES as T } from "~/utils/teacher-messages";

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
  return backTo(request, `/admin?tab=${tab}`, flash);
}

/** Back to a page of the panel (a path made here, never one sent by the browser) with the message. */
async function backTo(request: Request, path: string, flash: Flash) {
  return redirect(path, { headers: await flashHeaders(request, flash) });
}

/** One class's page on the Schools & Classes tab. */
export const classPagePath = (classId: string) => `/admin?tab=schools&class=${encodeURIComponent(classId)}`;

/** A form field naming a row: not one at all is a request no page of ours sent (400, nothing written). */
function rowIdIn(form: URLSearchParams | FormData, name: string): string {
  const value = form.get(name);
  if (!isRowId(value)) throw httpError(400, M.badRequest);
  return value;
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
      tooManyRequests(limited),
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
    // A member's right password here counts as a failure too: the limits must not tell the two apart.
    return refused("login", parsed.refuse({ form: oneLine(M.loginFailed) }), 401);
  limited.rightPassword();
  return signInAndRedirect(request, account.id, { to: "/admin", flash: { kind: "success", ...M.loginSuccess } });
}

/* The panel's reads, per tab */

export function schoolsTabData() {
  return {
    schools: tryRead("admin schools", (): SchoolView[] =>
      listSchoolsWithClasses().map((school) => ({
        id: school.id,
        name: school.name,
        logoUrl: school.logoUrl,
        classes: school.classes.map(({ id, name, teacherName, logoUrl }) => ({ id, name, teacherName, logoUrl })),
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

/** One class's page (`?tab=schools&class={id}`): the class, its logo and its students; an unknown class is a 404. */
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

/** What the Student Logins table was asked for: the search and the page (`after` or `before` a student). */
function studentLoginsQuery(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, STUDENT_SEARCH_MAX);
  const after = url.searchParams.get("after");
  const before = url.searchParams.get("before");
  return { q, after: isRowId(after) ? after : null, before: isRowId(before) ? before : null };
}

/** The address of a page of the Student Logins table. */
function studentLoginsPath(query: { q: string; after?: string | null; before?: string | null }) {
  const params = new URLSearchParams({ tab: "students" });
  if (query.q) params.set("q", query.q);
  if (query.before) params.set("before", query.before);
  else if (query.after) params.set("after", query.after);
  return `/admin?${params}`;
}

export function studentLoginsData(url: URL) {
  const { q, after, before } = studentLoginsQuery(url);
  return {
    logins: tryRead("admin student logins", (): StudentLoginsView => {
      const page = studentLoginsPage({ q, after, before });
      return {
        q,
        rows: page.rows,
        total: countStudentLogins(q),
        previous: page.previous ? studentLoginsPath({ q, before: page.previous }) : null,
        next: page.next ? studentLoginsPath({ q, after: page.next }) : null,
      };
    }),
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

/**
 * A new class, with its logo when one was chosen (the form is multipart then: `logo` is the file). A refused logo
 * refuses the class, so nothing is half made.
 */
export async function createClass(request: Request, form: URLSearchParams | FormData, logoFile?: UploadedFile) {
  // The school is the form's own (a hidden field): one that does not exist is no input to correct.
  const schoolId = form.get("schoolId");
  if (!isRowId(schoolId) || !schoolExists(schoolId))
    return back(request, "schools", { kind: "error", title: M.classFailed });
  const parsed = parseCreateClass(form);
  if (!parsed.ok) return refused("create-class", parsed.result, 400, schoolId);
  const { name, teacherId } = parsed.value;
  if (findTeacher(teacherId)?.schoolId !== schoolId)
    return refused("create-class", parsed.refuse({ fields: { teacherId: M.classTeacherElsewhere } }), 400, schoolId);
  let image: NewImage | null = null;
  if (logoFile && logoFile.kind !== "none") {
    const logo = await checkedLogo(logoFile);
    if (!logo.ok)
      return refused("create-class", parsed.refuse({ fields: { logo: logo.message } }), logo.status, schoolId);
    image = logo.image;
  }
  try {
    withStoredImage(image, (logoUrl) =>
      insertClass({ name, schoolId, teacherId, loginKey: newClassLoginKey(), logoUrl }),
    );
  } catch (error) {
    failed("creating a class", error);
    const message = error instanceof ImageNotStored ? M.logoUploadFailed() : M.classFailed;
    return refused("create-class", parsed.refuse({ form: message }), 500, schoolId);
  }
  return back(request, "schools", { kind: "success", title: M.classCreated });
}

/* Logos (docs/product.md#logos) */

/** The largest multipart body read to its end (a too-large file still gets its message beside the form). */
export const MAX_UPLOAD_BODY_BYTES = 25 * 1024 * 1024;

/** Reads a multipart form of the panel (a logo upload, or a new class with its logo), after requireAdmin. */
export async function multipartAction(request: Request) {
  const read = await readMultipartForm(request, {
    fileField: "logo",
    maxFileBytes: LOGO_MAX_BYTES,
    maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
  });
  if (!read.ok) throw httpError(read.status, read.status === 413 ? oneLine(M.fileTooLarge) : read.message);
  switch (read.fields.get("intent")) {
    case "upload-logo":
      return uploadLogo(request, read.fields, read.file);
    case "create-class":
      return createClass(request, read.fields, read.file);
    default:
      throw httpError(400, M.badRequest);
  }
}

type CheckedLogo = { ok: true; image: NewImage } | { ok: false; status: number; message: string };

/** An uploaded file checked and re-encoded, or the message for the form and the status to answer with. */
async function checkedLogo(file: UploadedFile): Promise<CheckedLogo> {
  if (file.kind === "none") return { ok: false, status: 400, message: M.noFile };
  if (file.kind === "too-large") return { ok: false, status: 413, message: oneLine(M.fileTooLarge) };
  const result = await processLogo(file.bytes);
  if (result.ok) return result;
  switch (result.reason) {
    case "empty":
      return { ok: false, status: 400, message: M.noFile };
    case "too-large":
      return { ok: false, status: 413, message: oneLine(M.fileTooLarge) };
    case "not-an-image":
      return { ok: false, status: 415, message: oneLine(M.invalidFileType) };
    case "unreadable":
      return { ok: false, status: 422, message: M.logoUploadFailed(M.imageUnreadable) };
  }
}

/** The school or class a logo form names (hidden fields `owner` and `ownerId`); none is a 400, an unknown one a 404. */
function logoOwnerIn(form: URLSearchParams | FormData): LogoOwner {
  const kind = form.get("owner");
  if (kind !== "school" && kind !== "class") throw httpError(400, M.badRequest);
  const owner: LogoOwner = { kind, id: rowIdIn(form, "ownerId") };
  if (logoOf(owner) === undefined) throw httpError(404, kind === "school" ? M.schoolNotFound : M.classNotFound);
  return owner;
}

const logoPagePath = (owner: LogoOwner) => (owner.kind === "school" ? "/admin?tab=schools" : classPagePath(owner.id));

/** Which logo form of the page a reply is for. */
export const logoTarget = (owner: LogoOwner) => `${owner.kind}-${owner.id}`;

export async function uploadLogo(request: Request, form: FormData, file: UploadedFile) {
  const owner = logoOwnerIn(form);
  const reply = (message: string, status: number) =>
    data<AdminReply>(
      { intent: "upload-logo", target: logoTarget(owner), result: { status: "error", error: { logo: [message] } } },
      { status },
    );
  const logo = await checkedLogo(file);
  if (!logo.ok) return reply(logo.message, logo.status);
  try {
    if (!replaceLogo(owner, logo.image)) throw new Error("the school or class is gone");
  } catch (error) {
    failed("storing a logo", error);
    if (error instanceof ImageNotStored) return reply(M.logoUploadFailed(), 500);
    return reply(owner.kind === "school" ? M.schoolLogoFailed : M.classLogoFailed, 500);
  }
  return backTo(request, logoPagePath(owner), { kind: "success", title: M.logoUploaded });
}

export async function removeLogo(request: Request, form: URLSearchParams) {
  const owner = logoOwnerIn(form);
  const fail = () => backTo(request, logoPagePath(owner), { kind: "error", title: M.logoRemoveFailed });
  if (!logoOf(owner)) return fail();
  try {
    if (!replaceLogo(owner, null)) throw new Error("the school or class is gone");
  } catch (error) {
    failed("removing a logo", error);
    return fail();
  }
  return backTo(request, logoPagePath(owner), { kind: "success", title: M.logoRemoved });
}

/* A class's students */

/** The class a form names; not an id is a 400, an unknown class a 404. */
function classIn(form: URLSearchParams): string {
  const classId = rowIdIn(form, "classId");
  if (!classExists(classId)) throw httpError(404, M.classNotFound);
  return classId;
}

/** The student a form names; not an id is a 400, an unknown student a 404. */
function studentIn(form: URLSearchParams) {
  const student = findStudent(rowIdIn(form, "studentId"));
  if (!student) throw httpError(404, M.studentNotFound);
  return student;
}

export async function addStudent(request: Request, form: URLSearchParams) {
  const classId = classIn(form);
  const parsed = parseAddStudent(form);
  if (!parsed.ok) return refused("add-student", parsed.result, 400, classId);
  let code: string;
  try {
    ({ code } = withFreshLoginCode((loginCode) => insertStudent({ ...parsed.value, classId, loginCode })));
  } catch (error) {
    failed("adding a student", error);
    const message = error instanceof NoFreeLoginCode ? T.codeFailed : T.createFailed;
    return refused("add-student", parsed.refuse({ form: message }), 500, classId);
  }
  return backTo(request, classPagePath(classId), { kind: "success", title: T.created(code) });
}

export async function editStudent(request: Request, form: URLSearchParams) {
  const student = studentIn(form);
  const parsed = parseEditStudent(form);
  if (!parsed.ok) return refused("edit-student", parsed.result, 400, student.id);
  try {
    if (!updateStudent(student.id, parsed.value)) throw new Error("the student is gone");
  } catch (error) {
    failed("updating a student", error);
    return refused("edit-student", parsed.refuse({ form: T.updateFailed }), 500, student.id);
  }
  return backTo(request, classPagePath(student.classId), { kind: "success", title: T.updated });
}

/**
 * A new login code for a student, from their class's page or from the Student Logins table (the form's own
 * address says which: `?tab=students…` is the table, whose search and page are kept). The old code stops working
 * and every session of the student's ends at once.
 */
export async function regenerateStudentCode(request: Request, form: URLSearchParams) {
  const student = studentIn(form);
  const url = new URL(request.url);
  const fromTable = url.searchParams.get("tab") === "students";
  const page = fromTable ? studentLoginsPath(studentLoginsQuery(url)) : classPagePath(student.classId);
  try {
    const { code, value: changed } = withFreshLoginCode((loginCode) => replaceStudentLoginCode(student.id, loginCode));
    if (!changed) throw new Error("the student is gone");
    return backTo(request, page, { kind: "success", title: M.codeRegenerated, description: M.newLoginCode(code) });
  } catch (error) {
    failed("a new student code", error);
    return backTo(request, page, { kind: "error", title: fromTable ? M.tableRegenerateFailed : M.regenerateFailed });
  }
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
