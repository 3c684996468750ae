import { redirect } from "@remix-run/node";
import { mtcScoresOfStudents, type MtcScore } from "~/models/mtc-runs.server";
import { listStudentsOfClass } from "~/models/students.server";
import { classInScope, type StudentScope } from "~/school/students.server";
import type { PupilMtc, WeekMtc } from "~/types/mtc";
import { SCHOOL_TIME_ZONE } from "~/school-rules/uk-days";

/*
 * A class's times tables check rehearsals over time (docs/product.md#multiplication-tables-check-rehearsal): each
 * pupil's latest scores with their dates, and the class's average score each week. A teacher reads only their own
 * classes (classInScope refuses any other).
 */

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: SCHOOL_TIME_ZONE });
const WEEK = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** How many of a pupil's latest rehearsals the page shows, oldest to newest. */
export const MTC_LATEST = 5;
const DAY_MS = 86_400_000;

/** The Monday (UTC) of the week a moment is in, as epoch ms. */
export function weekOf(at: number): number {
  const day = Math.floor(at / DAY_MS);
  // 1 January 1970 was a Thursday: day 0 is 3 days after a Monday.
  return (day - ((day + 3) % 7)) * DAY_MS;
}

/** Each pupil's latest rehearsals (oldest to newest) and the class's average per week, newest week first. */
export function mtcSummary(pupils: readonly { id: string; name: string }[], scores: readonly MtcScore[]) {
  const byPupil = new Map<string, PupilMtc["latest"]>();
  const byWeek = new Map<number, { total: number; count: number }>();
  for (const score of scores) {
    const list = byPupil.get(score.studentId) ?? [];
    list.push({ score: score.score, at: score.finishedAt, date: DAY.format(score.finishedAt) });
    byPupil.set(score.studentId, list);
    const week = weekOf(score.finishedAt);
    const sum = byWeek.get(week) ?? { total: 0, count: 0 };
    sum.total += score.score;
    sum.count += 1;
    byWeek.set(week, sum);
  }
  const rows: PupilMtc[] = pupils.map((pupil) => ({
    id: pupil.id,
    name: pupil.name,
    latest: (byPupil.get(pupil.id) ?? []).slice(-MTC_LATEST),
  }));
  const weeks: WeekMtc[] = [...byWeek.entries()]
    .sort(([a], [b]) => b - a)
    .map(([week, { total, count }]) => ({
      week,
      label: `Week of ${WEEK.format(week)}`,
      rehearsals: count,
      average: Math.round((total / count) * 10) / 10,
    }));
  return { pupils: rows, weeks };
}

/** The page's data for `?class=` (one of the reader's classes). */
export function classMtcData(scope: StudentScope, url: URL) {
  const classId = url.searchParams.get("class");
  if (classId === null) throw redirect("/teacher-dashboard", { headers: { "Cache-Control": "no-store" } });
  const klass = classInScope(scope, classId);
  const pupils = listStudentsOfClass(klass.id).map(({ id, name }) => ({ id, name }));
  return {
    classId: klass.id,
    className: klass.name,
    ...mtcSummary(pupils, mtcScoresOfStudents(pupils.map((p) => p.id))),
  };
}
