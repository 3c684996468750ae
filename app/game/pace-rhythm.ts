// The rhythm of a run's answer times (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md#rhythm):
// people's times spread log-normally, with the odd pause, and follow no pattern; a program's beat, even
// jittered, is too even or stays in a narrow band.

export function mean(xs: readonly number[]): number {
  return xs.reduce((sum, x) => sum + x, 0) / xs.length;
}

/** Standard deviation over mean (0 for a metronome). */
export function variationOf(xs: readonly number[]): number {
  const m = mean(xs);
  if (m <= 0) return 0;
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2))) / m;
}

/** The lowest average of time / minimum over any `size` answers in a row (Infinity when there are fewer). */
export function fastestStretch(times: readonly number[], minimums: readonly number[], size: number): number {
  let lowest = Infinity;
  let timeSum = 0;
  let minimumSum = 0;
  for (let k = 0; k < times.length; k++) {
    timeSum += times[k]!;
    minimumSum += minimums[k]!;
    if (k >= size) {
      timeSum -= times[k - size]!;
      minimumSum -= minimums[k - size]!;
    }
    if (k >= size - 1) lowest = Math.min(lowest, timeSum / minimumSum);
  }
  return lowest;
}
