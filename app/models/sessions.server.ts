import { and, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { activeStudent } from "./active-students.server";
import { classes, profiles, schools, sessions, students, teachers, users } from "~/db/schema";

/* Server-side sessions: one row per signed-in browser; the cookie carries only the row's id. */

export type SessionMember = {
  userId: string;
  email: string | null;
  username: string | null;
  role: "member" | "admin";
};

export function insertMemberSession(session: {
  id: string;
  userId: string;
  userAgent: string | null;
  expiresAt: number;
}): void {
  db.insert(sessions).values(session).run();
}

/** The member a live session belongs to. */
export function memberOfSession(sessionId: string, at: number): SessionMember | undefined {
  return db
    .select({ userId: users.id, email: users.email, role: users.role, username: profiles.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, at)))
    .get();
}

export function deleteSession(sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of a member, or every one but `keep` (a password change keeps the browser that made it). */
export function deleteMemberSessions(userId: string, keep?: string): number {
  const where = keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId);
  return db.delete(sessions).where(where).run().changes;
}

export type DeviceSession = { id: string; userAgent: string | null; createdAt: number; expiresAt: number };

export function listMemberSessions(userId: string, at: number): DeviceSession[] {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, at)))
    .orderBy(desc(sessions.createdAt))
    .all();
}

/* Teachers and students (docs/product.md#school-sessions): the same rows, owned by a teacher or a student. */

export type SchoolSessionOwner = { teacherId: string } | { studentId: string };

export function insertSchoolSession(
  session: { id: string; userAgent: string | null; expiresAt: number } & SchoolSessionOwner,
): void {
  db.insert(sessions).values(session).run();
}

export type TeacherOfSession = { teacherId: string; name: string; schoolId: string; schoolName: string };
export type StudentOfSession = {
  studentId: string;
  name: string;
  classId: string;
  className: string;
  teacherName: string;
  schoolId: string;
  schoolName: string;
};

/**
 * The three reads behind every teacher's and pupil's page (the root's loader asks, and the page's own guard again):
 * prepared once, not built and compiled by drizzle on every request (docs/speed-shortcuts.md#a-bare-pages-cost).
 */
function prepareSessionStatements() {
  return {
    session: db
      .select({ teacherId: sessions.teacherId, studentId: sessions.studentId })
      .from(sessions)
      .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("at"))))
      .prepare(),
    teacher: db
      .select({ teacherId: teachers.id, name: teachers.name, schoolId: schools.id, schoolName: schools.name })
      .from(teachers)
      .innerJoin(schools, eq(schools.id, teachers.schoolId))
      .where(eq(teachers.id, sql.placeholder("id")))
      .prepare(),
    student: db
      .select({
        studentId: students.id,
        name: students.name,
        classId: classes.id,
        className: classes.name,
        teacherName: teachers.name,
        schoolId: schools.id,
        schoolName: schools.name,
      })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .innerJoin(teachers, eq(teachers.id, classes.teacherId))
      .innerJoin(schools, eq(schools.id, classes.schoolId))
      .where(and(eq(students.id, sql.placeholder("id")), activeStudent))
      .prepare(),
  };
}
let statements: ReturnType<typeof prepareSessionStatements> | undefined;
const sessionStatements = () => (statements ??= prepareSessionStatements());

/** The teacher or student a live school session belongs to (a member's session is not one). */
export function schoolOwnerOfSession(
  sessionId: string,
  at: number,
): ({ kind: "teacher" } & TeacherOfSession) | ({ kind: "student" } & StudentOfSession) | undefined {
  const prepared = sessionStatements();
  const row = prepared.session.get({ id: sessionId, at });
  if (row?.teacherId) {
    const teacher = prepared.teacher.get({ id: row.teacherId });
    return teacher && { kind: "teacher", ...teacher };
  }
  if (row?.studentId) {
    const student = prepared.student.get({ id: row.studentId });
    return student && { kind: "student", ...student };
  }
  return undefined;
}

/** Ends every session of a teacher or a student: a new login code makes the old one worthless at once. */
export function deleteSchoolSessions(owner: SchoolSessionOwner): number {
  const where =
    "teacherId" in owner ? eq(sessions.teacherId, owner.teacherId) : eq(sessions.studentId, owner.studentId);
  return db.delete(sessions).where(where).run().changes;
}

/* Housekeeping (docs/product.md#privacy-and-retention) */

/** Deletes up to `limit` sessions that expired before `at`; returns how many, so the caller can loop in batches. */
export function deleteExpiredSessions(at: number, limit: number): number {
  const batch = db.select({ id: sessions.id }).from(sessions).where(lt(sessions.expiresAt, at)).limit(limit);
  return db.delete(sessions).where(inArray(sessions.id, batch)).run().changes;
}
