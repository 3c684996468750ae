// The fact records' share of a finish's CPU, on its own (bench/lib/fact-cost.ts); bench/stack.bench.ts runs the same
// measurement after its own. `npm run bench -- fact-cost`; FACT_COST_ROUNDS sets the rounds (default 15).
import { machine, loadAverage, writeResults } from "./lib/report";
import { measureFactCost } from "./lib/fact-cost";

const rounds = Number(process.env.FACT_COST_ROUNDS ?? 15);
const atStart = loadAverage();
const results = await measureFactCost(rounds, (line) => console.log(line));
writeResults("fact-cost", {
  ...machine(),
  loadAverage: { atStart, atEnd: loadAverage() },
  settings: { rounds, runsPerSlice: 200, answers: 20, game: "normal solo, + − × ÷" },
  pass: results.every((r) => r.goalMet),
  results,
});
if (!results.every((r) => r.goalMet)) process.exitCode = 1;
