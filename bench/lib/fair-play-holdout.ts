// The hold-out corpus and the rule-reading script of decision 0075 (docs/decisions/0075-top-places-checked-by-a-person.md).
// The pace rules were fitted on HUMAN_PROFILES (bench/lib/fair-play-corpus.ts, decision 0036); these people were
// made afterwards, from the published figures below, and no threshold was set from them: they only judge.
import {
  ceilingFactor,
  minimumAnswerMs,
  rngFromString,
  timeLimitOf,
  type RunSpec,
  type RunSubmission,
} from "../../app/game";
import { judge, logNormal, playRun, type HumanProfile, type Outcome } from "./fair-play-corpus";

/**
 * Ages 7 to 11 and adults, from published retrieval times (decision 0036's sources: Siegler 1987, Ashcraft 1992,
 * Campbell and Xue 2001), with the fast, steady children issue 43 found held: about 1.0 s a fact, 97 % right, rare
 * or no pauses, spreads σ 0.2 and 0.12. The fastest person the product should expect: 1.2 × every minimum (about
 * 0.65 s a typed single-digit fact), σ 0.15, no pauses, one miss in a hundred.
 */
export const HOLDOUT_PROFILES: readonly HumanProfile[] = [
  { name: "age 7, counting on", medianRatio: 6, sigma: 0.5, accuracy: 0.82, pauseChance: 0.1, pauseMs: [2000, 8000] },
  { name: "age 9, typical", medianRatio: 3.6, sigma: 0.4, accuracy: 0.9, pauseChance: 0.05, pauseMs: [1500, 5000] },
  {
    name: "age 11, fluent (σ 0.2)",
    medianRatio: 1.8,
    sigma: 0.2,
    accuracy: 0.97,
    pauseChance: 0.02,
    pauseMs: [1000, 3000],
  },
  {
    name: "age 11, fluent (σ 0.12)",
    medianRatio: 1.8,
    sigma: 0.12,
    accuracy: 0.97,
    pauseChance: 0.02,
    pauseMs: [1000, 3000],
  },
  { name: "age 11, fluent, no pauses", medianRatio: 1.8, sigma: 0.12, accuracy: 0.97, pauseChance: 0, pauseMs: [0, 0] },
  { name: "adult, quick", medianRatio: 1.5, sigma: 0.2, accuracy: 0.98, pauseChance: 0.01, pauseMs: [800, 2000] },
  { name: "fastest expected person", medianRatio: 1.2, sigma: 0.15, accuracy: 0.99, pauseChance: 0, pauseMs: [0, 0] },
];

/**
 * The script of issue 43, against today's rules: it has read app/game/pace.ts, draws log-normal times with a small
 * spread (σ 0.1, above the metronome rule) just over the human ceiling, answers every problem right, and pre-checks
 * each run with the project's own judge (verifyRun and judgePace), drawing again a little slower until the judge
 * passes it. What it sends passes the pace rules whenever any draw of up to 1.5 × the ceiling does.
 */
export function ruleReaderRun(spec: RunSpec, seed: string): { run: RunSubmission; outcome: Outcome } {
  let last: { run: RunSubmission; outcome: Outcome } | null = null;
  for (let attempt = 0; attempt < 60; attempt++) {
    const median = ceilingFactor(timeLimitOf(spec)) * (1.04 + 0.01 * Math.floor(attempt / 3));
    const rng = rngFromString(`${seed}:reader:${attempt}`);
    const run = playRun(spec, seed, (problem) => ({
      ms: logNormal(rng, minimumAnswerMs(problem) * median, 0.1),
      right: true,
    }));
    const outcome = judge(run);
    last = { run, outcome };
    if (outcome.kind === "passed") return last;
  }
  return last!;
}
