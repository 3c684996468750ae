import { onFirstUse } from "~/utils/first-use";
import { addDays, dayOf, daysBetween, ukMidnight } from "./uk-days";

/*
 * The class competition's rules (docs/product.md#class-competition, docs/decisions/0061-class-competition.md): its
 * days in UK time, and the points of each class: the total score of its pupils' games in the period (or the facts
 * they secured in it: docs/decisions/0093-competitions-on-secured-facts.md), divided by the number of pupils in the
 * class, so a pupil who does not play counts as 0. Pure: today and the tallies are given.
 */

/** A competition lasts at most 4 weeks: its last day at most 27 days after its first. */
export const MAX_COMPETITION_DAYS = 28;

/**
 * The most one pupil's games add to their class's total in one day of a competition (a day: 24 hours from the
 * period's first midnight): a keen pupil's five 60-second games at 30 right. So one pupil, however they play, moves
 * their class by at most PUPIL_DAY_POINTS / pupils a day: 5.0 points per pupil in a class of 30, 4.4 in one of 34
 * (docs/decisions/0074-fair-play-for-classes-and-addresses.md shows the arithmetic).
 */
export const PUPIL_DAY_POINTS = 150;

/**
 * What counts as a competition's points, chosen when it is started: the pupils' game scores, or the facts they secure
 * in its days (a sticker earned: docs/decisions/0093-competitions-on-secured-facts.md).
 */
export const POINTS_FROM = ["scores", "facts"] as const;
export type PointsFrom = (typeof POINTS_FROM)[number];

/**
 * The most secured facts one pupil adds to their class in one day of a secured-facts competition: a whole table's
 * row. The learner simulation's typical child secures their first whole table after about 27 days
 * (bench/results/sticker-games.json), so an honest child seldom meets it, and one pupil, however they play, moves
 * their class by at most 12 / pupils a day (0.4 secured facts per pupil in a class of 30).
 */
export const PUPIL_DAY_FACTS = 12;

/** The day's cap of a competition's points per pupil. */
export const pupilDayCap = (pointsFrom: PointsFrom) => (pointsFrom === "facts" ? PUPIL_DAY_FACTS : PUPIL_DAY_POINTS);

/** A finished competition stays on the pupils' dashboards this many days after its last day. */
export const SHOWN_DAYS_AFTER = 7;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const UK_DAY = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/;

/**
 * A day as a form sends it: `2026-11-30` (a date field) or a UK date typed by hand, `30/11/2026` (day first);
 * null when it is not a real day.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const uk = UK_DAY.exec(value);
  if (uk) return dayOf(Number(uk[3]), Number(uk[2]), Number(uk[1]));
  return null;
}

/** The moments a competition's games are counted in: from its first day's midnight to the midnight after its last. */
export function periodOf(competition: { startsOn: string; endsOn: string }): { from: number; until: number } {
  return { from: ukMidnight(competition.startsOn), until: ukMidnight(addDays(competition.endsOn, 1)) };
}

export type CompetitionState = "upcoming" | "running" | "finished";

/** Where a competition is on a UK day: not begun, on (its first to its last day), or over. */
export function stateOn(competition: { startsOn: string; endsOn: string }, today: string): CompetitionState {
  if (today < competition.startsOn) return "upcoming";
  return today > competition.endsOn ? "finished" : "running";
}

const longDay = onFirstUse(() => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }));

/** "30 November 2026", for a `YYYY-MM-DD` day. */
export function formatLongDay(day: string): string {
  return longDay().format(Date.parse(`${day}T00:00:00Z`));
}

/** A new competition's days, or why they cannot be: the first not before today, at most 4 weeks. */
export function checkPeriod(
  startsOn: string,
  endsOn: string,
  today: string,
): { ok: true } | { ok: false; field: "startsOn" | "endsOn"; problem: "past" | "before-start" | "too-long" } {
  if (startsOn < today) return { ok: false, field: "startsOn", problem: "past" };
  if (endsOn < startsOn) return { ok: false, field: "endsOn", problem: "before-start" };
  if (daysBetween(startsOn, endsOn) >= MAX_COMPETITION_DAYS) return { ok: false, field: "endsOn", problem: "too-long" };
  return { ok: true };
}

/* The points */

/**
 * What the one standings query reads for a class: its pupils now, how many took part (played a game that counts, or
 * secured a fact that counts) and their total (the games' scores, or the facts secured).
 */
export type ClassTally = { classId: string; className: string; pupils: number; played: number; total: number };

/**
 * A class's points in tenths: its total score divided by its number of pupils, to one decimal place (halves up). A
 * class with no pupils has 0 points.
 */
export function pointsTenths(total: number, pupils: number): number {
  if (pupils <= 0) return 0;
  return Math.round((total * 10) / pupils);
}

/** Tenths as the standings show them: `12.5`, `0.0`. */
export function formatPoints(tenths: number): string {
  return `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}

export type Standing = ClassTally & {
  /** 1 for the first; classes with the same points share a place, and the next place skips (1, 1, 3). */
  position: number;
  tenths: number;
  points: string;
  /** Another class has the same points. */
  tied: boolean;
};

const byName = onFirstUse(() => new Intl.Collator("en-GB", { sensitivity: "base", numeric: true }));

/**
 * The classes in order: the most points first (as shown, to one decimal place: what looks the same is a tie); a tie
 * shares its place and is listed by class name.
 */
export function rankStandings(tallies: readonly ClassTally[]): Standing[] {
  const scored = tallies.map((tally) => ({ ...tally, tenths: pointsTenths(tally.total, tally.pupils) }));
  scored.sort(
    (a, b) => b.tenths - a.tenths || byName().compare(a.className, b.className) || a.classId.localeCompare(b.classId),
  );
  const count = new Map<number, number>();
  for (const row of scored) count.set(row.tenths, (count.get(row.tenths) ?? 0) + 1);
  let position = 0;
  return scored.map((row, i) => {
    if (i === 0 || scored[i - 1]!.tenths !== row.tenths) position = i + 1;
    return { ...row, position, points: formatPoints(row.tenths), tied: count.get(row.tenths)! > 1 };
  });
}

/**
 * The winners of a finished competition: every class in first place, or none when no class has a point (nobody
 * played, so nobody won).
 */
export function winnersOf(standings: readonly Standing[]): Standing[] {
  const first = standings.filter((row) => row.position === 1);
  return first.length > 0 && first[0]!.tenths > 0 ? first : [];
}
