import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { isRowId } from "~/forms/admin.server";
import { parseSetWork } from "~/forms/set-work.server";
import type { AuditActor } from "~/models/audit.server";
import { schoolIdOfClass } from "~/models/schools.server";
import {
  classGames,
  classIdOfPupil,
  deleteWork,
  findClassWork,
  insertWork,
  listClassWork,
  listClassWorkFrom,
  pupilGames,
  updateWork,
} from "~/models/set-work.server";
import { listStudentsOfClass } from "~/models/students.server";
import { withAudit } from "~/school/audit.server";
import { formatDay, sortByName } from "~/school-rules/class-results";
import {
  classProgressOf,
  isOpen,
  isShownToPupils,
  OPEN_WORK_MAX,
  progressOf,
  barWords,
  progressWords,
  SHOWN_DAYS_AFTER,
  targetWords,
  windowOf,
  workWords,
  type Work,
} from "~/school-rules/set-work";
import { classInScope, type ClassInScope, type StudentScope } from "~/school/students.server";
import type { WorkReply } from "~/components/teacher/set-work-reply";
import type { ClassWorkView, PupilWorkView } from "~/types/set-work";
import { flashHeaders } from "~/utils/flash.server";
import { httpError } from "~/utils/http.server";
import { randomId } from "~/utils/signing.server";
import { PUPIL_WORK_MESSAGES as P } from "~/utils/pupil-work-messages";
import { SET_WORK_MESSAGES as M } from "~/utils/set-work-messages";
import { addDays, ukDay } from "~/school-rules/uk-days";

/*
 * Set work (docs/product.md#set-work): the teacher's page and its three forms (set, change, remove), the class
 * overview's part, and what pupils and parents see. Every class id is checked against the teacher by the one student
 * service (classInScope) and every piece of work against that class, so another teacher's class or work is the same
 * 404 and nothing is written. Each change is recorded in the change log in its own transaction.
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;

export const WORK_PAGE = "/teacher-dashboard/work";
export const workPageOf = (classId: string) => `${WORK_PAGE}?class=${encodeURIComponent(classId)}`;
export const REMOVE_WORK_STEP = "remove";
export const CHANGE_WORK_STEP = "change";

/** The piece of work named by `workId`, when it is this class's; otherwise the page's 404. */
function workOfClass(classId: string, workId: unknown): Work {
  const work = isRowId(workId) ? findClassWork(classId, workId) : undefined;
  if (!work) throw httpError(404, M.workNotFound);
  return work;
}

/** Who has done a piece of work, who has started and who has not, for each piece of the class's work. */
export function classWorkViews(classId: string, works: readonly Work[], at: number): ClassWorkView[] {
  const window = windowOf(works);
  if (!window) return [];
  const pupils = sortByName(listStudentsOfClass(classId)).map(({ id, name }) => ({ id, name }));
  // One read of the class's games for every piece of work (docs/product.md#set-work).
  const games = classGames(classId, window.from, window.to);
  const today = ukDay(at);
  return works.map((work) => {
    const progress = classProgressOf(work, pupils, games);
    return {
      id: work.id,
      words: workWords(work),
      target: targetWords(work),
      due: work.dueDay,
      open: isOpen(work, today),
      note: work.note,
      setOn: formatDay(work.setAt),
      pupils: pupils.length,
      done: progress.done.map((p) => p.name),
      started: progress.started.map((p) => p.name),
      notStarted: progress.notStarted.map((p) => p.name),
    };
  });
}

/** The work page: the class's work with its counts, and a piece to change or to remove when the step names one. */
export function workPageData(scope: StudentScope, url: URL, at: number) {
  const classId = url.searchParams.get("class");
  if (classId === null) throw redirect("/teacher-dashboard", { headers: NO_STORE });
  const klass = classInScope(scope, classId);
  const changeId = url.searchParams.get(CHANGE_WORK_STEP);
  const removeId = url.searchParams.get(REMOVE_WORK_STEP);
  const changing = changeId === null ? null : workOfClass(klass.id, changeId);
  const removing = removeId === null ? null : workOfClass(klass.id, removeId);
  const works = listClassWork(klass.id);
  const today = ukDay(at);
  return {
    classId: klass.id,
    className: klass.name,
    today,
    work: classWorkViews(klass.id, works, at),
    full: works.filter((w) => isOpen(w, today)).length >= OPEN_WORK_MAX,
    changing: changing
      ? {
          id: changing.id,
          targetKind: changing.targetKind,
          target: changing.target,
          gameKind: changing.gameKind,
          dueDay: changing.dueDay,
          note: changing.note ?? "",
        }
      : null,
    removing: removing ? { id: removing.id, words: workWords(removing) } : null,
  };
}

const refused = (intent: WorkReply["intent"], result: SubmissionResult<string[]>, status = 400) =>
  data<WorkReply>({ intent, result }, { status, headers: NO_STORE });

async function backTo(request: Request, page: string, title: string) {
  return redirect(page, { headers: await flashHeaders(request, { kind: "success", title }, NO_STORE) });
}

function entryOf(
  actor: AuditActor,
  klass: ClassInScope,
  action: "work.set" | "work.changed" | "work.removed",
  work: Work,
) {
  return {
    actor,
    action,
    schoolId: schoolIdOfClass(klass.id),
    subject: { kind: "class" as const, id: klass.id, name: klass.name },
    detail: workWords(work),
  };
}

/** The page's forms (the class already checked against the teacher): `set-work`, `change-work` (with `workId`) and `remove-work` (with `workId`). */
export async function workAction(
  request: Request,
  klass: ClassInScope,
  form: URLSearchParams,
  actor: AuditActor,
  at: number,
) {
  const intent = form.get("intent");
  const today = ukDay(at);
  if (intent === "remove-work") {
    const work = workOfClass(klass.id, form.get("workId"));
    try {
      withAudit(
        () => deleteWork(klass.id, work.id),
        (removed) => (removed ? entryOf(actor, klass, "work.removed", work) : null),
      );
    } catch (error) {
      console.error("set work: removing failed", error);
      throw httpError(500, M.failed);
    }
    return backTo(request, workPageOf(klass.id), M.removedDone);
  }
  if (intent !== "set-work" && intent !== "change-work")
    throw new Response("Unknown form.", { status: 400, headers: NO_STORE });
  const existing = intent === "change-work" ? workOfClass(klass.id, form.get("workId")) : null;
  const parsed = parseSetWork(form, today);
  if (!parsed.ok) return refused(intent, parsed.result);
  const fields = parsed.value;
  try {
    if (existing) {
      // A change keeps the moment it was set: games already counted still count.
      const changed = { ...existing, ...fields };
      const reopened = !isOpen(existing, today) && isOpen(changed, today);
      if (reopened && openCount(klass.id, today) >= OPEN_WORK_MAX)
        return refused(intent, parsed.refuse({ form: M.tooMany }), 409);
      withAudit(
        () => updateWork(klass.id, existing.id, fields, at),
        (updated) => (updated ? entryOf(actor, klass, "work.changed", changed) : null),
      );
      return backTo(request, workPageOf(klass.id), M.changedDone);
    }
    const work: Work = { id: randomId(), setAt: at, ...fields };
    const added = withAudit(
      () => {
        // Counted in the write's own transaction, so two forms sent at once cannot pass the limit together.
        if (openCount(klass.id, today) >= OPEN_WORK_MAX) return false;
        insertWork({ ...fields, id: work.id, classId: klass.id, setAt: at });
        return true;
      },
      (ok) => (ok ? entryOf(actor, klass, "work.set", work) : null),
    );
    if (!added) return refused(intent, parsed.refuse({ form: M.tooMany }), 409);
  } catch (error) {
    console.error("set work: saving failed", error);
    return refused(intent, parsed.refuse({ form: M.failed }), 500);
  }
  return backTo(request, workPageOf(klass.id), M.setDone(klass.name));
}

function openCount(classId: string, today: string): number {
  return listClassWorkFrom(classId, today).length;
}

/* Pupils and parents */

/** A pupil's work as they (and their parents) see it: open, or past its date by at most a week. */
export function pupilWorkViews(studentId: string, at: number, reader: "pupil" | "parent" = "pupil"): PupilWorkView[] {
  const classId = classIdOfPupil(studentId);
  if (!classId) return [];
  const today = ukDay(at);
  const works = listClassWorkFrom(classId, addDays(today, -SHOWN_DAYS_AFTER)).filter((w) => isShownToPupils(w, today));
  const window = windowOf(works);
  if (!window) return [];
  const games = pupilGames(studentId, window.from, window.to);
  return works.map((work) => {
    const progress = progressOf(work, games);
    const done = progress.state === "done";
    const ended = !isOpen(work, today);
    const lines: string[] = [];
    if (work.note) lines.push(`${reader === "pupil" ? P.fromTeacher : P.fromTeacherToParents} ${work.note}`);
    if (ended && !done) lines.push(P.pastDue);
    return {
      id: work.id,
      words: workWords(work),
      progress: progressWords(work, progress),
      amount: Math.min(progress.amount, work.target),
      target: work.target,
      bar: barWords(work, progress.amount),
      done,
      ended,
      lines,
    };
  });
}
