import { gamesThisWeek, improvementOf, performanceSummary, recentSessions, type PerformanceRecord } from "~/game";
import type { OverviewRowView, OverviewSort, PerformanceCard, SortDirection } from "~/types/teacher";
import { onFirstUse } from "~/utils/first-use";
import { SCHOOL_TIME_ZONE, ukWallClock } from "./uk-days";

/*
 * A class's results as the teacher sees them (docs/product.md#teacher-performance-card and #teachers): the card
 * of each pupil, the class overview and its sorting, and the dates as a teacher in the UK reads them. Pure: the
 * time is passed in.
 */

const dayFormat = onFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: SCHOOL_TIME_ZONE }),
);

/** "22 Nov 2026". */
export function formatDay(ms: number): string {
  return dayFormat().format(ms);
}

/** "2026-11-22 14:05", which spreadsheets read as a date and time. */
export function formatDateTime(ms: number): string {
  const part = ukWallClock(ms);
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** "2026-11-22", for file names. */
export function isoDay(ms: number): string {
  return formatDateTime(ms).slice(0, 10);
}

/** Names as a teacher sorts them: case and accents aside, numbers in order ("Pupil 2" before "Pupil 10"). */
const byName = onFirstUse(() => new Intl.Collator("en-GB", { sensitivity: "base", numeric: true }));

/** Students by name (ties by id, so the order never changes between pages). */
export function sortByName<T extends { id: string; name: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => byName().compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/* The performance card */

/** A pupil's summary (average, colour, best, latest) and their 5 most recent games, newest first. */
export function performanceCard(games: readonly PerformanceRecord[]): PerformanceCard {
  return {
    ...performanceSummary(games),
    recent: recentSessions(games).map((game) => ({
      score: game.score,
      totalQuestions: game.totalQuestions,
      accuracy: game.accuracy,
      dateTime: new Date(game.completedAt).toISOString(),
      day: formatDay(game.completedAt),
    })),
  };
}

/** Each pupil's games, by pupil id (pupils without games have none in the map). */
export function gamesByStudent<T extends { studentId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.studentId);
    if (list) list.push(row);
    else map.set(row.studentId, [row]);
  }
  return map;
}

/* The class overview */

/** A row of the overview as the page shows it (~/types/teacher), its last game still a time to sort by. */
export type OverviewRow = Omit<OverviewRowView, "lastGame"> & {
  /** Epoch ms of the last game; null with no games. */
  lastGame: number | null;
};

export function overviewRow(
  student: { id: string; name: string },
  games: readonly PerformanceRecord[],
  now: number,
): OverviewRow {
  const summary = performanceSummary(games);
  const newest = [...games].sort((a, b) => b.completedAt - a.completedAt);
  return {
    id: student.id,
    name: student.name,
    games: games.length,
    gamesThisWeek: gamesThisWeek(games, now),
    averageScore: games.length > 0 ? summary.averageScore : null,
    colour: games.length > 0 ? summary.colour : null,
    trend: improvementOf(newest),
    lastGame: newest[0]?.completedAt ?? null,
  };
}

export const OVERVIEW_SORTS: readonly OverviewSort[] = ["name", "week", "average", "trend", "last"];

/**
 * The overview's order from `?sort=&dir=`: by name unless a known column is named; ascending unless `desc` (names
 * A to Z; numbers lowest first, so who needs help is on top).
 */
export function overviewSortFrom(sort: string | null, dir: string | null): { sort: OverviewSort; dir: SortDirection } {
  return { sort: OVERVIEW_SORTS.find((s) => s === sort) ?? "name", dir: dir === "desc" ? "desc" : "asc" };
}

const sortValue = (row: OverviewRow, sort: Exclude<OverviewSort, "name">): number | null =>
  sort === "week"
    ? row.gamesThisWeek
    : sort === "average"
      ? row.averageScore
      : sort === "trend"
        ? row.trend
        : row.lastGame;

/**
 * The rows in the chosen order. Pupils without a value (no games, or too few for a trend) come first in either
 * direction: they are the ones to look at. Ties go by name.
 */
export function sortOverview(rows: readonly OverviewRow[], sort: OverviewSort, dir: SortDirection): OverviewRow[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const names = byName().compare(a.name, b.name) || a.id.localeCompare(b.id);
    if (sort === "name") return sign * names;
    const x = sortValue(a, sort);
    const y = sortValue(b, sort);
    if (x === null || y === null) return x === y ? names : x === null ? -1 : 1;
    return sign * (x - y) || names;
  });
}

/** A row as the page shows it: the last game as a day. */
export function overviewRowView({ lastGame, ...row }: OverviewRow): OverviewRowView {
  return {
    ...row,
    lastGame: lastGame === null ? null : { day: formatDay(lastGame), dateTime: new Date(lastGame).toISOString() },
  };
}
