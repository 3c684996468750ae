// The fact records' share of a finish's CPU, on its own (bench/lib/fact-cost.ts): first a finish request's server
// CPU on a small database (bench/lib/finish-request-cpu.ts), then the records' cost; bench/stack.bench.ts runs the
// same measurement against its own finishes. `npm run bench -- fact-cost` (about a minute); FACT_COST_ROUNDS sets
// the rounds (default 15), FACT_COST_SLICES the finish request's slices of 300 (default 5).
import { machine, loadAverage, writeResults } from "./lib/report";
import { measureFactCost } from "./lib/fact-cost";
import { measureFinishRequestCpu } from "./lib/finish-request-cpu";

const rounds = Number(process.env.FACT_COST_ROUNDS ?? 15);
const slices = Number(process.env.FACT_COST_SLICES ?? 5);
const log = (line: string) => console.log(line);
const atStart = loadAverage();
log("A finish request's server CPU (new visitors, a small database):");
const request = await measureFinishRequestCpu(slices, log);
log(
  `  ${request.cpuMsPerFinish.toFixed(3)} ms a finish (slices: ${request.perSlice.map((x) => x.toFixed(3)).join(", ")})`,
);
const results = await measureFactCost(rounds, request.cpuMsPerFinish, log);
writeResults("fact-cost", {
  ...machine(),
  loadAverage: { atStart, atEnd: loadAverage() },
  settings: {
    rounds,
    runsPerSlice: 200,
    answers: 20,
    game: "normal solo, + − × ÷",
    finishRequests: `${slices} slices of 300 after one to warm up; runs started at /game/start, 5 minutes, normal`,
  },
  finishRequest: { cpuMsPerFinish: request.cpuMsPerFinish, perSlice: request.perSlice },
  pass: results.every((r) => r.goalMet),
  results,
});
if (!results.every((r) => r.goalMet)) process.exitCode = 1;
