import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { CLASS_GOAL_MESSAGES as M, parseClassGoalForm } from "~/forms/class-goal.server";
import type { AuditActor } from "~/models/audit.server";
import { classGoalForStudent, classGoalOf, classGoalProgress, setClassGoal } from "~/models/class-goal.server";
import { schoolIdOfClass } from "~/models/schools.server";
import { checkGoalDay, classGoalWords, goalDayWords, type ClassGoal } from "~/school-rules/class-goal";
import { ukDay } from "~/school-rules/uk-days";
import { withAudit } from "~/school/audit.server";
import { classInScope, type StudentScope } from "~/school/students.server";
import type { ClassGoalView } from "~/types/class-goal";
import { now } from "~/utils/clock.server";
import { flashHeaders } from "~/utils/flash.server";

/*
 * A class goal in secured facts (docs/product.md#class-goal): the class's teacher sets it or removes it on the class
 * settings page; the change log records it in the same transaction, and nothing when nothing changed.
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;

export type ClassGoalReply = { intent: "class-goal"; result: SubmissionResult<string[]> };

export async function changeClassGoal(
  request: Request,
  scope: StudentScope,
  form: URLSearchParams,
  actor: AuditActor,
  at = now(),
) {
  const klass = classInScope(scope, form.get("classId"));
  const remove = form.get("intent") === "class-goal-remove";
  let goal: { count: number; day: string } | null = null;
  if (!remove) {
    const parsed = parseClassGoalForm(form);
    if (!parsed.ok)
      return data<ClassGoalReply>({ intent: "class-goal", result: parsed.result }, { status: 400, headers: NO_STORE });
    const problem = checkGoalDay(parsed.value.goalDay, ukDay(at));
    if (problem) {
      const result = parsed.refuse({ fields: { goalDay: problem === "past" ? M.dayPast : M.dayFar } });
      return data<ClassGoalReply>({ intent: "class-goal", result }, { status: 400, headers: NO_STORE });
    }
    goal = { count: parsed.value.goalCount, day: parsed.value.goalDay };
  }
  const changed = withAudit(
    () => setClassGoal(klass.id, goal, at),
    (changed) =>
      changed
        ? {
            actor,
            action: goal ? ("class.goal-set" as const) : ("class.goal-removed" as const),
            schoolId: schoolIdOfClass(klass.id),
            subject: { kind: "class" as const, id: klass.id, name: klass.name },
            ...(goal ? { detail: `${goal.count} facts secured by ${goalDayWords(goal.day)}` } : {}),
          }
        : null,
  );
  const page = `/teacher-dashboard/settings?class=${encodeURIComponent(klass.id)}`;
  const title = changed ? (goal ? M.set : M.removed) : M.unchanged;
  return redirect(page, { headers: await flashHeaders(request, { kind: "success", title }, NO_STORE) });
}

/** A goal's bar, in words and numbers (the server's, so pupils' pages carry no formatter). */
export function classGoalViewOf(goal: ClassGoal, secured: number): ClassGoalView {
  return { ...classGoalWords(goal, secured), secured, count: goal.count };
}

/** The class's goal as its teacher sees it, whether or not its rewards are on; null when none is set. */
export function classGoalView(classId: string): ClassGoalView | null {
  const goal = classGoalOf(classId);
  return goal ? classGoalViewOf(goal, classGoalProgress(classId, goal)) : null;
}

/** A pupil's class's goal, or null when there is none or their teacher switched rewards off. */
export function pupilClassGoalView(studentId: string): ClassGoalView | null {
  const found = classGoalForStudent(studentId);
  return found ? classGoalViewOf(found.goal, found.secured) : null;
}
