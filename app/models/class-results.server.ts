import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { classes, schools, studentPerformance, students } from "~/db/schema";
import { deleteSchoolSessions } from "./sessions.server";
import { activeStudent } from "./active-students.server";
import { setStudentLoginCode } from "./students.server";

/*
 * What the teacher dashboard reads and writes beyond a pupil's own row (docs/product.md#teachers): a teacher's
 * classes, a class's results, and a pupil's new login code. Who may see which class is decided here by the
 * teacher's id: a class of another teacher is simply not found.
 */

export type TeacherClass = { id: string; name: string };

/** A teacher's classes, by name. */
export function listClassesOfTeacher(teacherId: string): TeacherClass[] {
  return db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(eq(classes.teacherId, teacherId))
    .orderBy(asc(classes.name), asc(classes.createdAt))
    .all();
}

export type ClassOfTeacher = TeacherClass & { loginKey: string; shortKey: string | null; schoolName: string };

/** Prepared once: every page of a class asks it (docs/speed-shortcuts.md#a-bare-pages-cost). */
let classOfTeacherStatement: ReturnType<typeof prepareClassOfTeacher> | undefined;
function prepareClassOfTeacher() {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      loginKey: classes.loginKey,
      shortKey: classes.shortKey,
      schoolName: schools.name,
    })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.id, sql.placeholder("classId")), eq(classes.teacherId, sql.placeholder("teacherId"))))
    .prepare();
}

/** The class, only when this teacher teaches it (the dashboard's ownership check for a class). */
export function classOfTeacher(classId: string, teacherId: string): ClassOfTeacher | undefined {
  classOfTeacherStatement ??= prepareClassOfTeacher();
  return classOfTeacherStatement.get({ classId, teacherId });
}

export type ResultRow = {
  studentId: string;
  score: number;
  totalQuestions: number;
  /** Seconds. */
  timeTaken: number;
  /** Percent, rounded. */
  accuracy: number;
  /** Epoch ms. */
  completedAt: number;
};

/** Every game played by the pupils of a class, newest first. */
export function listClassResults(classId: string): ResultRow[] {
  return db
    .select({
      studentId: studentPerformance.studentId,
      score: studentPerformance.score,
      totalQuestions: studentPerformance.totalQuestions,
      timeTaken: studentPerformance.timeTaken,
      accuracy: studentPerformance.accuracy,
      completedAt: studentPerformance.completedAt,
    })
    .from(studentPerformance)
    .innerJoin(students, eq(students.id, studentPerformance.studentId))
    .where(and(eq(students.classId, classId), activeStudent))
    .orderBy(desc(studentPerformance.completedAt), desc(studentPerformance.id))
    .all();
}

/**
 * A pupil's new login code, and the end of every session they had (docs/product.md#login-codes), in one
 * transaction: the old code and whoever used it stop at once. False when there is no such pupil.
 */
export function replaceStudentLoginCode(studentId: string, loginCode: string): boolean {
  return db.transaction(() => {
    if (!setStudentLoginCode(studentId, loginCode)) return false;
    deleteSchoolSessions({ studentId });
    return true;
  });
}
