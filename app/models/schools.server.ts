import { asc, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { classes, schools, students, teachers } from "~/db/schema";
import { randomId } from "~/utils/signing.server";
import { deleteSchoolSessions } from "./sessions.server";

/*
 * Schools, their teachers and classes, as the admin panel reads and writes them (docs/product.md#admin). Data
 * access only: login codes and class keys are made in app/school/login-codes.server.ts and passed in.
 */

/** Newest first; rows written in the same millisecond keep their insertion order (newest first too). */
const newestFirst = (table: typeof schools | typeof teachers | typeof classes) => [
  desc(table.createdAt),
  desc(sql`${table}.rowid`),
];

export type SchoolOption = { id: string; name: string };

export type ClassRow = { id: string; name: string; teacherName: string; logoUrl: string | null; createdAt: number };

export type SchoolWithClasses = {
  id: string;
  name: string;
  logoUrl: string | null;
  createdAt: number;
  classes: ClassRow[];
  /** The school's teachers, by name: the choices for a new class's teacher. */
  teachers: SchoolOption[];
};

export type TeacherRow = {
  id: string;
  name: string;
  email: string | null;
  schoolId: string;
  schoolName: string;
  loginCode: string;
  createdAt: number;
};

/** Every school, newest first, each with its classes (newest first) and its teachers (by name). */
export function listSchoolsWithClasses(): SchoolWithClasses[] {
  const schoolRows = db
    .select({ id: schools.id, name: schools.name, logoUrl: schools.logoUrl, createdAt: schools.createdAt })
    .from(schools)
    .orderBy(...newestFirst(schools))
    .all();
  const classRows = db
    .select({
      id: classes.id,
      name: classes.name,
      schoolId: classes.schoolId,
      teacherName: teachers.name,
      logoUrl: classes.logoUrl,
      createdAt: classes.createdAt,
    })
    .from(classes)
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .orderBy(...newestFirst(classes))
    .all();
  const teacherRows = db
    .select({ id: teachers.id, name: teachers.name, schoolId: teachers.schoolId })
    .from(teachers)
    .orderBy(asc(teachers.name), asc(teachers.createdAt))
    .all();
  return schoolRows.map((school) => ({
    ...school,
    classes: classRows.filter((c) => c.schoolId === school.id).map(({ schoolId: _schoolId, ...row }) => row),
    teachers: teacherRows.filter((t) => t.schoolId === school.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** Every school's id and name, by name: the choices for a teacher's school. */
export function listSchoolOptions(): SchoolOption[] {
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .orderBy(asc(schools.name), asc(schools.createdAt))
    .all();
}

/** A school's name and logo (a logo removal's confirmation step). */
export function findSchool(id: string): { id: string; name: string; logoUrl: string | null } | undefined {
  return db
    .select({ id: schools.id, name: schools.name, logoUrl: schools.logoUrl })
    .from(schools)
    .where(eq(schools.id, id))
    .get();
}

/** A school's name, if it exists. */
export function schoolNameOf(id: string): string | undefined {
  return db.select({ name: schools.name }).from(schools).where(eq(schools.id, id)).get()?.name;
}

export function schoolExists(id: string): boolean {
  return db.select({ id: schools.id }).from(schools).where(eq(schools.id, id)).get() !== undefined;
}

export function insertSchool(name: string): string {
  const id = randomId();
  db.insert(schools).values({ id, name }).run();
  return id;
}

/** Every teacher with their school, newest first. */
export function listTeachers(): TeacherRow[] {
  return db
    .select({
      id: teachers.id,
      name: teachers.name,
      email: teachers.email,
      schoolId: teachers.schoolId,
      schoolName: schools.name,
      loginCode: teachers.loginCode,
      createdAt: teachers.createdAt,
    })
    .from(teachers)
    .innerJoin(schools, eq(schools.id, teachers.schoolId))
    .orderBy(...newestFirst(teachers))
    .all();
}

export function findTeacher(id: string): { id: string; name: string; schoolId: string } | undefined {
  return db
    .select({ id: teachers.id, name: teachers.name, schoolId: teachers.schoolId })
    .from(teachers)
    .where(eq(teachers.id, id))
    .get();
}

export function insertTeacher(teacher: {
  name: string;
  email: string | null;
  schoolId: string;
  loginCode: string;
}): string {
  const id = randomId();
  db.insert(teachers)
    .values({ id, ...teacher })
    .run();
  return id;
}

/** The school a class belongs to, if the class exists. */
export function schoolIdOfClass(classId: string): string | null {
  return db.select({ schoolId: classes.schoolId }).from(classes).where(eq(classes.id, classId)).get()?.schoolId ?? null;
}

/** A teacher's name and e-mail; false when there is no such teacher. */
export function updateTeacher(id: string, changes: { name: string; email: string | null }): boolean {
  return db.update(teachers).set(changes).where(eq(teachers.id, id)).run().changes > 0;
}

/** A teacher's login code; false when there is no such teacher. */
export function setTeacherLoginCode(id: string, loginCode: string): boolean {
  return db.update(teachers).set({ loginCode }).where(eq(teachers.id, id)).run().changes > 0;
}

export type ClassDetail = {
  id: string;
  name: string;
  /** The secret of the class's printed login link (its login cards). */
  loginKey: string;
  /** The key of the card's short address (null only for a class the migration could not give one). */
  shortKey: string | null;
  logoUrl: string | null;
  schoolId: string;
  schoolName: string;
  teacherName: string;
};

/** A class with its school's and teacher's names (the admin panel's page for one class). */
export function findClassDetail(id: string): ClassDetail | undefined {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      loginKey: classes.loginKey,
      shortKey: classes.shortKey,
      logoUrl: classes.logoUrl,
      schoolId: schools.id,
      schoolName: schools.name,
      teacherName: teachers.name,
    })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .where(eq(classes.id, id))
    .get();
}

/** A school's classes by name, with their teacher (a roster import finds each row's class here). */
export function classesOfSchool(schoolId: string): { id: string; name: string; teacherId: string | null }[] {
  return db
    .select({ id: classes.id, name: classes.name, teacherId: classes.teacherId })
    .from(classes)
    .where(eq(classes.schoolId, schoolId))
    .orderBy(asc(classes.name), asc(classes.createdAt))
    .all();
}

export function classExists(id: string): boolean {
  return db.select({ id: classes.id }).from(classes).where(eq(classes.id, id)).get() !== undefined;
}

/** A teacher's new login code, ending every session of theirs in the same step; false when there is no such teacher. */
export function replaceTeacherLoginCode(id: string, loginCode: string): boolean {
  return db.transaction(() => {
    if (!setTeacherLoginCode(id, loginCode)) return false;
    deleteSchoolSessions({ teacherId: id });
    return true;
  });
}

export function insertClass(row: {
  name: string;
  schoolId: string;
  teacherId: string;
  loginKey: string;
  shortKey?: string | null;
  logoUrl?: string | null;
}): string {
  const id = randomId();
  db.insert(classes)
    .values({ id, ...row })
    .run();
  return id;
}

/** Whether a teacher or a student already has this login code (codes are unique across both). */
export function loginCodeInUse(code: string): boolean {
  const teacher = db.select({ id: teachers.id }).from(teachers).where(eq(teachers.loginCode, code)).get();
  if (teacher) return true;
  return db.select({ id: students.id }).from(students).where(eq(students.loginCode, code)).get() !== undefined;
}

/** Whether a failed write was refused because a login code (teacher's or student's) is taken. */
export function isLoginCodeClash(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return /UNIQUE constraint failed: (teachers|students)\.login_code/.test(message);
}

/** Whether a class already has this short key (its card address, docs/product.md#short-card-address). */
export function shortKeyInUse(shortKey: string): boolean {
  return db.select({ id: classes.id }).from(classes).where(eq(classes.shortKey, shortKey)).get() !== undefined;
}

/** Whether a failed write was refused because a class's short key is taken. */
export function isShortKeyClash(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return /UNIQUE constraint failed: classes\.short_key/.test(message);
}
