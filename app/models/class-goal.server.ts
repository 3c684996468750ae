import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";
import type { ClassGoal } from "~/school-rules/class-goal";
import { ukDay, ukMidnight } from "~/school-rules/uk-days";
import { activeStudentSql } from "./active-students.server";

/*
 * A class's goal in secured facts (docs/product.md#class-goal): three columns on the class, all set or all null, and
 * its progress, the stickers the class's pupils now in it earned from the start of the day it was set.
 */

let goalStatement: Statement<[string], { count: number | null; day: string | null; setAt: number | null }> | null =
  null;
let progressStatement: Statement<[string, number], number> | null = null;

export function classGoalOf(classId: string): ClassGoal | null {
  goalStatement ??= db.$client.prepare(
    `SELECT goal_count AS count, goal_day AS day, goal_set_at AS setAt FROM classes WHERE id = ?`,
  );
  const row = goalStatement.get(classId);
  if (!row || row.count === null || row.day === null || row.setAt === null) return null;
  return { count: row.count, day: row.day, setAt: row.setAt };
}

/** The stickers the class's current pupils earned from the start of the (UK) day its goal was set. */
export function classGoalProgress(classId: string, goal: ClassGoal): number {
  progressStatement ??= db.$client
    .prepare<[string, number], number>(
      `SELECT count(*) FROM fact_stickers f JOIN students s ON s.id = f.student_id
       WHERE s.class_id = ? AND ${activeStudentSql("s")} AND f.earned_at >= ?`,
    )
    .pluck();
  return progressStatement.get(classId, ukMidnight(ukDay(goal.setAt))) as number;
}

/** Sets (or with null, removes) a class's goal; true when it changed. Call it inside the change's transaction. */
export function setClassGoal(classId: string, goal: { count: number; day: string } | null, at: number): boolean {
  const before = classGoalOf(classId);
  if (goal === null) {
    if (before === null) return false;
    db.$client
      .prepare(`UPDATE classes SET goal_count = NULL, goal_day = NULL, goal_set_at = NULL WHERE id = ?`)
      .run(classId);
    return true;
  }
  if (before && before.count === goal.count && before.day === goal.day) return false;
  // A changed goal keeps the day it was first set, so the stickers already counted still count.
  db.$client
    .prepare(`UPDATE classes SET goal_count = ?, goal_day = ?, goal_set_at = ? WHERE id = ?`)
    .run(goal.count, goal.day, before?.setAt ?? at, classId);
  return true;
}

/** A pupil's class's goal and progress, or null when there is none or the class's rewards are off. */
export function classGoalForStudent(studentId: string): { goal: ClassGoal; secured: number } | null {
  const row = db.$client
    .prepare<[string], { classId: string; off: number }>(
      `SELECT c.id AS classId, c.rewards_off AS off FROM classes c JOIN students s ON s.class_id = c.id WHERE s.id = ?`,
    )
    .get(studentId);
  if (!row || row.off === 1) return null;
  const goal = classGoalOf(row.classId);
  return goal ? { goal, secured: classGoalProgress(row.classId, goal) } : null;
}
