import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { gameRuns } from "~/db/schema";

/** One finished times tables check rehearsal of a pupil's (docs/product.md#multiplication-tables-check-rehearsal). */
export type MtcScore = { studentId: string; runId: string; score: number; finishedAt: number };

/** The rehearsals of these pupils, oldest first. */
export function mtcScoresOfStudents(studentIds: readonly string[]): MtcScore[] {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: gameRuns.studentId,
      runId: gameRuns.id,
      score: gameRuns.score,
      finishedAt: gameRuns.finishedAt,
    })
    .from(gameRuns)
    .where(and(eq(gameRuns.mode, "mtc"), inArray(gameRuns.studentId, [...studentIds])))
    .orderBy(asc(gameRuns.finishedAt), asc(gameRuns.id))
    .all() as MtcScore[];
}
