// A pupil's extra time and the calm game (docs/product.md#student-game, docs/product.md#calm-mode). A module of its
// own, outside the engine's core (types.ts), so the pages that never show them (/game) load none of it
// (docs/decisions/0026-client-weight-budget.md).
import { formatNumber, formatProblem } from "./format";
import { STUDENT_TIME_LIMIT, type Problem } from "./types";

/** A pupil's extra time, set by their teacher: the game time × 1, 1.5 or 2 (docs/product.md#students). */
export const EXTRA_TIME_FACTORS = [1, 1.5, 2] as const;
export type ExtraTime = (typeof EXTRA_TIME_FACTORS)[number];

export function isExtraTime(value: unknown): value is ExtraTime {
  return typeof value === "number" && (EXTRA_TIME_FACTORS as readonly number[]).includes(value);
}

/** A calm game's questions: it ends after the last one, with no clock on screen (docs/product.md#calm-mode). */
export const CALM_QUESTIONS = 20;
/**
 * A calm game's hidden cap in seconds: generous (a minute a question), so no child meets it, while the server still
 * has a deadline to verify against (docs/decisions/0053-calm-mode.md).
 */
export const CALM_TIME_LIMIT = 20 * 60;

/** A pupil's game time in seconds: the calm cap, or 60 × their extra time (docs/product.md#student-game). */
export function studentTimeLimit(spec: { extraTime?: number; calm?: boolean }): number {
  if (spec.calm) return CALM_TIME_LIMIT;
  return STUDENT_TIME_LIMIT * (isExtraTime(spec.extraTime) ? spec.extraTime : 1);
}

/**
 * The sum that feedback naming the answer is about, in a pupil's and a calm game: a miss's as it was asked
 * ('7 × 8 = ?', before 'Try again! 💪 The answer was 56'), a right answer's with its answer ('7 × 8 = 56'). One line
 * about that sum, its answer said once (docs/product.md#student-game). Here, not beside the feedback, so /game loads
 * none of it.
 */
export function sumAsked(problem: Problem, correct: boolean): string {
  return formatProblem(problem).display.replace("?", correct ? formatNumber(problem.answer) : "?");
}
