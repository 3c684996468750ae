import { db } from "~/db/client.server";
import { DIGEST_NOT_WANTED } from "./digest.server";

/*
 * The reads of a school's export (docs/product.md#data-rights): a school's teachers, classes and pupils, and each
 * pupil's results, games, fact records and stickers. Read a class or a pupil at a time (each a short indexed read), so the
 * export holds one pupil's rows at once, never the school's; app/school/school-export.server.ts shapes them into
 * files.
 */

export type ExportSchool = { id: string; name: string; createdAt: number };
export type ExportTeacher = {
  id: string;
  name: string;
  email: string | null;
  /** The weekly digest's address, once the teacher confirmed it and while they want the digest (docs/product.md#weekly-digest). */
  digestEmail: string | null;
  /** The teacher's own confirmed address, where their one-time sign-in links go (with or without the digest). */
  signInEmail: string | null;
  createdAt: number;
};
export type ExportClass = {
  id: string;
  name: string;
  teacherId: string;
  teacherName: string;
  /** The teacher's switch (docs/product.md#sticker-book): 1 when the class's stickers are off. */
  rewardsOff: 0 | 1;
  /** The class goal (docs/product.md#class-goal): all three or none. */
  goalCount: number | null;
  goalDay: string | null;
  goalSetAt: number | null;
  createdAt: number;
};
export type ExportPupil = {
  id: string;
  name: string;
  classId: string;
  className: string;
  allowedOperations: string;
  timesTables: string;
  difficulty: string;
  extraTime: number;
  calm: 0 | 1;
  /** JSON text of the games a teacher gave (docs/decisions/0083-extra-games-per-pupil.md), or null. */
  extraGames: string | null;
  createdAt: number;
};
export type ExportResult = {
  id: number;
  score: number;
  totalQuestions: number;
  accuracy: number;
  timeTaken: number;
  runId: string | null;
  completedAt: number;
};
export type ExportRun = {
  id: string;
  mode: string;
  gameType: string;
  score: number;
  totalQuestions: number;
  accuracy: number;
  startedAt: number;
  finishedAt: number;
  answers: string | null;
  review: string | null;
};
export type ExportFactRecord = { op: string; data: string; updatedAt: number };
export type ExportSticker = { fact: string; earnedAt: number; runId: string | null };

export function schoolToExport(id: string): ExportSchool | undefined {
  return db.$client
    .prepare<[string], ExportSchool>(`SELECT id, name, created_at AS createdAt FROM schools WHERE id = ?`)
    .get(id);
}

export function teachersToExport(schoolId: string): ExportTeacher[] {
  return db.$client
    .prepare<[string], ExportTeacher>(
      `SELECT id, name, email,
         CASE WHEN digest_confirmed_at IS NULL OR digest_sent_week IS '${DIGEST_NOT_WANTED}' THEN NULL ELSE digest_email END
           AS digestEmail,
         CASE WHEN digest_confirmed_at IS NULL THEN NULL ELSE digest_email END AS signInEmail,
         created_at AS createdAt
       FROM teachers WHERE school_id = ? ORDER BY created_at, id`,
    )
    .all(schoolId);
}

export function classesToExport(schoolId: string): ExportClass[] {
  return db.$client
    .prepare<[string], ExportClass>(
      `SELECT c.id, c.name, c.teacher_id AS teacherId, t.name AS teacherName, c.rewards_off AS rewardsOff,
              c.goal_count AS goalCount, c.goal_day AS goalDay, c.goal_set_at AS goalSetAt, c.created_at AS createdAt
       FROM classes c JOIN teachers t ON t.id = c.teacher_id WHERE c.school_id = ? ORDER BY c.created_at, c.id`,
    )
    .all(schoolId);
}

/** One class's pupils by name (a class is small; login codes are never read here). */
export function pupilsToExport(classId: string): ExportPupil[] {
  return db.$client
    .prepare<[string], ExportPupil>(
      `SELECT p.id, p.name, p.class_id AS classId, c.name AS className, p.allowed_operations AS allowedOperations,
              p.times_tables AS timesTables, p.difficulty, p.extra_time AS extraTime, p.calm,
              p.extra_games AS extraGames, p.created_at AS createdAt
       FROM students p JOIN classes c ON c.id = p.class_id WHERE p.class_id = ? ORDER BY p.name COLLATE NOCASE, p.id`,
    )
    .all(classId);
}

export function resultsToExport(studentId: string): ExportResult[] {
  return db.$client
    .prepare<[string], ExportResult>(
      `SELECT id, score, total_questions AS totalQuestions, accuracy, time_taken AS timeTaken, run_id AS runId,
              completed_at AS completedAt
       FROM student_performance WHERE student_id = ? ORDER BY completed_at, id`,
    )
    .all(studentId);
}

export function runsToExport(studentId: string): ExportRun[] {
  return db.$client
    .prepare<[string], ExportRun>(
      `SELECT id, mode, game_type AS gameType, score, total_questions AS totalQuestions, accuracy,
              started_at AS startedAt, finished_at AS finishedAt, answers, review
       FROM game_runs WHERE student_id = ? ORDER BY finished_at, id`,
    )
    .all(studentId);
}

export function factRecordsToExport(studentId: string): ExportFactRecord[] {
  return db.$client
    .prepare<[string], ExportFactRecord>(
      `SELECT op, data, updated_at AS updatedAt FROM fact_records WHERE student_id = ? ORDER BY instr('+-*/', op)`,
    )
    .all(studentId);
}

/** A pupil's stickers (docs/product.md#sticker-book), the order the book earned them. */
export function stickersToExport(studentId: string): ExportSticker[] {
  return db.$client
    .prepare<[string], ExportSticker>(
      `SELECT fact, earned_at AS earnedAt, run_id AS runId FROM fact_stickers WHERE student_id = ?
       ORDER BY earned_at, id`,
    )
    .all(studentId);
}
