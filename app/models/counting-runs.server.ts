/*
 * Whether a pupil's game counts (docs/product.md#class-competition, docs/product.md#set-work,
 * docs/decisions/0074-fair-play-for-classes-and-addresses.md), said once for every figure made from pupils' games:
 * competitions, set work. A run counts when
 * - its pace passed the same judgement as the boards' (app/game/pace.ts): a run held for review, or rejected, or in
 *   any review state but none and "released", counts for nothing until a person releases it; and
 * - it was not started while another game of the same pupil was still going, on the server's own clock: its
 *   `started_at` (the server's, when it issued the run) falls inside no earlier run's [started_at, finished_at], the
 *   earlier being the one started first (a tie: the smaller id). A pupil plays one game at a time; the second of two
 *   at once is kept and shown to the child, and counts for nothing.
 * A run's time is never taken as longer than LONGEST_RUN_MS, so the check reads only the pupil's runs of the few
 * minutes before it, off the index game_runs_student (student_id, started_at).
 */

/** The longest any pupil's game lasts, its finish sent late included: a run is "going" at most this long. */
export const LONGEST_RUN_MS = 10 * 60_000;

/** Review states a counted run may have: none (judged at a person's pace) or released by a person. */
const COUNTED_REVIEW = `coalesce(%.review, 'none') IN ('none', 'released')`;

/** SQL: the run `r` (an alias of game_runs) passed the pace judgement, or a person released it. */
export const passedReviewSql = (r: string) => COUNTED_REVIEW.replaceAll("%", r);

/** SQL: the run `r` was started while another run of the same pupil, started before it, was still going. */
export const startedDuringAnotherSql = (r: string) =>
  `EXISTS (SELECT 1 FROM game_runs o WHERE o.student_id = ${r}.student_id AND o.id <> ${r}.id
     AND o.started_at BETWEEN ${r}.started_at - ${LONGEST_RUN_MS} AND ${r}.started_at
     AND (o.started_at < ${r}.started_at OR o.id < ${r}.id)
     AND min(o.finished_at, o.started_at + ${LONGEST_RUN_MS}) > ${r}.started_at)`;

/** SQL: the run `r` counts (the one predicate: a new review state, such as "pending", counts only when added here). */
export const runCountsSql = (r: string) => `(${passedReviewSql(r)} AND NOT ${startedDuringAnotherSql(r)})`;
