import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import type { StudentIntent, StudentReply } from "~/components/school/student-reply";
import { isRowId, parseAddStudent, parseClassSettings, parseEditStudent } from "~/forms/student.server";
import { classOfTeacher, replaceStudentLoginCode } from "~/models/class-results.server";
import type { AuditActor } from "~/models/audit.server";
import { findClassDetail, schoolIdOfClass } from "~/models/schools.server";
import {
  findStudent,
  insertStudent,
  studentOfTeacher,
  updateClassStudents,
  updateStudent,
  type StudentRow,
} from "~/models/students.server";
import { changedFields, withAudit } from "~/school/audit.server";
import { eraseStudent } from "~/school/data-rights.server";
import { NoFreeLoginCode, withFreshLoginCode } from "~/school/login-codes.server";
import { ADMIN_MESSAGES as A } from "~/utils/admin-messages";
import { flashHeaders, type Flash } from "~/utils/flash.server";
import { httpError } from "~/utils/http.server";
import { classPageOf } from "~/utils/school-pages";
import { TEACHER_MESSAGES as T } from "~/utils/teacher-messages";

/*
 * The one student service of the school areas (docs/decisions/0043-one-student-service.md): adding a pupil,
 * editing one, a new login code and deleting, for the admin panel's class page and the teacher dashboard alike.
 * Every class or student id that comes in is checked against the scope here, once: out of scope, unknown or
 * malformed is a 4xx and nothing is written (docs/product.md#teachers, docs/product.md#admin).
 */

/** Who acts, and so which classes they may touch. */
export type StudentScope =
  /** An admin: every class of every school (an admin runs all the schools: docs/product.md#admin). */
  | { area: "admin" }
  /** A teacher: the classes they teach. */
  | { area: "teacher"; teacherId: string };

export const ADMIN_SCOPE: StudentScope = { area: "admin" };

export const teacherScope = (teacherId: string): StudentScope => ({ area: "teacher", teacherId });

export type ClassInScope = { id: string; name: string; loginKey: string; shortKey: string | null; schoolName: string };

const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * The refusal of an id out of scope. An admin is told a malformed id (400) from a missing row (404); a teacher
 * gets the same 404 for another teacher's row, a missing one and a malformed one, so ids tell them nothing.
 */
function outOfScope(scope: StudentScope, row: "class" | "student", id: unknown): ReturnType<typeof httpError> {
  if (scope.area === "teacher") return httpError(404, row === "class" ? T.classNotFound : T.studentNotFound);
  if (!isRowId(id)) return httpError(400, A.badRequest);
  return httpError(404, row === "class" ? A.classNotFound : A.studentNotFound);
}

/** How to find a row of each area's scope: an admin's by id alone, a teacher's by id among their classes. */
type Finders<T> = { admin: (id: string) => T | undefined; teacher: (id: string, teacherId: string) => T | undefined };

function inScope<T>(scope: StudentScope, row: "class" | "student", id: unknown, find: Finders<T>): T {
  const found = !isRowId(id)
    ? undefined
    : scope.area === "teacher"
      ? find.teacher(id, scope.teacherId)
      : find.admin(id);
  if (!found) throw outOfScope(scope, row, id);
  return found;
}

const CLASSES: Finders<ClassInScope> = { admin: findClassDetail, teacher: classOfTeacher };
const STUDENTS: Finders<StudentRow> = { admin: findStudent, teacher: studentOfTeacher };

/** The class named by `classId` when it is in scope; otherwise the refusal is thrown. */
export function classInScope(scope: StudentScope, classId: unknown): ClassInScope {
  const { id, name, loginKey, shortKey, schoolName } = inScope(scope, "class", classId, CLASSES);
  return { id, name, loginKey, shortKey, schoolName };
}

/** The student named by `studentId` when their class is in scope now; otherwise the refusal is thrown. */
export function studentInScope(scope: StudentScope, studentId: unknown): StudentRow {
  return inScope(scope, "student", studentId, STUDENTS);
}

/* The forms */

const refused = (intent: StudentIntent, target: string, result: SubmissionResult<string[]>, status = 400) =>
  data<StudentReply>({ intent, target, result }, { status, headers: NO_STORE });

/** Back to a page with the message (a redirect, so a reload never posts twice). */
async function backTo(request: Request, page: string, flash: Flash) {
  return redirect(page, { headers: await flashHeaders(request, flash, NO_STORE) });
}

/** A write that failed for a reason of the server's (logged once, with the area), not the form's. */
function failed(scope: StudentScope, what: string, error: unknown) {
  console.error(`${scope.area === "admin" ? "admin" : "teacher dashboard"}: ${what} failed`, error);
}

/** The change log's entry for a change to a pupil (docs/product.md#change-log). */
function pupilEntry(
  actor: AuditActor,
  action: "student.added" | "student.updated" | "student.code-renewed",
  student: { id: string; name: string; classId: string },
  detail?: string,
) {
  return {
    actor,
    action,
    schoolId: schoolIdOfClass(student.classId),
    subject: { kind: "student" as const, id: student.id, name: student.name },
    detail,
  };
}

export async function addStudent(request: Request, scope: StudentScope, form: URLSearchParams, actor: AuditActor) {
  const { id: classId } = classInScope(scope, form.get("classId"));
  const parsed = parseAddStudent(form);
  if (!parsed.ok) return refused("add-student", classId, parsed.result);
  let code: string;
  try {
    ({ code } = withAudit(
      () => withFreshLoginCode((loginCode) => insertStudent({ ...parsed.value, classId, loginCode })),
      ({ value: id }) => pupilEntry(actor, "student.added", { id, name: parsed.value.name, classId }),
    ));
  } catch (error) {
    failed(scope, "adding a student", error);
    const message = error instanceof NoFreeLoginCode ? T.codeFailed : T.createFailed;
    return refused("add-student", classId, parsed.refuse({ form: message }), 500);
  }
  return backTo(request, classPageOf(scope.area, classId), { kind: "success", title: T.created(code) });
}

export async function editStudent(request: Request, scope: StudentScope, form: URLSearchParams, actor: AuditActor) {
  const student = studentInScope(scope, form.get("studentId"));
  const parsed = parseEditStudent(form);
  if (!parsed.ok) return refused("edit-student", student.id, parsed.result);
  try {
    const changed = changedFields(student, parsed.value);
    withAudit(
      () => {
        if (!updateStudent(student.id, parsed.value)) throw new Error("the student is gone");
      },
      // Saved with nothing changed: nothing to log.
      () =>
        changed.length === 0
          ? null
          : pupilEntry(actor, "student.updated", { ...student, name: parsed.value.name }, changed.join(", ")),
    );
  } catch (error) {
    failed(scope, "updating a student", error);
    return refused("edit-student", student.id, parsed.refuse({ form: T.updateFailed }), 500);
  }
  return backTo(request, classPageOf(scope.area, student.classId), { kind: "success", title: T.updated });
}

/**
 * The class settings form: the same operations, times tables, difficulty, extra time and calm mode for every pupil
 * of the class, in one statement (one transaction: every pupil or none); then back to the class's page
 * (docs/product.md#teachers).
 */
export async function setClassSettings(
  request: Request,
  scope: StudentScope,
  form: URLSearchParams,
  actor: AuditActor,
) {
  const klass = classInScope(scope, form.get("classId"));
  const parsed = parseClassSettings(form);
  if (!parsed.ok) return refused("class-settings", klass.id, parsed.result);
  try {
    withAudit(
      () => updateClassStudents(klass.id, parsed.value),
      (pupils) => ({
        actor,
        action: "class.settings",
        schoolId: schoolIdOfClass(klass.id),
        subject: { kind: "class", id: klass.id, name: klass.name },
        detail: `${pupils} ${pupils === 1 ? "pupil" : "pupils"}`,
      }),
    );
  } catch (error) {
    failed(scope, "the class settings", error);
    return refused("class-settings", klass.id, parsed.refuse({ form: T.classSettingsFailed }), 500);
  }
  return backTo(request, classPageOf(scope.area, klass.id), {
    kind: "success",
    title: T.classSettingsSaved(klass.name),
  });
}

/** Where a new code leads back to, and what its failure says, when not the class's page and its own text. */
export type NewCodeReturn = { page: string; failed: string };

/**
 * A new login code for a student: the old one stops working and every session of theirs ends at once. Back to
 * the class's page, or to `back` (the admin's Student Logins table keeps its search and page).
 */
export async function newStudentCode(
  request: Request,
  scope: StudentScope,
  form: URLSearchParams,
  actor: AuditActor,
  back?: NewCodeReturn,
) {
  const student = studentInScope(scope, form.get("studentId"));
  const page = back?.page ?? classPageOf(scope.area, student.classId);
  try {
    const { code, value: changed } = withAudit(
      () => withFreshLoginCode((loginCode) => replaceStudentLoginCode(student.id, loginCode)),
      ({ value }) => (value ? pupilEntry(actor, "student.code-renewed", student) : null),
    );
    if (!changed) throw new Error("the student is gone");
    return backTo(request, page, { kind: "success", title: T.codeRegenerated, description: T.newCode(code) });
  } catch (error) {
    failed(scope, "a new student code", error);
    const title = back?.failed ?? (scope.area === "admin" ? A.regenerateFailed : T.codeFailed);
    return backTo(request, page, { kind: "error", title });
  }
}

/**
 * Erases a student on request (docs/product.md#data-rights): every row about them in one transaction, with a record
 * that it was done that does not name them. The teacher's `Delete` and the admin's `Erase` are this one action
 * (docs/decisions/0059-school-export-and-pupil-erasure.md).
 */
export async function removeStudent(request: Request, scope: StudentScope, form: URLSearchParams, actor: AuditActor) {
  const student = studentInScope(scope, form.get("studentId"));
  const page = classPageOf(scope.area, student.classId);
  try {
    if (!eraseStudent(student, actor)) throw new Error("the student is gone");
  } catch (error) {
    failed(scope, "erasing a student", error);
    return backTo(request, page, { kind: "error", title: scope.area === "admin" ? A.eraseFailed : T.deleteFailed });
  }
  return backTo(request, page, { kind: "success", title: scope.area === "admin" ? A.erased : T.deleted });
}
