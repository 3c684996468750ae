// Simulated players for the fair-play suite (tests/unit/game/fair-play.test.ts) and its bench
// (bench/fair-play.bench.ts): people whose answer times follow published fact-retrieval times, and scripts that
// have read app/game/pace.ts. Every run goes through verifyRun, as the server's finish does. Seeded: the same
// runs every time. The figures and their sources: docs/decisions/0036-fair-play-against-a-reader-of-the-code.md.
import {
  DAILY_CHALLENGES,
  ceilingFactor,
  minimumAnswerMs,
  problemSequence,
  rngFromString,
  timeLimitOf,
  verifyRun,
  type Problem,
  type Rng,
  type RunSpec,
  type RunSubmission,
  type SubmittedAnswer,
} from "../../app/game";

const STARTED_AT = Date.UTC(2026, 10, 25, 9, 0, 0);
/** The finish reaches the server this long after the time ran out. */
const NETWORK_MS = 300;

const solo = (difficulty: "easy" | "normal" | "hard" | "extreme", timeLimit: number): RunSpec => ({
  mode: "solo",
  difficulty,
  operations: ["+", "-", "*", "/"],
  timeLimit,
});

/** Every board a run can reach: each difficulty, each time limit, each daily challenge. */
export const BOARD_SPECS: readonly { name: string; spec: RunSpec }[] = [
  { name: "easy 30 s", spec: solo("easy", 30) },
  { name: "normal 30 s", spec: solo("normal", 30) },
  { name: "normal 60 s", spec: solo("normal", 60) },
  { name: "normal 300 s", spec: solo("normal", 300) },
  { name: "hard 120 s", spec: solo("hard", 120) },
  { name: "extreme 60 s", spec: solo("extreme", 60) },
  ...DAILY_CHALLENGES.map((c) => ({ name: `daily ${c.id}`, spec: { mode: "daily", challengeId: c.id } as RunSpec })),
];

/** A log-normal draw with this median and spread σ (Box–Muller on the seeded generator). */
export function logNormal(rng: Rng, median: number, sigma: number): number {
  const u = Math.max(rng.next(), 1e-12);
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next()));
}

const rightValue = (problem: Problem) =>
  Number.isInteger(problem.answer) ? String(problem.answer) : problem.answer.toFixed(2);
const wrongValue = (problem: Problem) =>
  Number.isInteger(problem.answer) ? String(problem.answer + 1) : (problem.answer + 1).toFixed(2);

/**
 * A run played answer by answer: `next` gives each answer's time and whether it is right, until the time is up
 * (the island takes no answer after the limit). What a finish sends, and when the server sees it.
 */
export function playRun(
  spec: RunSpec,
  seed: string,
  next: (problem: Problem, i: number, elapsedMs: number) => { ms: number; right: boolean } | null,
): RunSubmission {
  const problemAt = problemSequence(spec, seed);
  const limitMs = timeLimitOf(spec) * 1000;
  const answers: SubmittedAnswer[] = [];
  let t = 0;
  for (let i = 0; ; i++) {
    const problem = problemAt(i);
    const step = next(problem, i, t);
    if (!step) break;
    t += Math.max(1, Math.round(step.ms));
    if (t > limitMs) break;
    answers.push({ i, value: step.right ? rightValue(problem) : wrongValue(problem), t });
  }
  return { spec, seed, answers, startedAt: STARTED_AT, finishedAt: STARTED_AT + limitMs + NETWORK_MS };
}

export type HumanProfile = {
  name: string;
  /** Median answer time as a multiple of each problem's minimum, and the log-normal spread σ around it. */
  medianRatio: number;
  sigma: number;
  accuracy: number;
  /** The chance of a pause on an answer (re-reading, looking away), and how long one lasts. */
  pauseChance: number;
  pauseMs: readonly [number, number];
};

/**
 * From a typical Year 3 child to the best adult speed players. A single-digit fact's minimum is 0.5–0.6 s, so a
 * median ratio of 5 is about 2.7 s a fact, 1.3 about 0.7 s. Sources and fit: decision 0036, "The human corpus".
 */
export const HUMAN_PROFILES: readonly HumanProfile[] = [
  { name: "child 7-8, typical", medianRatio: 5, sigma: 0.5, accuracy: 0.85, pauseChance: 0.08, pauseMs: [2000, 8000] },
  {
    name: "child 9-10, fluent",
    medianRatio: 3.2,
    sigma: 0.45,
    accuracy: 0.9,
    pauseChance: 0.05,
    pauseMs: [1500, 6000],
  },
  {
    name: "child 10-11, quickest",
    medianRatio: 2,
    sigma: 0.4,
    accuracy: 0.93,
    pauseChance: 0.04,
    pauseMs: [1500, 5000],
  },
  { name: "adult, typical", medianRatio: 2.3, sigma: 0.35, accuracy: 0.95, pauseChance: 0.03, pauseMs: [1000, 4000] },
  { name: "adult, trained", medianRatio: 1.6, sigma: 0.3, accuracy: 0.97, pauseChance: 0.02, pauseMs: [1000, 3000] },
  { name: "adult, elite", medianRatio: 1.3, sigma: 0.25, accuracy: 0.98, pauseChance: 0.01, pauseMs: [800, 2500] },
];

export function humanRun(profile: HumanProfile, spec: RunSpec, seed: string): RunSubmission {
  const rng = rngFromString(`${seed}:human`);
  return playRun(spec, seed, (problem) => {
    let ms = logNormal(rng, minimumAnswerMs(problem) * profile.medianRatio, profile.sigma);
    if (rng.next() < profile.pauseChance)
      ms += profile.pauseMs[0] + rng.next() * (profile.pauseMs[1] - profile.pauseMs[0]);
    return { ms, right: rng.next() < profile.accuracy };
  });
}

/** The average minimum over a spec's first 200 problems: a problem-blind script's sense of "a normal answer". */
function averageMinimum(spec: RunSpec, seed: string): number {
  const problemAt = problemSequence(spec, `${seed}:survey`);
  let sum = 0;
  for (let i = 0; i < 200; i++) sum += minimumAnswerMs(problemAt(i));
  return sum / 200;
}

export type BotStrategy = {
  name: string;
  description: string;
  /** The runs the script posts for one seed (several for a script that fishes with many short runs). */
  runs: (spec: RunSpec, seed: string) => RunSubmission[];
  /** Which boards it plays: every one, or the 30-second ones. */
  boards: "all" | "short";
};

export const BOT_STRATEGIES: readonly BotStrategy[] = [
  {
    name: "flat floor",
    description: "every answer right at 400 ms, the average the server refuses below (decision 0002)",
    boards: "all",
    runs: (spec, seed) => [playRun(spec, seed, () => ({ ms: 400, right: true }))],
  },
  {
    name: "metronome",
    description: "every answer right on a steady beat at 1.3× the average minimum, a fast person's pace",
    boards: "all",
    runs: (spec, seed) => {
      const beat = averageMinimum(spec, seed) * 1.3;
      return [playRun(spec, seed, () => ({ ms: beat, right: true }))];
    },
  },
  {
    name: "jittered beat",
    description: "a beat at 1.25× the average minimum with ±30 % even jitter (variation 0.17, past the old 0.12 rule)",
    boards: "all",
    runs: (spec, seed) => {
      const beat = averageMinimum(spec, seed) * 1.25;
      const rng = rngFromString(`${seed}:jitter`);
      return [playRun(spec, seed, () => ({ ms: beat * (1 + (rng.next() * 2 - 1) * 0.3), right: true }))];
    },
  },
  {
    name: "model-aware (issue 26)",
    description: "each answer just above its problem's minimum, one in four at 0.3 of it: the attack of issue 26",
    boards: "all",
    runs: (spec, seed) => {
      const rng = rngFromString(`${seed}:aware`);
      return [
        playRun(spec, seed, (problem, i) => ({
          ms: minimumAnswerMs(problem) * (i % 4 === 3 ? 0.3 : 1 + rng.next() * 0.05),
          right: true,
        })),
      ];
    },
  },
  {
    name: "perfect at the ceiling",
    description: "every answer right, log-normal times (σ 0.25) scaled so the run sits exactly at the human ceiling",
    boards: "all",
    runs: (spec, seed) => {
      const rng = rngFromString(`${seed}:ceiling`);
      const factor = ceilingFactor(timeLimitOf(spec));
      // Draws a whole run's shape first, then scales it: the script knows the model's every figure.
      const problemAt = problemSequence(spec, seed);
      const shape = Array.from({ length: 2000 }, (_, i) => {
        const minimum = minimumAnswerMs(problemAt(i));
        return { minimum, ms: logNormal(rng, minimum, 0.25) };
      });
      let scaled: number[] = [];
      for (let n = 1; n <= shape.length; n++) {
        const head = shape.slice(0, n);
        const scale = (factor * head.reduce((s, a) => s + a.minimum, 0)) / head.reduce((s, a) => s + a.ms, 0);
        const times = head.map((a) => Math.floor(a.ms * scale));
        if (times.reduce((s, ms) => s + ms, 0) > timeLimitOf(spec) * 1000) break;
        scaled = times;
      }
      return [playRun(spec, seed, (_, i) => (i < scaled.length ? { ms: scaled[i]!, right: true } : null))];
    },
  },
  {
    name: "slow then burst",
    description: "a child's pace (2× the minimum) for half the time, then every answer at 0.8× the minimum",
    boards: "all",
    runs: (spec, seed) => {
      const rng = rngFromString(`${seed}:burst`);
      const half = (timeLimitOf(spec) * 1000) / 2;
      return [
        playRun(spec, seed, (problem, _, elapsed) => ({
          ms: elapsed < half ? logNormal(rng, minimumAnswerMs(problem) * 2, 0.35) : minimumAnswerMs(problem) * 0.8,
          right: true,
        })),
      ];
    },
  },
  {
    name: "many short runs",
    description:
      "20 thirty-second runs, each at its own pace from 0.9× to 1.1× the minimums with log-normal spread, to fish for a lucky score",
    boards: "short",
    runs: (spec, seed) =>
      Array.from({ length: 20 }, (_, k) => {
        const rng = rngFromString(`${seed}:fish:${k}`);
        const pace = 0.9 + rng.next() * 0.2;
        return playRun(spec, `${seed}:${k}`, (problem) => ({
          ms: logNormal(rng, minimumAnswerMs(problem) * pace, 0.2),
          right: true,
        }));
      }),
  },
];

/**
 * Not a strategy the rules must catch: a script that copies a fast adult's spread just under the ceiling (median
 * 1.2× the minimums, σ 0.25, one miss in fifty). It is what a server cannot tell from a person; its score is
 * bounded by what the best people score. Reported by the bench, so the limit is measured, not assumed.
 */
export const CEILING_MIMIC: BotStrategy = {
  name: "mimic under the ceiling (the limit)",
  description: "log-normal times at 1.2× the minimums (σ 0.25), one answer in fifty wrong",
  boards: "all",
  runs: (spec, seed) => {
    const rng = rngFromString(`${seed}:mimic`);
    return [
      playRun(spec, seed, (problem) => ({
        ms: logNormal(rng, minimumAnswerMs(problem) * 1.2, 0.25),
        right: rng.next() > 0.02,
      })),
    ];
  },
};

/**
 * The attack of issue 26, as reported: `count` answers, all right, each just above its problem's minimum (1.05×)
 * and every fourth at half of it (a quarter: just inside the share the old rules allowed), the whole squeezed into
 * the time limit if it would not fit.
 */
export function issue26Attack(spec: RunSpec, seed: string, count: number): RunSubmission {
  const problemAt = problemSequence(spec, seed);
  const gaps = Array.from({ length: count }, (_, i) => minimumAnswerMs(problemAt(i)) * (i % 4 === 3 ? 0.5 : 1.05));
  const limitMs = timeLimitOf(spec) * 1000;
  const total = gaps.reduce((sum, ms) => sum + ms, 0);
  const scale = Math.min(1, (limitMs - 200) / total);
  let t = 0;
  const answers = gaps.map((ms, i): SubmittedAnswer => {
    t += Math.round(ms * scale);
    return { i, value: rightValue(problemAt(i)), t };
  });
  return { spec, seed, answers, startedAt: STARTED_AT, finishedAt: STARTED_AT + limitMs + NETWORK_MS };
}

/**
 * A player's runs within the hour, in order, with app/runs/player-history.server.ts's rule: once one is held, every
 * later one waits for review too.
 */
export function withPlayerHistory(outcomes: readonly Outcome[]): Outcome[] {
  let heldBefore = false;
  return outcomes.map((outcome) => {
    const carried: Outcome =
      heldBefore && outcome.kind === "passed"
        ? { ...outcome, kind: "held", reasons: [...outcome.reasons, "held-recently"] }
        : outcome;
    heldBefore ||= outcome.kind === "held";
    return carried;
  });
}

export type Outcome = { kind: "refused" | "held" | "passed"; reasons: string[]; score: number };

/** What the server's finish makes of a run: refused outright, saved but held, or straight on the board. */
export function judge(submission: RunSubmission): Outcome {
  const result = verifyRun(submission);
  if (!result.ok) return { kind: "refused", reasons: [result.reason], score: 0 };
  return {
    kind: result.pace.plausible ? "passed" : "held",
    reasons: result.pace.reasons,
    score: result.summary.score,
  };
}

export const specsFor = (strategy: BotStrategy) =>
  strategy.boards === "all" ? BOARD_SPECS : BOARD_SPECS.filter(({ spec }) => timeLimitOf(spec) === 30);
