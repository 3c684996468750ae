import { ukWallClock } from "./uk-days";

/*
 * When the weekly digest is due (docs/product.md#weekly-digest), in UK time: the week is the ISO week (Monday to
 * Sunday) of the UK date, and a teacher's digest is due from the set day and hour until that week ends, so a server
 * that was down at the hour still sends it later that week, once.
 */

export type UkWeek = { key: string; weekday: number; hour: number };

/** The UK week of `at`: its key (`2026-W48`), the day (1 Monday … 7 Sunday) and the hour (0 to 23). */
export function ukWeekOf(at: number): UkWeek {
  const parts = ukWallClock(at);
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  // ISO 8601: the week's Thursday names its year.
  const thursday = new Date(date.getTime() + (4 - weekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return {
    key: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, "0")}`,
    weekday,
    hour: Number(parts.hour),
  };
}

/** Whether this week's digest is due at `at`: on or after the set day (1 to 7) and hour, UK time. */
export function digestDue(at: number, day: number, hour: number): boolean {
  const { weekday, hour: now } = ukWeekOf(at);
  return weekday > day || (weekday === day && now >= hour);
}
