import { redirect } from "@remix-run/node";
import { KeptReads } from "~/db/kept-reads.server";
import { FOCUS_WORK, classFocus, focusNote } from "~/facts/focus";
import { classMapView, opOfSlug, playerMapView, type ClassPupil } from "~/facts/summary";
import { factBooksOf, factBooksOfClass, factRecordsVersionOfClass } from "~/models/fact-records.server";
import { listStudentsOfClass, type StudentRow } from "~/models/students.server";
import { classInScope, studentInScope, type StudentScope } from "~/school/students.server";
import { ADMIN_MESSAGES as A } from "~/utils/admin-messages";

import { workPageOf } from "~/school/set-work.server";
import { now } from "~/utils/clock.server";
import { httpError } from "~/utils/http.server";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";
import { addDays, ukDay } from "~/school-rules/uk-days";

const NO_STORE = { "Cache-Control": "no-store" } as const;

/* The class's facts (docs/product.md#heat-maps) */

/** Classes whose summaries are kept; the oldest goes first. */
const KEPT_CLASSES = 200;

type ClassView = ReturnType<typeof classMapView> & { focus: ReturnType<typeof classFocus> };

/**
 * Each class's last summary per operation asked, with the fingerprint of the records and pupils it was made from.
 * Reading and folding 30 pupils' books is most of the page's cost, and they change only when a pupil finishes a
 * game: a teacher who looks again, or at another operation, is served from here while nothing has changed.
 */
const kept = new Map<string, { version: string; views: Map<string, ClassView> }>();

/**
 * A class's pupils and the fingerprint of its records, kept until the database changes (decision 0035's kept reads):
 * a teacher who looks again before any write anywhere is served without asking SQLite
 * (docs/speed-shortcuts.md#the-class-facts-page).
 */
const classReads = new KeptReads<{ students: StudentRow[]; version: string }>(KEPT_CLASSES);

function classView(classId: string, asked: string | null): ClassView & { pupils: { id: string; name: string }[] } {
  const { students, version } = classReads.read(classId, 0, () => {
    const students = listStudentsOfClass(classId);
    const version = `${factRecordsVersionOfClass(classId)}|${students.map((s) => `${s.id}=${s.name}`).join("|")}`;
    return { value: { students, version } };
  });
  let entry = kept.get(classId);
  if (!entry || entry.version !== version) {
    entry = { version, views: new Map() };
    kept.delete(classId);
    if (kept.size >= KEPT_CLASSES) kept.delete(kept.keys().next().value as string);
    kept.set(classId, entry);
  }
  // One kept view per operation asked (anything else asks for the default).
  const key = asked !== null && opOfSlug(asked) ? asked : "";
  let view = entry.views.get(key);
  if (!view) {
    const books = factBooksOfClass(classId);
    const pupils: ClassPupil[] = students.map((student) => ({
      id: student.id,
      name: student.name,
      books: books.get(student.id) ?? {},
    }));
    view = { ...classMapView(pupils, key || null), focus: classFocus(pupils) };
    entry.views.set(key, view);
  }
  return { ...view, pupils: students.map(({ id, name }) => ({ id, name })) };
}

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
      focusWork: null,
    };
  }
  const view = classView(klass.id, asked);
  return {
    classId: klass.id,
    className: klass.name,
    pupil: null,
    klass: view,
    focusWork: scope.area === "teacher" && view.focus ? focusWork(klass.id, view.focus, now()) : null,
  };
}

/**
 * The one-click form that sets the class's focus as work (docs/product.md#heat-maps): the set work page's own form
 * and action (`intent=set-work`), its fields filled in here, so every check of that form applies and nothing new
 * writes. Only the class's teacher sets work; an admin sees the focus without the button.
 */
export function focusWork(classId: string, focus: { words: string }, at: number) {
  return {
    action: workPageOf(classId),
    fields: [
      ["intent", "set-work"],
      ["targetKind", "games"],
      ["target", String(FOCUS_WORK.games)],
      ["gameKind", "practice"],
      ["due", addDays(ukDay(at), FOCUS_WORK.days)],
      ["note", focusNote(focus)],
    ] as [string, string][],
  };
}
