import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { studentPerformance } from "~/db/schema";

/*
 * A pupil's games as their progress page and their teacher read them (docs/product.md#progress-maths). A row is
 * written only by a verified student run (app/models/runs.server.ts, in the run's own transaction), never from
 * anything a browser sends. Who may read whose rows is the caller's check: a pupil reads only their own id.
 */

export type PerformanceRow = {
  score: number;
  totalQuestions: number;
  /** Seconds. */
  timeTaken: number;
  /** Percent, rounded. */
  accuracy: number;
  /** Epoch ms. */
  completedAt: number;
  runId: string | null;
};

export type NewPerformance = Omit<PerformanceRow, "runId"> & { studentId: string; runId: string };

/** One finished student run's performance. Call inside the transaction that writes the run. */
export function insertStudentPerformance(row: NewPerformance): void {
  db.insert(studentPerformance).values(row).run();
}

/** A pupil's games, newest first (read through the index on student and time). */
export function listStudentPerformance(studentId: string): PerformanceRow[] {
  return db
    .select({
      score: studentPerformance.score,
      totalQuestions: studentPerformance.totalQuestions,
      timeTaken: studentPerformance.timeTaken,
      accuracy: studentPerformance.accuracy,
      completedAt: studentPerformance.completedAt,
      runId: studentPerformance.runId,
    })
    .from(studentPerformance)
    .where(eq(studentPerformance.studentId, studentId))
    .orderBy(desc(studentPerformance.completedAt), desc(studentPerformance.id))
    .all();
}
