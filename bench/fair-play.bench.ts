// Fair play against a script that has read our code (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md):
// per bot strategy the share of runs held or refused, per simulated person the share held, with sample sizes, and
// each board's human ceiling. Seeded: the same figures every run. A few seconds. Run: npx tsx bench/fair-play.bench.ts
import { performance } from "node:perf_hooks";
import { ceilingFactor, minimumAnswerMs, problemSequence, timeLimitOf, type RunSpec } from "../app/game";
import {
  BOARD_SPECS,
  BOT_STRATEGIES,
  CEILING_MIMIC,
  HUMAN_PROFILES,
  humanRun,
  judge,
  specsFor,
  withPlayerHistory,
  type BotStrategy,
  type HumanProfile,
  type Outcome,
} from "./lib/fair-play-corpus";
import { machine, round, writeResults } from "./lib/report";

const HUMAN_RUNS_PER_BOARD = 100;
const BOT_SEEDS_PER_BOARD = 20;
/** A person's runs in a row on one board, within the hour: what the player-history rule sees. */
const SESSION = 10;

const tally = (outcomes: readonly Outcome[]) => {
  const n = outcomes.length;
  const held = outcomes.filter((o) => o.kind === "held").length;
  const refused = outcomes.filter((o) => o.kind === "refused").length;
  const reasons: Record<string, number> = {};
  for (const o of outcomes) for (const r of o.reasons) reasons[r] = (reasons[r] ?? 0) + 1;
  return { runs: n, held, refused, heldOrRefusedRate: round((held + refused) / n, 4), reasons };
};

const meanScore = (outcomes: readonly Outcome[]) =>
  round(outcomes.reduce((sum, o) => sum + o.score, 0) / outcomes.length, 1);

function strategyFigures(strategy: BotStrategy) {
  const perRun: Outcome[] = [];
  const withHistory: Outcome[] = [];
  for (const { name, spec } of specsFor(strategy)) {
    for (let k = 0; k < BOT_SEEDS_PER_BOARD; k++) {
      const outcomes = strategy.runs(spec, `bench:${name}:${strategy.name}:${k}`).map(judge);
      perRun.push(...outcomes);
      withHistory.push(...withPlayerHistory(outcomes));
    }
  }
  return {
    name: strategy.name,
    description: strategy.description,
    perRun: tally(perRun),
    withPlayerHistory: tally(withHistory),
    meanScore: meanScore(perRun),
  };
}

function profileFigures(profile: HumanProfile) {
  const perRun: Outcome[] = [];
  const withHistory: Outcome[] = [];
  const byBoard: Record<string, number> = {};
  for (const { name, spec } of BOARD_SPECS) {
    const outcomes = Array.from({ length: HUMAN_RUNS_PER_BOARD }, (_, k) =>
      judge(humanRun(profile, spec, `bench:${name}:${profile.name}:${k}`)),
    );
    perRun.push(...outcomes);
    for (let s = 0; s < outcomes.length; s += SESSION)
      withHistory.push(...withPlayerHistory(outcomes.slice(s, s + SESSION)));
    byBoard[name] = meanScore(outcomes);
  }
  return { ...profile, perRun: tally(perRun), withPlayerHistory: tally(withHistory), meanScoreByBoard: byBoard };
}

/** The most right answers a run of this board can hold at the ceiling, averaged over seeds (its problems vary). */
function ceilingOf(spec: RunSpec) {
  const limitMs = timeLimitOf(spec) * 1000;
  const counts = Array.from({ length: 50 }, (_, k) => {
    const at = problemSequence(spec, `ceiling-${k}`);
    let needed = 0;
    let n = 0;
    while ((needed + minimumAnswerMs(at(n))) * ceilingFactor(timeLimitOf(spec)) < limitMs)
      needed += minimumAnswerMs(at(n++));
    return n;
  });
  return {
    factor: ceilingFactor(timeLimitOf(spec)),
    meanRightAnswers: round(counts.reduce((s, n) => s + n, 0) / counts.length, 1),
  };
}

const started = performance.now();
const strategies = BOT_STRATEGIES.map(strategyFigures);
const limit = strategyFigures(CEILING_MIMIC);
const people = HUMAN_PROFILES.map(profileFigures);
const allPeople = people.reduce((sum, p) => sum + p.perRun.held + p.perRun.refused, 0);
const allPeopleRuns = people.reduce((sum, p) => sum + p.perRun.runs, 0);
const ceilings = Object.fromEntries(BOARD_SPECS.map(({ name, spec }) => [name, ceilingOf(spec)]));

const report = {
  machine: machine(),
  seconds: round((performance.now() - started) / 1000, 2),
  samples: {
    humanRunsPerBoardAndProfile: HUMAN_RUNS_PER_BOARD,
    botSeedsPerBoard: BOT_SEEDS_PER_BOARD,
    boards: BOARD_SPECS.length,
  },
  strategies,
  limit,
  people,
  peopleHeldRate: round(allPeople / allPeopleRuns, 5),
  peopleRuns: allPeopleRuns,
  ceilings,
};

for (const s of [...strategies, limit]) {
  console.log(
    `${s.name.padEnd(36)} held or refused ${(s.perRun.heldOrRefusedRate * 100).toFixed(1).padStart(5)} % of ${s.perRun.runs}` +
      ` (with the player's hour: ${(s.withPlayerHistory.heldOrRefusedRate * 100).toFixed(1)} %)`,
  );
}
for (const p of people) {
  console.log(
    `${p.name.padEnd(36)} held ${(p.perRun.heldOrRefusedRate * 100).toFixed(2).padStart(5)} % of ${p.perRun.runs}`,
  );
}
console.log(`people, all profiles: held ${(report.peopleHeldRate * 100).toFixed(3)} % of ${allPeopleRuns}`);
writeResults("fair-play", report);

// The bench fails when a strategy slips past or people are held more than the suite allows.
const failing = [
  ...strategies.filter((s) => s.withPlayerHistory.heldOrRefusedRate < 0.99).map((s) => s.name),
  ...people.filter((p) => p.perRun.heldOrRefusedRate > 0.01).map((p) => p.name),
];
if (failing.length > 0) {
  console.error(`Outside the suite's bounds: ${failing.join(", ")}`);
  process.exit(1);
}
