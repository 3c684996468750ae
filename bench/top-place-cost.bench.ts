// What the top-place check costs a finish (docs/decisions/0075-top-places-checked-by-a-person.md and 0089), on a
// copy of the 10-million-entry data set of bench/leaderboard.bench.ts, in this process: the reads a finish scoring
// above the open score makes (`topPlaceTakenOnABoard`: the all-time tops and the daily walks of its two board keys),
// and the reads of a run that would wait (`vouchedFor`: the player's own runs, and the board's record), each next to
// a floor measured in the same run: one primary-key read of the runs table, which every finish makes
// (`isRunRecorded`). The stack bench's finishes score under the open score and never reach these reads.
// Run: npm run bench -- top-place-cost (needs the data set: npm run bench -- leaderboard builds it).
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { loadAverage, machine, round, writeResults } from "./lib/report";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DATA_SET = path.join(root, "bench", ".data", "leaderboard-10m.db");
const WORK_DIR = path.join(root, "bench", ".data", "top-place-cost");
if (!existsSync(DATA_SET)) throw new Error("no data set: run npm run bench -- leaderboard first");
rmSync(WORK_DIR, { recursive: true, force: true });
mkdirSync(WORK_DIR, { recursive: true });
copyFileSync(DATA_SET, path.join(WORK_DIR, "app.db"));
process.env.DATABASE_PATH = path.join(WORK_DIR, "app.db");
delete process.env.LITEFS_DIR;
const loadAtStart = loadAverage();

const { db } = await import("~/db/client.server");
const { topPlaceTakenOnABoard } = await import("~/models/leaderboard.server");
const { vouchedFor } = await import("~/models/approved-best.server");
const { isRunRecorded } = await import("~/models/runs.server");

const CALLS = 5_000;
const BATCHES = 7;
const now = Date.now();
// A visitor a person approved once (a released run of theirs), for the reads of a run that would wait.
const anonId = "top-place-cost-visitor".padEnd(24, "v");
db.$client
  .prepare(
    `INSERT INTO game_runs (id, mode, game_type, anon_id, score, total_questions, accuracy, started_at, finished_at,
                            answers, review, review_info)
     VALUES ('top-place-cost-run', 'solo', 'normal', ?, 40, 40, 100, ?, ?, '[]', 'released', ?)`,
  )
  .run(anonId, now - 120_000, now - 60_000, JSON.stringify({ reasons: ["top-place"], timeLimit: 60 }));

/** Microseconds a call, the median of the batches. */
function timed(call: (k: number) => unknown): number {
  const perBatch: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const started = performance.now();
    for (let k = 0; k < CALLS; k++) call(k);
    perBatch.push(((performance.now() - started) * 1000) / CALLS);
  }
  perBatch.sort((a, b) => a - b);
  return round(perBatch[Math.floor(BATCHES / 2)]!, 2);
}

const entry = (score: number) => ({
  gameType: "normal",
  timeLimit: 60,
  score,
  accuracy: 100,
  userId: null,
  anonId,
  at: Date.now(),
});
const floor = timed((k) => isRunRecorded(`no-such-run-${k}`));
const reads = {
  // A score above the open score (20) that takes no place: the common case of such a finish.
  placesNoneTaken: timed(() => topPlaceTakenOnABoard(entry(25))),
  // A score that would take a place (the day's top is lower on a quieter board; here the all-time one's is read).
  placesTaken: timed(() => topPlaceTakenOnABoard(entry(10_000))),
  vouchedDaily: timed(() => vouchedFor({ userId: null, anonId }, { gameType: "normal", timeLimit: 60 }, "daily")),
  vouchedAllTime: timed(() => vouchedFor({ userId: null, anonId }, { gameType: "normal", timeLimit: 60 }, "all-time")),
};
const report = {
  machine: machine(),
  loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
  dataSet: "a copy of bench/.data/leaderboard-10m.db (10 million entries)",
  callsPerBatch: CALLS,
  batches: BATCHES,
  floor: { name: "one primary-key read of game_runs (isRunRecorded), made by every finish", microseconds: floor },
  microseconds: reads,
  ratioToFloor: Object.fromEntries(Object.entries(reads).map(([k, v]) => [k, round(v / floor, 1)])),
};
console.log(JSON.stringify(report, null, 2));
writeResults("top-place-cost", report);
rmSync(WORK_DIR, { recursive: true, force: true });
