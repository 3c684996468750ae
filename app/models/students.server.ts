import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { classes, students, teachers } from "~/db/schema";
import type { ExtraTime, StudentDifficulty, StudentOperation } from "~/game";
import { randomId } from "~/utils/signing.server";
import { activeStudent } from "./active-students.server";

/*
 * Pupils, as the admin panel and the teacher dashboard read and write them (docs/product.md#students). Data
 * access only: login codes are made in app/school/login-codes.server.ts and passed in; who may touch which
 * pupil is the caller's check (a teacher: studentOfTeacher first).
 */

export type StudentSettingsRow = {
  timesTables: string[];
  allowedOperations: StudentOperation[];
  difficulty: StudentDifficulty;
  /** 1, 1.5 or 2 as written; a read passes on what is stored (the game reads it through cleanStudentSettings). */
  extraTime: ExtraTime;
  calm: boolean;
  /** The games a teacher gave beside their own, by mode (docs/decisions/0083-extra-games-per-pupil.md). */
  extraGames: Record<string, string[]>;
};

export type StudentRow = { id: string; name: string; classId: string; loginCode: string } & StudentSettingsRow;

const studentColumns = {
  id: students.id,
  name: students.name,
  classId: students.classId,
  loginCode: students.loginCode,
  timesTables: students.timesTables,
  allowedOperations: students.allowedOperations,
  difficulty: students.difficulty,
  extraTime: students.extraTime,
  calm: students.calm,
  extraGames: students.extraGames,
};

/**
 * The settings as written: extra time, calm mode and the given games keep their stored value (a new pupil: × 1,
 * timed, none) when not given.
 */
export type SettingsWrite = Omit<StudentSettingsRow, "extraTime" | "calm" | "extraGames"> &
  Partial<Pick<StudentSettingsRow, "extraTime" | "calm" | "extraGames">>;

type NewStudent = { name: string; classId: string; loginCode: string } & SettingsWrite;

export function insertStudent(row: NewStudent): string {
  const id = randomId();
  db.insert(students)
    .values({ id, ...row })
    .run();
  return id;
}

/**
 * Adding many pupils in one go (a roster import: docs/product.md#roster-import), with the insert prepared once. Call
 * inside the caller's transaction, and pass `codeInUse` to withFreshLoginCode (app/school/login-codes.server.ts): it
 * checks the teachers' codes, read once (no teacher is added inside the transaction); a pupil's code already taken
 * is refused by the unique index, and withFreshLoginCode draws again.
 */
export function studentBatchWriter() {
  const teacherCodes = new Set(db.$client.prepare("SELECT login_code FROM teachers").pluck().all() as string[]);
  const insert = db.$client.prepare(
    "INSERT INTO students (id, name, class_id, times_tables, allowed_operations, difficulty, login_code, created_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  return {
    codeInUse: (code: string) => teacherCodes.has(code),
    /** Extra time and calm mode take their defaults (× 1, timed): a list sets neither. */
    insert(row: NewStudent, createdAt: number): string {
      const id = randomId();
      insert.run(
        id,
        row.name,
        row.classId,
        JSON.stringify(row.timesTables),
        JSON.stringify(row.allowedOperations),
        row.difficulty,
        row.loginCode,
        createdAt,
      );
      return id;
    },
  };
}

/** The names of the pupils in these classes, by class (a roster import's check for names already there). */
export function studentNamesOfClasses(classIds: readonly string[]): { classId: string; name: string }[] {
  if (classIds.length === 0) return [];
  return db
    .select({ classId: students.classId, name: students.name })
    .from(students)
    .where(and(inArray(students.classId, [...classIds]), activeStudent))
    .all();
}

/** The pupils of these classes added at one moment (a roster import's), by name, with their codes. */
export function studentsAddedAt(
  classIds: readonly string[],
  createdAt: number,
): { id: string; name: string; classId: string; loginCode: string }[] {
  if (classIds.length === 0) return [];
  return db
    .select({ id: students.id, name: students.name, classId: students.classId, loginCode: students.loginCode })
    .from(students)
    .where(and(inArray(students.classId, [...classIds]), eq(students.createdAt, createdAt), activeStudent))
    .orderBy(sql`${students.name} collate nocase`, asc(students.id))
    .all();
}

/** A pupil's name and settings; false when there is no such pupil. */
export function updateStudent(id: string, changes: { name: string } & SettingsWrite): boolean {
  return db.update(students).set(changes).where(eq(students.id, id)).run().changes > 0;
}

/**
 * The same settings for every pupil of a class, in one statement (so one transaction): the class-wide settings
 * (docs/product.md#teachers). The number of pupils changed.
 */
export function updateClassStudents(classId: string, settings: SettingsWrite): number {
  return db
    .update(students)
    .set(settings)
    .where(and(eq(students.classId, classId), activeStudent))
    .run().changes;
}

/** A pupil's login code; false when there is no such pupil. */
export function setStudentLoginCode(id: string, loginCode: string): boolean {
  return db.update(students).set({ loginCode }).where(eq(students.id, id)).run().changes > 0;
}

export function findStudent(id: string): StudentRow | undefined {
  return db
    .select(studentColumns)
    .from(students)
    .where(and(eq(students.id, id), activeStudent))
    .get() as StudentRow | undefined;
}

/** The pupil, only when they are in one of this teacher's classes (the teacher dashboard's ownership check). */
export function studentOfTeacher(studentId: string, teacherId: string): StudentRow | undefined {
  return db
    .select(studentColumns)
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.id, studentId), eq(classes.teacherId, teacherId), activeStudent))
    .get() as StudentRow | undefined;
}

/** Prepared once: every page of a class lists its pupils (docs/speed-shortcuts.md#a-bare-pages-cost). */
let studentsOfClassStatement: { all(params: { classId: string }): unknown[] } | undefined;

/** A class's pupils by name, whatever the case ("amy" beside "Amy"; a class is small, so no index is needed). */
export function listStudentsOfClass(classId: string): StudentRow[] {
  studentsOfClassStatement ??= db
    .select(studentColumns)
    .from(students)
    .where(and(eq(students.classId, sql.placeholder("classId")), activeStudent))
    .orderBy(sql`${students.name} collate nocase`, asc(students.id))
    .prepare();
  return studentsOfClassStatement.all({ classId }) as StudentRow[];
}

/* Logins (docs/product.md#login-codes) */

export function teacherIdByLoginCode(code: string): { id: string; name: string } | undefined {
  return db.select({ id: teachers.id, name: teachers.name }).from(teachers).where(eq(teachers.loginCode, code)).get();
}

/**
 * Where a teacher's sign-in link may be mailed (docs/product.md#guessing-login-codes): the address they confirmed
 * for the weekly e-mail, never the one an admin typed. Undefined: no such teacher; email null: none confirmed.
 */
export type TeacherSignIn = {
  id: string;
  name: string;
  loginCode: string;
  /** The address the teacher confirmed (docs/product.md#weekly-digest), or null. */
  email: string | null;
  /** When they last proved they read it: confirming it, or opening a sign-in link sent to it. */
  confirmedAt: number | null;
};

export function teacherSignInOf(by: { code: string } | { id: string }): TeacherSignIn | undefined {
  const row = db
    .select({
      id: teachers.id,
      name: teachers.name,
      loginCode: teachers.loginCode,
      email: teachers.digestEmail,
      confirmedAt: teachers.digestConfirmedAt,
    })
    .from(teachers)
    .where("code" in by ? eq(teachers.loginCode, by.code) : eq(teachers.id, by.id))
    .get();
  if (!row) return undefined;
  return { ...row, email: row.confirmedAt === null ? null : row.email };
}

/**
 * Spends a teacher's sign-in link (docs/decisions/0070-logins-that-no-guesser-can-close.md): the mailbox was just
 * proved again, so the confirmation time moves on, and every link signed over the time before opens nothing, after a
 * restart too. False when it had moved already (the link used, by another press a moment before too).
 */
export function spendTeacherSignIn(teacherId: string, confirmedAt: number, at: number): boolean {
  return (
    db
      .update(teachers)
      .set({ digestConfirmedAt: Math.max(at, confirmedAt + 1) })
      .where(and(eq(teachers.id, teacherId), eq(teachers.digestConfirmedAt, confirmedAt)))
      .run().changes === 1
  );
}

/** The pupil with this code; with `classKey`, only a pupil of the class whose printed link carries that key. */
export function studentIdByLoginCode(code: string, classKey?: string): { id: string; name: string } | undefined {
  const byCode = and(eq(students.loginCode, code), activeStudent);
  return db
    .select({ id: students.id, name: students.name })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(classKey === undefined ? byCode : and(byCode, eq(classes.loginKey, classKey)))
    .get();
}

/** How many accounts a guessed code could open (docs/decisions/0038-logins-a-right-code-opens.md). */
export function countLoginAccounts(of: "students" | "teachers" | { classId: string }): number {
  const rows =
    of === "teachers"
      ? db.select({ n: sql<number>`count(*)` }).from(teachers)
      : of === "students"
        ? db
            .select({ n: sql<number>`count(*)` })
            .from(students)
            .where(activeStudent)
        : db
            .select({ n: sql<number>`count(*)` })
            .from(students)
            .where(and(eq(students.classId, of.classId), activeStudent));
  return rows.get()?.n ?? 0;
}

/** The class whose printed login link carries this key. */
export function classByLoginKey(classKey: string): { id: string; name: string } | undefined {
  return db.select({ id: classes.id, name: classes.name }).from(classes).where(eq(classes.loginKey, classKey)).get();
}

/** The class whose card address carries this short key, with its login link's key. */
export function classByShortKey(shortKey: string): { id: string; loginKey: string } | undefined {
  return db
    .select({ id: classes.id, loginKey: classes.loginKey })
    .from(classes)
    .where(eq(classes.shortKey, shortKey))
    .get();
}

/** How many classes there are (a guessed short key can hit any of them). */
export function countClasses(): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(classes)
      .get()?.n ?? 0
  );
}
