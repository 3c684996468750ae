import { onFirstUse } from "~/utils/first-use";

/*
 * School days and times are UK days and times, whatever the server's zone (docs/product.md#teachers): one place for
 * the zone, a moment's wall clock there, and calendar days written `YYYY-MM-DD`. Pure and small, so the teacher's
 * pages that read only set work's or a competition's rules do not bring the engine with them.
 */

export const SCHOOL_TIME_ZONE = "Europe/London";

const DAY_MS = 86_400_000;

const wallClock = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZone: SCHOOL_TIME_ZONE,
    }),
);

export type UkWallClock = { year: string; month: string; day: string; hour: string; minute: string; second: string };

/** A moment as a clock in the UK reads it, each part two digits (the year four). */
export function ukWallClock(ms: number): UkWallClock {
  const parts = Object.fromEntries(
    wallClock()
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return parts as UkWallClock;
}

/** The UK day of a moment: `YYYY-MM-DD`. */
export function ukDay(ms: number): string {
  const p = ukWallClock(ms);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The day `n` days after `day` (both `YYYY-MM-DD`; calendar days, no clock involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `to` is after `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The moment a UK day begins (midnight in London: 00:00 UTC in winter, 23:00 UTC the day before in summer). */
export function ukMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const wall = ukWallClock(utcMidnight);
  // London is UTC or an hour ahead of it: at 00:00 UTC the clock there reads 00:00 on the day, or 01:00.
  const minutes = Number(wall.hour) * 60 + Number(wall.minute);
  return `${wall.year}-${wall.month}-${wall.day}` === day ? utcMidnight - minutes * 60_000 : utcMidnight;
}

/** `YYYY-MM-DD` when the parts name a real day (years 2000 to 2999), else null. */
export function dayOf(year: number, month: number, day: number): string | null {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || year > 2999 || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return at.toISOString().slice(0, 10);
}
