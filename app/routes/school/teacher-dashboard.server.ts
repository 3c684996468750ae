import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import type { TeacherIntent, TeacherReply } from "~/components/teacher/teacher-reply";
import type { SignedInTeacher } from "~/auth/school-session.server";
import { isRowId, parseAddStudent, parseEditStudent } from "~/forms/teacher.server";
import {
  classOfTeacher,
  listClassResults,
  listClassesOfTeacher,
  replaceStudentLoginCode,
  type ClassOfTeacher,
} from "~/models/class-results.server";
import {
  deleteStudent,
  insertStudent,
  listStudentsOfClass,
  studentOfTeacher,
  updateStudent,
  type StudentRow,
} from "~/models/students.server";
import {
  formatDateTime,
  gamesByStudent,
  isoDay,
  overviewRow,
  overviewRowView,
  overviewSortFrom,
  performanceCard,
  sortByName,
  sortOverview,
} from "~/school/class-results";
import { NoFreeLoginCode, withFreshLoginCode } from "~/school/login-codes.server";
import { loginCardsView } from "~/school/login-cards.server";
import type { StudentCardView, TeacherClassView } from "~/types/teacher";
import { now } from "~/utils/clock.server";
import { safeFileName, toCsv } from "~/utils/csv";
import { flashHeaders, type Flash } from "~/utils/flash.server";
import { httpError, tryRead } from "~/utils/http.server";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";

/*
 * What /teacher-dashboard and its pages do (docs/product.md#teachers). Route-private: the route modules call these
 * after requireTeacher. Every class or student id that comes in is checked against the signed-in teacher first:
 * one that is not theirs (or does not exist) is a 404 and nothing is written.
 */

export type { TeacherReply };

export const DASHBOARD = "/teacher-dashboard";

export const NO_STORE = { "Cache-Control": "no-store" } as const;

const dashboardOf = (classId: string) => `${DASHBOARD}?class=${encodeURIComponent(classId)}`;

/* Ownership */

/** The teacher's class named by `classId`, or a 404 (another teacher's class, none, or not an id at all). */
export function ownClass(teacher: SignedInTeacher, classId: unknown): ClassOfTeacher {
  const found = isRowId(classId) ? classOfTeacher(classId, teacher.teacherId) : undefined;
  if (!found) throw httpError(404, M.classNotFound);
  return found;
}

/** The teacher's student named by `studentId`, or a 404. */
export function ownStudent(teacher: SignedInTeacher, studentId: unknown): StudentRow {
  const found = isRowId(studentId) ? studentOfTeacher(studentId, teacher.teacherId) : undefined;
  if (!found) throw httpError(404, M.studentNotFound);
  return found;
}

/** The class a page is about: `?class=` (which must be the teacher's), else none (the page leads to the dashboard). */
function classFromUrl(teacher: SignedInTeacher, url: URL): ClassOfTeacher {
  const classId = url.searchParams.get("class");
  if (classId === null) throw redirect(DASHBOARD, { headers: NO_STORE });
  return ownClass(teacher, classId);
}

/* The dashboard's reads */

function studentCards(classId: string): StudentCardView[] {
  const games = gamesByStudent(listClassResults(classId));
  return sortByName(listStudentsOfClass(classId)).map((student) => ({
    id: student.id,
    name: student.name,
    loginCode: student.loginCode,
    timesTables: student.timesTables,
    allowedOperations: student.allowedOperations,
    difficulty: student.difficulty,
    performance: performanceCard(games.get(student.id) ?? []),
  }));
}

export function dashboardData(teacher: SignedInTeacher, url: URL) {
  const header = { name: teacher.name, schoolName: teacher.schoolName };
  const classes = tryRead("a teacher's classes", (): TeacherClassView[] => listClassesOfTeacher(teacher.teacherId));
  if (!classes.ok) return { ...header, classes, selected: null, students: null, editing: null, deleting: null };
  const wanted = url.searchParams.get("class");
  const selected = wanted === null ? (classes.value[0] ?? null) : (classes.value.find((c) => c.id === wanted) ?? null);
  if (wanted !== null && !selected) throw httpError(404, M.classNotFound);
  // A student to edit or to delete must be in the class shown.
  const inClass = (param: string) => {
    const studentId = url.searchParams.get(param);
    if (studentId === null) return null;
    const student = ownStudent(teacher, studentId);
    if (student.classId !== selected?.id) throw httpError(404, M.studentNotFound);
    return student;
  };
  const editing = inClass("edit");
  const deleting = inClass("delete");
  return {
    ...header,
    classes,
    selected,
    students: selected ? tryRead("a class's students", () => studentCards(selected.id)) : null,
    editing: editing?.id ?? null,
    deleting: deleting ? { id: deleting.id, name: deleting.name } : null,
  };
}

/* The dashboard's forms */

const refused = (intent: TeacherIntent, result: SubmissionResult<string[]>, status = 400, target?: string) =>
  data<TeacherReply>(target ? { intent, result, target } : { intent, result }, { status, headers: NO_STORE });

/** Back to the class with the message (a redirect, so a reload never posts twice). */
async function back(request: Request, classId: string, flash: Flash) {
  const headers = await flashHeaders(request, flash, NO_STORE);
  return redirect(dashboardOf(classId), { headers });
}

/** A write that failed for a reason of the server's (logged once), not the form's. */
function failed(what: string, error: unknown) {
  console.error(`teacher dashboard: ${what} failed`, error);
}

export async function addStudent(request: Request, teacher: SignedInTeacher, form: URLSearchParams) {
  const { id: classId } = ownClass(teacher, form.get("classId"));
  const parsed = parseAddStudent(form);
  if (!parsed.ok) return refused("add-student", parsed.result);
  let code: string;
  try {
    ({ code } = withFreshLoginCode((loginCode) => insertStudent({ ...parsed.value, classId, loginCode })));
  } catch (error) {
    failed("adding a student", error);
    const message = error instanceof NoFreeLoginCode ? M.codeFailed : M.createFailed;
    return refused("add-student", parsed.refuse({ form: message }), 500);
  }
  return back(request, classId, { kind: "success", title: M.created(code) });
}

export async function editStudent(request: Request, teacher: SignedInTeacher, form: URLSearchParams) {
  const student = ownStudent(teacher, form.get("studentId"));
  const parsed = parseEditStudent(form);
  if (!parsed.ok) return refused("edit-student", parsed.result, 400, student.id);
  try {
    if (!updateStudent(student.id, parsed.value)) throw new Error("the student is gone");
  } catch (error) {
    failed("updating a student", error);
    return refused("edit-student", parsed.refuse({ form: M.updateFailed }), 500, student.id);
  }
  return back(request, student.classId, { kind: "success", title: M.updated });
}

export async function removeStudent(request: Request, teacher: SignedInTeacher, form: URLSearchParams) {
  const student = ownStudent(teacher, form.get("studentId"));
  try {
    // The student's results and sessions go with them (the foreign keys cascade).
    if (!deleteStudent(student.id)) throw new Error("the student is gone");
  } catch (error) {
    failed("deleting a student", error);
    return back(request, student.classId, { kind: "error", title: M.deleteFailed });
  }
  return back(request, student.classId, { kind: "success", title: M.deleted });
}

/** A new login code for a student: the old one stops working and every session of theirs ends at once. */
export async function regenerateStudentCode(request: Request, teacher: SignedInTeacher, form: URLSearchParams) {
  const student = ownStudent(teacher, form.get("studentId"));
  try {
    const { code, value: changed } = withFreshLoginCode((loginCode) => replaceStudentLoginCode(student.id, loginCode));
    if (!changed) throw new Error("the student is gone");
    return back(request, student.classId, { kind: "success", title: M.codeRegenerated, description: M.newCode(code) });
  } catch (error) {
    failed("a new student code", error);
    return back(request, student.classId, { kind: "error", title: M.codeFailed });
  }
}

/* Login cards */

export async function loginCardsData(teacher: SignedInTeacher, url: URL) {
  const klass = classFromUrl(teacher, url);
  return loginCardsView(klass, listStudentsOfClass(klass.id));
}

/* The class overview */

export function overviewData(teacher: SignedInTeacher, url: URL) {
  const klass = classFromUrl(teacher, url);
  const { sort, dir } = overviewSortFrom(url.searchParams.get("sort"), url.searchParams.get("dir"));
  const at = now();
  const rows = tryRead("a class's overview", () => {
    const games = gamesByStudent(listClassResults(klass.id));
    const all = listStudentsOfClass(klass.id).map((student) => overviewRow(student, games.get(student.id) ?? [], at));
    return sortOverview(all, sort, dir).map(overviewRowView);
  });
  return { classId: klass.id, className: klass.name, sort, dir, rows };
}

/* The results export */

export const CSV_HEADER = [
  "Student",
  "Completed (UK time)",
  "Score",
  "Questions",
  "Accuracy (%)",
  "Time taken (s)",
] as const;

/**
 * Every game of the class's students, by student (by name) and then oldest first, as a CSV download. A download
 * has no error page: a class that is not the teacher's gets a plain 404.
 */
export function resultsCsv(teacher: SignedInTeacher, url: URL): Response {
  const classId = url.searchParams.get("class");
  if (classId === null) return redirect(DASHBOARD, { headers: NO_STORE });
  const klass = isRowId(classId) ? classOfTeacher(classId, teacher.teacherId) : undefined;
  if (!klass)
    return new Response(M.classNotFound, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
    });
  const games = gamesByStudent(listClassResults(klass.id));
  const rows: (string | number)[][] = [[...CSV_HEADER]];
  for (const student of sortByName(listStudentsOfClass(klass.id))) {
    const list = [...(games.get(student.id) ?? [])].reverse();
    for (const game of list) {
      rows.push([
        student.name,
        formatDateTime(game.completedAt),
        game.score,
        game.totalQuestions,
        game.accuracy,
        game.timeTaken,
      ]);
    }
  }
  const fileName = safeFileName(klass.name, "csv", `results ${isoDay(now())}`);
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      ...NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
