import { activeStudentSql } from "./active-students.server";
import { db } from "~/db/client.server";
import type { DigestGame } from "~/school-rules/digest-content";

/*
 * The weekly digest's rows (docs/product.md#weekly-digest): a teacher's own choice of address and whether they
 * confirmed it, whether they want the digest at it or keep it for sign-in links only, the week last sent, and what
 * the digest reads of their classes' pupils. Pupil reads are in `digestPupilsOfClass` only.
 */

/**
 * `digest_sent_week` of a teacher who keeps a confirmed address for sign-in links only: no week is ever due to them
 * (docs/decisions/0070-logins-that-no-guesser-can-close.md, no migration needed).
 */
export const DIGEST_NOT_WANTED = "off";
const NOT_WANTED = `'${DIGEST_NOT_WANTED}'`;

export type DigestSettings = {
  teacherId: string;
  name: string;
  schoolId: string;
  /** The address an admin gave the teacher (a suggestion for the form, never mailed unless confirmed). */
  email: string | null;
  digestEmail: string | null;
  digestConfirmedAt: number | null;
  digestSentWeek: string | null;
  /** False when the address is kept for sign-in links only. */
  digestWanted: boolean;
};

const SETTINGS = `SELECT id AS teacherId, name, school_id AS schoolId, email, digest_email AS digestEmail,
  digest_confirmed_at AS digestConfirmedAt, digest_sent_week AS digestSentWeek,
  digest_sent_week IS NOT ${NOT_WANTED} AS digestWanted FROM teachers`;

export function digestSettingsOf(teacherId: string): DigestSettings | undefined {
  const row = db.$client
    .prepare<[string], Omit<DigestSettings, "digestWanted"> & { digestWanted: number }>(`${SETTINGS} WHERE id = ?`)
    .get(teacherId);
  return row ? { ...row, digestWanted: row.digestWanted === 1 } : undefined;
}

/** The week column for `wanted`: a teacher who wants the digest again gets this week's if it is due. */
const wantedWeek = `CASE WHEN ? THEN (CASE WHEN digest_sent_week IS ${NOT_WANTED} THEN NULL ELSE digest_sent_week END)
  ELSE ${NOT_WANTED} END`;

/**
 * The teacher gives `email`, for the digest too when `wanted` (else for sign-in links only): kept unconfirmed until
 * they open the mail's link.
 */
export function setDigestPending(teacherId: string, email: string, wanted = true): boolean {
  return (
    db.$client
      .prepare(
        `UPDATE teachers SET digest_email = ?, digest_confirmed_at = NULL, digest_sent_week = ${wantedWeek} WHERE id = ?`,
      )
      .run(email, wanted ? 1 : 0, teacherId).changes === 1
  );
}

/** The digest on or off at the address the teacher keeps. False when nothing changed. */
export function setDigestWanted(teacherId: string, wanted: boolean): boolean {
  return (
    db.$client
      .prepare(
        `UPDATE teachers SET digest_sent_week = ${wantedWeek} WHERE id = ? AND digest_email IS NOT NULL
           AND (digest_sent_week IS ${NOT_WANTED}) = ?`,
      )
      .run(wanted ? 1 : 0, teacherId, wanted ? 1 : 0).changes === 1
  );
}

/** Confirms the address, only while it is still the one the link was made for. False when it is not. */
export function confirmDigest(teacherId: string, email: string, at: number): boolean {
  return (
    db.$client
      .prepare(
        `UPDATE teachers SET digest_confirmed_at = ? WHERE id = ? AND digest_email = ? AND digest_confirmed_at IS NULL`,
      )
      .run(at, teacherId, email).changes === 1
  );
}

/** No more digests nor sign-in links (the address is forgotten). False when the teacher had none given. */
export function stopDigest(teacherId: string): boolean {
  return (
    db.$client
      .prepare(
        `UPDATE teachers SET digest_email = NULL, digest_confirmed_at = NULL,
           digest_sent_week = CASE WHEN digest_sent_week IS ${NOT_WANTED} THEN NULL ELSE digest_sent_week END
         WHERE id = ? AND digest_email IS NOT NULL`,
      )
      .run(teacherId).changes === 1
  );
}

export type DueTeacher = { teacherId: string; name: string; digestEmail: string; digestSentWeek: string | null };

/** Teachers who want the digest at a confirmed address and were not yet sent `week`'s, at most `limit`, by id. */
export function teachersDueDigest(week: string, limit: number): DueTeacher[] {
  return db.$client
    .prepare<[string, number], DueTeacher>(
      `SELECT id AS teacherId, name, digest_email AS digestEmail, digest_sent_week AS digestSentWeek FROM teachers
       WHERE digest_email IS NOT NULL AND digest_confirmed_at IS NOT NULL
         AND (digest_sent_week IS NULL OR digest_sent_week NOT IN (?, ${NOT_WANTED}))
       ORDER BY id LIMIT ?`,
    )
    .all(week, limit);
}

/**
 * Marks `week` as sent to the teacher before the mail goes, in its own commit: true only for the one caller that
 * made the change, so two runs (or two instances, during a move of the primary) never both send.
 */
export function claimDigestWeek(teacherId: string, week: string): boolean {
  return (
    db.$client
      .prepare(
        `UPDATE teachers SET digest_sent_week = ? WHERE id = ? AND digest_confirmed_at IS NOT NULL
           AND (digest_sent_week IS NULL OR digest_sent_week NOT IN (?, ${NOT_WANTED}))`,
      )
      .run(week, teacherId, week).changes === 1
  );
}

/** A mail that could not be handed over gives the week back, so the next run tries again. */
export function releaseDigestWeek(teacherId: string, week: string, previous: string | null): void {
  db.$client
    .prepare(`UPDATE teachers SET digest_sent_week = ? WHERE id = ? AND digest_sent_week = ?`)
    .run(previous, teacherId, week);
}

export type DigestPupilRow = { id: string; name: string; games: DigestGame[] };

/** A class's pupils by name, each with their games completed after `since`. */
export function digestPupilsOfClass(classId: string, since: number): DigestPupilRow[] {
  const pupils = db.$client
    .prepare<[string], { id: string; name: string }>(
      `SELECT id, name FROM students s WHERE class_id = ? AND ${activeStudentSql("s")} ORDER BY name COLLATE NOCASE, id`,
    )
    .all(classId);
  const games = db.$client
    .prepare<[string, number], DigestGame & { studentId: string }>(
      `SELECT p.student_id AS studentId, p.accuracy, p.score, p.completed_at AS completedAt
       FROM student_performance p JOIN students s ON s.id = p.student_id
       WHERE s.class_id = ? AND ${activeStudentSql("s")} AND p.completed_at > ?`,
    )
    .all(classId, since);
  const byPupil = new Map(pupils.map((pupil) => [pupil.id, { ...pupil, games: [] as DigestGame[] }]));
  for (const { studentId, ...game } of games) byPupil.get(studentId)?.games.push(game);
  return Array.from(byPupil.values());
}
