import { redirect } from "@remix-run/node";
import { classRewardsOff } from "~/models/stickers.server";
import { classGoalOf } from "~/models/class-goal.server";
import { classGoalView } from "~/school/class-goal.server";
import type { SignedInTeacher } from "~/auth/school-session.server";
import { listClassResults, listClassesOfTeacher } from "~/models/class-results.server";
import { listStudentsOfClass, teacherSignInOf } from "~/models/students.server";
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
} from "~/school-rules/class-results";
import { loginCardsView } from "~/school/login-cards.server";
import { listClassWork } from "~/models/set-work.server";
import { classWorkViews } from "~/school/set-work.server";
import { expiryDayIfGivenNow, parentLettersView, parentLinkStates } from "~/school/parent-links.server";
import { classInScope, studentInScope, teacherScope, type ClassInScope } from "~/school/students.server";
import type { GivableGameView, StudentCardView, TeacherClassView } from "~/types/teacher";
import { now } from "~/utils/clock.server";
import { ukDay } from "~/school-rules/uk-days";
import { safeFileName, toCsv } from "~/utils/csv";
import { httpError, tryRead } from "~/utils/http.server";
import { CLASS_PARENT_LINKS_STEP, NEW_CODE_STEP, PARENT_LINK_STEP, STOP_PARENT_LINK_STEP } from "~/utils/school-pages";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";
import { savedClassSettings } from "~/school-rules/class-settings";
import { NEW_STUDENT } from "~/components/school/student-fields";
import { cleanGivenGames, givableGames, givenGamesWords } from "~/game/modes";

/** The games a teacher can give, as the student forms show them (docs/decisions/0083-extra-games-per-pupil.md). */
function givableGameViews(): GivableGameView[] {
  return givableGames().map(({ mode, name, legend, options }) => ({ mode, name, legend, options }));
}

/*
 * What /teacher-dashboard's pages read (docs/product.md#teachers). Route-private: the route modules call these
 * after requireTeacher. Every class or student id that comes in is checked against the teacher's scope by the one
 * student service (app/school/students.server.ts), which also does the dashboard's forms: another teacher's class
 * or student, or none, is a 404.
 */

export const DASHBOARD = "/teacher-dashboard";

export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The class a page is about: `?class=` (which must be the teacher's), else none (the page leads to the dashboard). */
function classFromUrl(teacher: SignedInTeacher, url: URL): ClassInScope {
  const classId = url.searchParams.get("class");
  if (classId === null) throw redirect(DASHBOARD, { headers: NO_STORE });
  return classInScope(teacherScope(teacher.teacherId), classId);
}

/* The dashboard's reads */

function studentCards(classId: string): StudentCardView[] {
  const games = gamesByStudent(listClassResults(classId));
  const links = parentLinkStates(classId);
  return sortByName(listStudentsOfClass(classId)).map((student) => ({
    id: student.id,
    name: student.name,
    loginCode: student.loginCode,
    timesTables: student.timesTables,
    allowedOperations: student.allowedOperations,
    difficulty: student.difficulty,
    extraTime: student.extraTime,
    calm: student.calm,
    extraGames: cleanGivenGames(student.extraGames),
    extraGamesWords: givenGamesWords(cleanGivenGames(student.extraGames)),
    performance: performanceCard(games.get(student.id) ?? []),
    parentLink: links.get(student.id) ?? null,
  }));
}

export function dashboardData(teacher: SignedInTeacher, url: URL) {
  // Without a confirmed address the dashboard asks for one: it is what lets the teacher in on a new computer while
  // wrong codes are guessed (docs/product.md#guessing-login-codes).
  const signInAddress = Boolean(teacherSignInOf({ id: teacher.teacherId })?.email);
  const header = { name: teacher.name, schoolName: teacher.schoolName, signInAddress };
  const classes = tryRead("a teacher's classes", (): TeacherClassView[] => listClassesOfTeacher(teacher.teacherId));
  const none = { editing: null, deleting: null, newCode: null, parentStep: null, classParentLinks: null };
  if (!classes.ok) return { ...header, classes, selected: null, students: null, games: givableGameViews(), ...none };
  const wanted = url.searchParams.get("class");
  const selected = wanted === null ? (classes.value[0] ?? null) : (classes.value.find((c) => c.id === wanted) ?? null);
  if (wanted !== null && !selected) throw httpError(404, M.classNotFound);
  // A student to edit, to delete or to give a new code must be in the class shown.
  const inClass = (param: string) => {
    const studentId = url.searchParams.get(param);
    if (studentId === null) return null;
    const student = studentInScope(teacherScope(teacher.teacherId), studentId);
    if (student.classId !== selected?.id) throw httpError(404, M.studentNotFound);
    return student;
  };
  const editing = inClass("edit");
  const deleting = inClass("delete");
  const newCode = inClass(NEW_CODE_STEP);
  const giving = inClass(PARENT_LINK_STEP);
  const stopping = inClass(STOP_PARENT_LINK_STEP);
  const parentStudent = giving ?? stopping;
  // Giving the whole class links: the step names the class shown.
  const classStep = url.searchParams.get(CLASS_PARENT_LINKS_STEP);
  if (classStep !== null && classStep !== selected?.id) throw httpError(404, M.classNotFound);
  return {
    ...header,
    classes,
    selected,
    games: givableGameViews(),
    students: selected ? tryRead("a class's students", () => studentCards(selected.id)) : null,
    // The class goal's bar (docs/product.md#class-goal), as its pupils see it; null when none is set.
    goal: selected ? tryRead("a class's goal", () => classGoalView(selected.id)) : null,
    editing: editing?.id ?? null,
    deleting: deleting ? { id: deleting.id, name: deleting.name } : null,
    newCode: newCode ? { id: newCode.id, name: newCode.name } : null,
    parentStep: parentStudent
      ? {
          step: giving ? ("give" as const) : ("stop" as const),
          student: { id: parentStudent.id, name: parentStudent.name },
          until: expiryDayIfGivenNow(),
        }
      : null,
    classParentLinks: classStep !== null ? { until: expiryDayIfGivenNow() } : null,
  };
}

/* The class settings */

export function classSettingsData(teacher: SignedInTeacher, url: URL) {
  const klass = classFromUrl(teacher, url);
  // The form opens on what the pupils have saved, not on a new pupil's defaults (docs/product.md#teachers).
  const saved = savedClassSettings(listStudentsOfClass(klass.id), NEW_STUDENT);
  return {
    classId: klass.id,
    className: klass.name,
    saved: saved.values,
    differ: saved.differ,
    games: givableGameViews(),
    // The class's rewards switch (docs/product.md#sticker-book).
    rewardsOff: classRewardsOff(klass.id),
    // The class goal in secured facts (docs/product.md#class-goal): its bar and what the form opens on.
    goal: classGoalView(klass.id),
    goalValues: classGoalOf(klass.id),
    today: ukDay(now()),
  };
}

/* Login cards */

export async function loginCardsData(teacher: SignedInTeacher, url: URL) {
  const klass = classFromUrl(teacher, url);
  return loginCardsView(klass, listStudentsOfClass(klass.id));
}

/* Parent letters */

export async function parentLettersData(teacher: SignedInTeacher, url: URL) {
  const klass = classFromUrl(teacher, url);
  const studentId = url.searchParams.get("student");
  // One pupil's letter: the pupil must be in this class of the teacher's.
  if (studentId !== null) {
    const student = studentInScope(teacherScope(teacher.teacherId), studentId);
    if (student.classId !== klass.id) throw httpError(404, M.studentNotFound);
  }
  return parentLettersView(klass, studentId);
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
  // Who has done each piece of the class's set work (docs/product.md#set-work).
  const work = tryRead("a class's set work", () => classWorkViews(klass.id, listClassWork(klass.id), at));
  return { classId: klass.id, className: klass.name, sort, dir, rows, work };
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
  let klass: ClassInScope;
  try {
    klass = classInScope(teacherScope(teacher.teacherId), classId);
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal; // a failed read, not a class out of scope
    return new Response(M.classNotFound, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
    });
  }
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
