/* Set work's limits and kinds (docs/product.md#set-work), on their own so that the pages' texts can name them
 * without bringing the counting rules into the browser. */

export const TARGET_KINDS = ["games", "minutes"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** The kinds of game a piece of work may ask for; `timed` is the pupil's own game, calm or timed (decision 0060). */
export const GAME_KINDS = ["any", "timed", "practice", "mtc"] as const;
export type GameKind = (typeof GAME_KINDS)[number];

export const TARGET_LIMITS: Readonly<Record<TargetKind, { min: number; max: number }>> = {
  games: { min: 1, max: 50 },
  minutes: { min: 5, max: 300 },
};
export const NOTE_MAX = 200;
/** Pieces of work a class may have open at once. */
export const OPEN_WORK_MAX = 5;
/** How far ahead a due date may be. */
export const DUE_DAYS_MAX = 8 * 7;
/** Work past its date stays on pupils' pages this many days after it. */
export const SHOWN_DAYS_AFTER = 7;
/**
 * Work past its date stays on the teacher's page, under `Ended`, this many days after it; then housekeeping erases it
 * (docs/product.md#set-work).
 */
export const KEPT_DAYS_AFTER = 8 * 7;
