// The human ceiling (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md#the-human-ceiling): how many
// right answers the best people give in a run's time, worked out from the problems the run actually drew.

/**
 * A sustained run is slower than its fastest answers: the best players' average answer over a whole run takes at
 * least this many times the per-problem minimum (minimumAnswerMs). Longer runs allow less, as people tire.
 * Estimates from published speed records (decision 0036's table); a run whose right answers need more than the
 * time it had at this pace is held.
 */
const CEILING_FACTORS: readonly { upToSeconds: number; factor: number }[] = [
  { upToSeconds: 60, factor: 1.15 },
  { upToSeconds: 120, factor: 1.2 },
  { upToSeconds: Infinity, factor: 1.25 },
];

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
