// Micro-benchmark of the game engine: problems made per second per mode, and full server
// verification of a realistic 60-answer run. About 5 s in all. Run: npx tsx bench/engine.bench.ts
import { performance } from "node:perf_hooks";
import { DAILY_CHALLENGES, problemAt, problemSequence, verifyRun, type RunSpec, type RunSubmission } from "../app/game";
import { machine, writeResults } from "./lib/report";

interface Figure {
  name: string;
  unit: string;
  perSecond: number;
  iterations: number;
  ms: number;
}

const BUDGET_MS = 650;
const WARM_UP_MS = 100;
let sink = 0; // keeps results alive so the work is not optimised away

/** Calls `step(k)` for k = 0, 1, 2, … for about BUDGET_MS after a warm-up, and counts. */
function measure(name: string, unit: string, step: (k: number) => number): Figure {
  const warmUntil = performance.now() + WARM_UP_MS;
  for (let k = 0; performance.now() < warmUntil; k++) sink += step(k);
  let iterations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < BUDGET_MS) {
    for (let batch = 0; batch < 200; batch++) sink += step(iterations++);
    elapsed = performance.now() - start;
  }
  return { name, unit, perSecond: Math.round((iterations / elapsed) * 1000), iterations, ms: Math.round(elapsed) };
}

const RUN_LENGTH = 60;
const seedOf = (k: number) => `bench-seed-${Math.floor(k / RUN_LENGTH)}`;

/** Problems of runs of 60, a fresh seed per run, each made on its own as the server or island would. */
function problemsPerSecond(name: string, specOf: (k: number) => RunSpec): Figure {
  return measure(name, "problems/s", (k) => problemAt(specOf(k), seedOf(k), k % RUN_LENGTH).answer);
}

const soloNormal: RunSpec = { mode: "solo", difficulty: "normal", operations: ["+", "-", "*", "/"], timeLimit: 60 };
const soloExtreme: RunSpec = { ...soloNormal, difficulty: "extreme" };
const dailySpecs: RunSpec[] = DAILY_CHALLENGES.map((c) => ({ mode: "daily", challengeId: c.id }));
const multiplayer: RunSpec = { mode: "multiplayer", difficulty: "Hard" };
const student: RunSpec = {
  mode: "student",
  difficulty: "medium",
  operations: ["addition", "subtraction", "multiplication", "division"],
  timesTables: ["3", "4", "7"],
};

/** A realistic finished run: 60 answers about 0.9 s apart, one in five wrong. */
function realisticRun(k: number): RunSubmission {
  const seed = `verify-${k}`;
  const at = problemSequence(soloNormal, seed);
  const startedAt = 1_750_000_000_000 + k;
  const answers = Array.from({ length: RUN_LENGTH }, (_, i) => ({
    i,
    value: String(at(i).answer + (i % 5 === 4 ? 1 : 0)),
    t: 400 + i * 950,
  }));
  return { spec: soloNormal, seed, answers, startedAt, finishedAt: startedAt + 60_300 };
}

const runs = Array.from({ length: 64 }, (_, k) => realisticRun(k));

const figures: Figure[] = [
  problemsPerSecond("solo normal (+ - × ÷)", () => soloNormal),
  problemsPerSecond("solo extreme (+ - × ÷)", () => soloExtreme),
  problemsPerSecond("daily (all 8 challenges)", (k) => dailySpecs[Math.floor(k / RUN_LENGTH) % dailySpecs.length]!),
  problemsPerSecond("multiplayer Hard", () => multiplayer),
  // Student problems depend on earlier ones, so a run is read in order through one memoised sequence.
  (() => {
    let sequence = problemSequence(student, seedOf(0));
    return measure("student (repeat avoidance)", "problems/s", (k) => {
      if (k % RUN_LENGTH === 0) sequence = problemSequence(student, seedOf(k));
      return sequence(k % RUN_LENGTH).answer;
    });
  })(),
  measure("verifyRun, 60 answers (solo)", "runs/s", (k) => {
    const result = verifyRun(runs[k % runs.length]!);
    if (!result.ok) throw new Error(result.message);
    return result.summary.score;
  }),
];

const report = { ...machine(), figures };

console.log(`Game engine benchmark — Node ${report.node}, ${report.cpu}`);
console.table(
  Object.fromEntries(
    figures.map((f) => [
      f.name,
      { "per second": f.perSecond.toLocaleString("en-GB"), unit: f.unit, iterations: f.iterations, ms: f.ms },
    ]),
  ),
);
if (sink === Number.MIN_SAFE_INTEGER) console.log(sink);

writeResults("engine", report);
