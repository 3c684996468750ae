import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { activeStudent } from "./active-students.server";
import { classes, schools, students } from "~/db/schema";

/*
 * What a pupil's own pages show beyond the session's names (docs/product.md#students): their stored game settings
 * and the logos of their class and school. Read by the pupil's id only, so a pupil reads nobody else's.
 */

export type StudentHomeRow = {
  difficulty: string;
  allowedOperations: unknown;
  timesTables: unknown;
  extraTime: unknown;
  calm: unknown;
  extraGames: unknown;
  classLogoUrl: string | null;
  schoolLogoUrl: string | null;
  schoolName: string;
};

export function findStudentHome(studentId: string): StudentHomeRow | undefined {
  return db
    .select({
      difficulty: students.difficulty,
      allowedOperations: students.allowedOperations,
      timesTables: students.timesTables,
      extraTime: students.extraTime,
      calm: students.calm,
      extraGames: students.extraGames,
      classLogoUrl: classes.logoUrl,
      schoolLogoUrl: schools.logoUrl,
      schoolName: schools.name,
    })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(students.id, studentId), activeStudent))
    .get();
}

/** The games a teacher gave the pupil beside their own, as stored; undefined when there is no such pupil. */
export function findStudentGivenGames(studentId: string): unknown {
  return db
    .select({ extraGames: students.extraGames })
    .from(students)
    .where(and(eq(students.id, studentId), activeStudent))
    .get()?.extraGames;
}
