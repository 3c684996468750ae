// The human ceiling (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md#the-human-ceiling, lowered by
// 0075): how many right answers fit into a run's time at each problem's least time, from the problems it drew.

/**
 * The ceiling is the minimums themselves (decision 0075): a run whose right answers need more time at each
 * problem's least time than the run had is one no person plays, and is held. Decision 0036 set it 15 to 25 % above
 * the minimums, fitted to its own corpus of people; the fastest person of decision 0075's hold-out corpus went over
 * that in 8.5 % of runs, so a run between the minimums and that old line is no longer held for its pace: its score
 * meets the top places' check instead (docs/decisions/0075-top-places-checked-by-a-person.md).
 */
const CEILING_FACTORS: readonly { upToSeconds: number; factor: number }[] = [{ upToSeconds: Infinity, factor: 1 }];

/** The least average multiple of each problem's minimum the best person keeps up over a run this long. */
export function ceilingFactor(timeLimitSeconds: number): number {
  return CEILING_FACTORS.find((step) => timeLimitSeconds <= step.upToSeconds)!.factor;
}

export type CeilingJudgement = {
  /** Held: the right answers need more time at the best person's pace than the run had. */
  above: boolean;
  /** Time the right answers need at the ceiling pace, over the time the run had (1 = exactly at the ceiling). */
  load: number;
};

/**
 * `minimumsMs`: each right answer's problem minimum. `spanMs`: the time the run had, as the server knows it (the
 * last answer's time, which verifyRun keeps within the server's own elapsed time).
 */
export function judgeCeiling(
  minimumsMs: readonly number[],
  spanMs: number,
  timeLimitSeconds: number,
): CeilingJudgement {
  const neededMs = minimumsMs.reduce((sum, ms) => sum + ms, 0) * ceilingFactor(timeLimitSeconds);
  const load = spanMs > 0 ? neededMs / spanMs : Infinity;
  return { above: load >= 1, load: Math.round(load * 1000) / 1000 };
}
