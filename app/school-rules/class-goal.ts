import { onFirstUse } from "~/utils/first-use";
import { daysBetween } from "./uk-days";

/*
 * A class goal in secured facts (docs/product.md#class-goal, docs/decisions/0092-class-goal-and-certificates.md): a
 * number of stickers the class's pupils earn together by a UK day, counted from the day it was set. Pure: the goal,
 * the count and today are given; the words are the bar's, with no names, no countdown and no loss.
 */

/** The most a goal may ask: 40 pupils securing every fact of the four grids (576 each). */
export const GOAL_MAX = 23_040;

/** A goal's day is at most a year ahead. */
export const GOAL_MAX_DAYS = 366;

export type ClassGoal = { count: number; day: string; setAt: number };

const shortDay = onFirstUse(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }));

/** "12 February", for a `YYYY-MM-DD` day. */
export function goalDayWords(day: string): string {
  return shortDay().format(Date.parse(`${day}T00:00:00Z`));
}

/** Why a goal's day cannot be: before today, or more than a year ahead. */
export function checkGoalDay(day: string, today: string): "past" | "too-far" | null {
  if (day < today) return "past";
  return daysBetween(today, day) > GOAL_MAX_DAYS ? "too-far" : null;
}

/** What the bar says: the goal, how many so far, and, once reached, that the class did it. No days left, no loss. */
export function classGoalWords(goal: ClassGoal, secured: number): { goal: string; progress: string; reached: boolean } {
  const reached = secured >= goal.count;
  const facts = goal.count === 1 ? "fact" : "facts";
  return {
    goal: `Our class goal: ${goal.count} ${facts} secured by ${goalDayWords(goal.day)}.`,
    progress: reached ? `We did it: ${secured} secured together. Well done, everyone.` : `${secured} so far.`,
    reached,
  };
}
