// One panel member's share of the fluency bench (bench/fluency.bench.ts runs these two at a time, one per core):
// `train` runs the training population under random practice and under every candidate tuning; `judge` runs the
// hold-out population under random practice, the chosen tuning and the ideal schedule (bench/lib/fluency-sim.ts). Prints one JSON line.
// Run by the bench: node --import tsx bench/lib/fluency-member.ts '<job as JSON>'
import { percentile, round } from "./report";
import { EARLIER_PROBLEM_CAP, simulate, type Outcome, type Policy } from "./fluency-sim";
import { PANEL } from "./learner-panel";
import type { PlanTuning } from "../../app/facts/plan";

export interface MemberJob {
  member: string;
  phase: "train" | "judge";
  /** Seeds `${population}-0` … `${population}-${learners − 1}`. */
  population: string;
  learners: number;
  tunings: PlanTuning[];
  goals: { each: number; once: number };
}

export function figuresOf(outcomes: readonly Outcome[]) {
  const sorted = (pick: (o: Outcome) => number) => outcomes.map(pick).sort((a, b) => a - b);
  const problems = sorted((o) => o.problems);
  const days = sorted((o) => o.days);
  const share = sorted((o) => o.shareProblems);
  return {
    learners: outcomes.length,
    medianProblems: percentile(problems, 0.5),
    p90Problems: percentile(problems, 0.9),
    medianDays: percentile(days, 0.5),
    p90Days: percentile(days, 0.9),
    notFluentAtCap: outcomes.filter((o) => !o.fluent).length,
    /** Problems until SHARE_FLUENT of the facts not fluent at the start are fluent (the second measure). */
    medianShareProblems: percentile(share, 0.5),
    p90ShareProblems: percentile(share, 0.9),
    shareNotReachedAtCap: outcomes.filter((o) => !o.fluent && o.shareProblems >= o.problems).length,
  };
}
export type Figures = ReturnType<typeof figuresOf>;

/** Adaptive against random, one way of counting: the ratios of the median and the p90 learner. */
export function judge(adaptive: Figures, random: Figures, goal: number) {
  const medianRatio = round(adaptive.medianProblems / random.medianProblems, 3);
  const p90Ratio = round(adaptive.p90Problems / random.p90Problems, 3);
  return {
    adaptive,
    random,
    medianRatio,
    p90Ratio,
    // The second measure, shown beside the goal's and never instead of it (decision 0078).
    shareRatios: [
      round(adaptive.medianShareProblems / Math.max(1, random.medianShareProblems), 3),
      round(adaptive.p90ShareProblems / Math.max(1, random.p90ShareProblems), 3),
    ],
    shareRandomCapped: random.shareNotReachedAtCap > 0,
    goal,
    // Random capped at PROBLEM_CAP never became fluent: its true figure is higher, so the ratio is an upper bound.
    randomCapped: random.notFluentAtCap > 0,
    goalMet: medianRatio <= goal && p90Ratio <= goal,
  };
}
export type Judged = ReturnType<typeof judge>;

export function runJob(job: MemberJob) {
  const member = PANEL.find((m) => m.id === job.member);
  if (!member) throw new Error(`No panel member ${job.member}`);
  const seeds = Array.from({ length: job.learners }, (_, k) => `${job.population}-${k}`);
  // Each run's figures at the cap, and (judged learners only) had it stopped at the cap before decision 0098.
  const earlierCap = job.phase === "judge" ? EARLIER_PROBLEM_CAP : undefined;
  const run = (policy: Policy, massedOnce: boolean, tuning?: PlanTuning) => {
    const outcomes = seeds.map((seed) => simulate(member, policy, seed, { massedOnce, tuning, earlierCap }));
    return {
      figures: figuresOf(outcomes),
      earlier: earlierCap === undefined ? undefined : figuresOf(outcomes.map((o) => o.atEarlierCap!)),
    };
  };
  const random = { each: run("random", false), once: run("random", true) };
  // The ideal schedule, which sees the hidden recall: judged learners only (decision 0086).
  const idealRuns = job.phase === "judge" ? { each: run("ideal", false), once: run("ideal", true) } : undefined;
  const ideal = idealRuns && { each: idealRuns.each.figures, once: idealRuns.once.figures };
  return job.tunings.map((tuning) => {
    const adaptive = { each: run("adaptive", false, tuning), once: run("adaptive", true, tuning) };
    return {
      tuning,
      ideal,
      each: judge(adaptive.each.figures, random.each.figures, job.goals.each),
      once: judge(adaptive.once.figures, random.once.figures, job.goals.once),
      // The same runs judged at the earlier cap of 20,000 problems (decision 0098: reported, not the goal's).
      atEarlierCap:
        earlierCap === undefined
          ? undefined
          : {
              cap: earlierCap,
              each: judge(adaptive.each.earlier!, random.each.earlier!, job.goals.each),
              once: judge(adaptive.once.earlier!, random.once.earlier!, job.goals.once),
              ideal: { each: idealRuns!.each.earlier!, once: idealRuns!.once.earlier! },
            },
    };
  });
}

if (process.argv[2]) {
  const job = JSON.parse(process.argv[2]) as MemberJob;
  process.stdout.write(`${JSON.stringify(runJob(job))}\n`);
}
