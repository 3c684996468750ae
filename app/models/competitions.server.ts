import { activeStudentSql } from "./active-students.server";
import { passedReviewSql, runCountsSql, startedDuringAnotherSql } from "./counting-runs.server";
import type { Statement } from "better-sqlite3";
import { db } from "~/db/client.server";
import { competingModes } from "~/game/modes/policy";
import { PUPIL_DAY_FACTS, PUPIL_DAY_POINTS, type ClassTally, type PointsFrom } from "~/school-rules/competition";
import { randomId } from "~/utils/signing.server";

/*
 * Class competitions as stored (docs/product.md#class-competition): the competition and its classes. Data access
 * only: the rules are app/school-rules/competition.ts, who may see or start which is app/school/competitions.server.ts.
 * Pupils are read in `standingsTallies` and `pupilsOfClasses` only, so a filter on pupils (archived ones) goes
 * in those two.
 */

export type CompetitionRow = {
  id: string;
  schoolId: string;
  name: string;
  /** `YYYY-MM-DD`, UK days. */
  startsOn: string;
  endsOn: string;
  startedByKind: "admin" | "teacher";
  startedByName: string;
  /** What counts as points: game scores, or facts secured (docs/decisions/0093-competitions-on-secured-facts.md). */
  pointsFrom: PointsFrom;
  createdAt: number;
};

export type CompetitionWithClasses = CompetitionRow & { classes: { id: string; name: string }[] };

/** A new competition: points from scores unless it says otherwise. */
export type NewCompetition = Omit<CompetitionRow, "id" | "createdAt" | "pointsFrom"> & {
  classIds: readonly string[];
  pointsFrom?: PointsFrom;
};

const COLUMNS = `c.id, c.school_id AS schoolId, c.name, c.starts_on AS startsOn, c.ends_on AS endsOn,
  c.started_by_kind AS startedByKind, c.started_by_name AS startedByName, c.points_from AS pointsFrom,
  c.created_at AS createdAt`;

/** Writes a competition and its classes; call inside the transaction that records it. Returns its id. */
export function insertCompetition(competition: NewCompetition, at: number): string {
  const id = randomId();
  db.$client
    .prepare(
      `INSERT INTO competitions (id, school_id, name, starts_on, ends_on, started_by_kind, started_by_name, points_from,
                                 created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      competition.schoolId,
      competition.name,
      competition.startsOn,
      competition.endsOn,
      competition.startedByKind,
      competition.startedByName,
      competition.pointsFrom ?? "scores",
      at,
    );
  const addClass = db.$client.prepare(`INSERT INTO competition_classes (competition_id, class_id) VALUES (?, ?)`);
  for (const classId of competition.classIds) addClass.run(id, classId);
  return id;
}

/** Deletes a competition (its classes go with it); false when there was none. */
export function deleteCompetition(id: string): boolean {
  return db.$client.prepare(`DELETE FROM competitions WHERE id = ?`).run(id).changes > 0;
}

/** A competition with its classes (by name), or undefined. */
export function findCompetition(id: string): CompetitionWithClasses | undefined {
  const row = db.$client.prepare(`SELECT ${COLUMNS} FROM competitions c WHERE c.id = ?`).get(id) as
    CompetitionRow | undefined;
  return row ? withClasses([row])[0] : undefined;
}

/** A school's competitions with their classes, the latest to end first. */
export function listCompetitionsOfSchool(schoolId: string): CompetitionWithClasses[] {
  const rows = db.$client
    .prepare(`SELECT ${COLUMNS} FROM competitions c WHERE c.school_id = ? ORDER BY c.ends_on DESC, c.created_at DESC`)
    .all(schoolId) as CompetitionRow[];
  return withClasses(rows);
}

/** The competitions a class takes part in that end on `sinceDay` or later, the soonest to end first. */
export function competitionsOfClass(classId: string, sinceDay: string): CompetitionRow[] {
  return db.$client
    .prepare(
      `SELECT ${COLUMNS} FROM competition_classes cc JOIN competitions c ON c.id = cc.competition_id
       WHERE cc.class_id = ? AND c.ends_on >= ? ORDER BY c.ends_on, c.starts_on, c.id`,
    )
    .all(classId, sinceDay) as CompetitionRow[];
}

function withClasses(rows: CompetitionRow[]): CompetitionWithClasses[] {
  if (rows.length === 0) return [];
  const classRows = db.$client
    .prepare(
      `SELECT cc.competition_id AS competitionId, k.id, k.name FROM competition_classes cc
       JOIN classes k ON k.id = cc.class_id
       WHERE cc.competition_id IN (SELECT value FROM json_each(?)) ORDER BY k.name COLLATE NOCASE, k.id`,
    )
    .all(JSON.stringify(rows.map((row) => row.id))) as { competitionId: string; id: string; name: string }[];
  const byCompetition = new Map<string, { id: string; name: string }[]>();
  for (const { competitionId, id, name } of classRows) {
    const list = byCompetition.get(competitionId) ?? [];
    list.push({ id, name });
    byCompetition.set(competitionId, list);
  }
  return rows.map((row) => ({ ...row, classes: byCompetition.get(row.id) ?? [] }));
}

/** A school's classes, by name: those a competition may have. */
export function classesOfSchool(schoolId: string): { id: string; name: string; teacherId: string }[] {
  return db.$client
    .prepare(
      `SELECT id, name, teacher_id AS teacherId FROM classes WHERE school_id = ? ORDER BY name COLLATE NOCASE, id`,
    )
    .all(schoolId) as { id: string; name: string; teacherId: string }[];
}

/** The pupils of classes, by class name then name: those a winners' certificate is made out to. */
export function pupilsOfClasses(classIds: readonly string[]): { name: string; className: string }[] {
  return db.$client
    .prepare(
      `SELECT s.name, k.name AS className FROM students s JOIN classes k ON k.id = s.class_id
       WHERE s.class_id IN (SELECT value FROM json_each(?)) AND ${activeStudentSql("s")}
       ORDER BY k.name COLLATE NOCASE, k.id, s.name COLLATE NOCASE, s.id`,
    )
    .all(JSON.stringify(classIds)) as { name: string; className: string }[];
}

const talliesStatements = new Map<PointsFrom, Statement>();

const DAY_MS = 86_400_000;

// The modes whose runs count in competitions: the policy table's (app/game/modes/policy.ts), a pupil's own game.
const COMPETING_MODES = competingModes()
  .map((mode) => `'${mode}'`)
  .join(", ");

// A performance row counts when its run is the pupil's own game and counts (runCountsSql); rows from before runs
// were kept have no run and count as they are.
const COUNTED_ROW = `NOT EXISTS (SELECT 1 FROM game_runs r WHERE r.id = p.run_id AND (r.mode NOT IN (${COMPETING_MODES}) OR NOT ${runCountsSql("r")}))`;

// A sticker counts when the run that earned it counts (runCountsSql), whatever its mode: a fact secured in practice
// is learned too (docs/decisions/0093-competitions-on-secured-facts.md). Stickers with no run (a test's) count.
const COUNTED_STICKER = `NOT EXISTS (SELECT 1 FROM game_runs r WHERE r.id = f.run_id AND NOT ${runCountsSql("r")})`;

/** Each pupil's points a day of the period: their counted games' scores, or counted stickers, capped. */
const PUPIL_DAYS: Record<PointsFrom, string> = {
  scores: `SELECT p.student_id AS studentId, min(SUM(p.score), ${PUPIL_DAY_POINTS}) AS points
       FROM competition_classes cc
       JOIN students s ON s.class_id = cc.class_id AND ${activeStudentSql("s")}
       JOIN student_performance p ON p.student_id = s.id AND p.completed_at >= @from AND p.completed_at < @until
       WHERE cc.competition_id = @competitionId AND ${COUNTED_ROW}
       GROUP BY p.student_id, CAST((p.completed_at - @from) / ${DAY_MS} AS INTEGER)`,
  facts: `SELECT f.student_id AS studentId, min(COUNT(*), ${PUPIL_DAY_FACTS}) AS points
       FROM competition_classes cc
       JOIN students s ON s.class_id = cc.class_id AND ${activeStudentSql("s")}
       JOIN fact_stickers f ON f.student_id = s.id AND f.earned_at >= @from AND f.earned_at < @until
       WHERE cc.competition_id = @competitionId AND ${COUNTED_STICKER}
       GROUP BY f.student_id, CAST((f.earned_at - @from) / ${DAY_MS} AS INTEGER)`,
};

/**
 * Each class's tally for a competition's period, in one query (a GROUP BY by class over the period's games or
 * stickers): its pupils now, how many of them took part, and their total from `from` (inclusive) to `until`, each
 * pupil's day capped (PUPIL_DAY_POINTS, PUPIL_DAY_FACTS).
 * - scores: the games that count are the pupil's own game, timed or calm (runs of mode `student`, and rows from
 *   before runs were kept) that pass runCountsSql; practice is left out, and a times tables check rehearsal is never
 *   a `student_performance` row.
 * - facts: each sticker earned in the period is one, when the run that earned it passes runCountsSql (a held run's
 *   or a second game's at once: none until a person releases it).
 */
export function standingsTallies(
  competitionId: string,
  from: number,
  until: number,
  pointsFrom: PointsFrom = "scores",
): ClassTally[] {
  let statement = talliesStatements.get(pointsFrom);
  if (!statement) {
    statement = db.$client.prepare(
      `WITH pupil_days AS (${PUPIL_DAYS[pointsFrom]})
       SELECT k.id AS classId, k.name AS className, COUNT(DISTINCT s.id) AS pupils,
              COUNT(DISTINCT d.studentId) AS played, COALESCE(SUM(d.points), 0) AS total
       FROM competition_classes cc
       JOIN classes k ON k.id = cc.class_id
       LEFT JOIN students s ON s.class_id = k.id AND ${activeStudentSql("s")}
       LEFT JOIN pupil_days d ON d.studentId = s.id
       WHERE cc.competition_id = @competitionId
       GROUP BY k.id`,
    );
    talliesStatements.set(pointsFrom, statement);
  }
  return statement.all({ competitionId, from, until }) as ClassTally[];
}

/** A pupil's games of the period that do not count, and why: what their teacher sees beside the standings. */
export type UncountedGames = { name: string; className: string; waiting: number; together: number };

/** By pupil, of the given classes only, what of the period does not count and why; `counted` joins the runs `r`. */
function uncountedBy(counted: string, competitionId: string, classIds: readonly string[], from: number, until: number) {
  return db.$client
    .prepare(
      `SELECT s.name, k.name AS className,
              SUM(CASE WHEN NOT ${passedReviewSql("r")} THEN 1 ELSE 0 END) AS waiting,
              SUM(CASE WHEN ${passedReviewSql("r")} AND ${startedDuringAnotherSql("r")} THEN 1 ELSE 0 END) AS together
       FROM competition_classes cc
       JOIN classes k ON k.id = cc.class_id
       JOIN students s ON s.class_id = k.id AND ${activeStudentSql("s")}
       ${counted}
       WHERE cc.competition_id = @competitionId AND k.id IN (SELECT value FROM json_each(@classIds))
         AND NOT ${runCountsSql("r")}
       GROUP BY s.id
       ORDER BY k.name COLLATE NOCASE, k.id, s.name COLLATE NOCASE, s.id`,
    )
    .all({ competitionId, classIds: JSON.stringify(classIds), from, until }) as UncountedGames[];
}

/**
 * The games of the period that do not count, by pupil, of the given classes only (a teacher's own): those waiting
 * for a person's check (held for their pace) and those started while another was going. Names only go to the
 * pupil's own teacher (or an admin), never onto the standings.
 */
export function uncountedGames(competitionId: string, classIds: readonly string[], from: number, until: number) {
  const games = `JOIN game_runs r ON r.student_id = s.id AND r.mode IN (${COMPETING_MODES})
         AND r.finished_at >= @from AND r.finished_at < @until`;
  return uncountedBy(games, competitionId, classIds, from, until);
}

/**
 * The same for a secured-facts competition: by pupil, the facts they secured in the period that do not count, because
 * the game that secured them waits for a person's check or was started while another was going.
 */
export function uncountedStickers(competitionId: string, classIds: readonly string[], from: number, until: number) {
  const stickers = `JOIN fact_stickers f ON f.student_id = s.id AND f.earned_at >= @from AND f.earned_at < @until
       JOIN game_runs r ON r.id = f.run_id`;
  return uncountedBy(stickers, competitionId, classIds, from, until);
}
