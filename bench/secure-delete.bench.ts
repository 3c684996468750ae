// What erasure that erases costs (docs/decisions/0069-secure-delete-and-a-truncated-log.md): the database with
// `secure_delete` on, as it now runs, against today's `secure_delete` off, on a finish and on a board page, both in
// this one run and on one connection, the setting switched between slices that take turns. The production build's
// handler is called in this process (as bench/ab.ts calls it: no HTTP, which both sides share), on a fresh copy of the
// leaderboard data set at SECURE_DELETE_BENCH_SCALE (0.02: 200,000 entries, 20,000 in the last day). A finish trims
// the day's table of rows older than 25 hours (the deletes secure_delete zeroes): the clock moves on between slices
// by as much of the seeded day as the slice's finishes, so each finish trims about one row, as a steady day does.
// Then a pupil's erasure (150 games with their answers) with secure_delete off and no log emptied (today), and with
// both, taking turns. The figure for each path is the median over the rounds of (time with it on) / (time with it
// off), with CPU time beside. Writes bench/results/secure-delete.json. About 3 minutes.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { finish, prepareFinishes } from "./lib/ab-finishes";
import { DAY_MS, scaledShape, seedLeaderboard } from "./lib/leaderboard-seed";
import { loadAverage, machine, round, writeResults } from "./lib/report";
import { ensureBuild, root } from "./lib/server";

const SCALE = Number(process.env.SECURE_DELETE_BENCH_SCALE ?? 0.02);
const ROUNDS = Number(process.env.SECURE_DELETE_BENCH_ROUNDS ?? 10);
const FINISHES_PER_SLICE = 200;
const FINISHES_AT_ONCE = 10;
const PAGES_PER_SLICE = 200;
const ERASURES_PER_SIDE = Number(process.env.SECURE_DELETE_BENCH_ERASURES ?? 12);
const GAMES_PER_PUPIL = 150;
const BOARD = "/leaderboard?period=daily&board=normal";
const WORK_DIR = path.join(root, "bench", ".data", "secure-delete");
const DB_FILE = path.join(WORK_DIR, "app.db");
const log = (line: string) => console.log(line);
const loadAtStart = loadAverage();
process.chdir(root);

ensureBuild(log, { whenStale: true });
rmSync(WORK_DIR, { recursive: true, force: true });
mkdirSync(WORK_DIR, { recursive: true });
Object.assign(process.env, {
  NODE_ENV: "production",
  DATABASE_PATH: DB_FILE,
  SESSION_SECRET: "secure-delete-bench-session-secret".padEnd(40, "x"),
  SITE_URL: "http://localhost:3000",
  HOUSEKEEPING: "off",
});
delete process.env.LITEFS_DIR;

// The app's connection (migrated, secure_delete on, the checkpoint worker running), which the build loaded below
// shares: app/db/client.server.ts keeps the process's one connection on globalThis.
const { db } = await import("~/db/client.server");
const { playerKeyOf, boardOf, boardKeysOf } = await import("~/models/leaderboard.server");
const { ADDRESS_PLACES, ADDRESS_DAY_ROWS } = await import("~/models/address-places.server");
const shape = scaledShape(SCALE);
log(
  `Seeding ${shape.entries.toLocaleString("en-GB")} entries (${shape.lastDayEntries.toLocaleString("en-GB")} today)…`,
);
seedLeaderboard(
  DB_FILE,
  { playerKeyOf, boardOf, boardKeysOf, addressPlaces: ADDRESS_PLACES, addressDayRows: ADDRESS_DAY_ROWS },
  shape,
  Date.now(),
  () => {},
);

const build = (await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");
const sqlite = db.$client;
if (sqlite.pragma("secure_delete", { simple: true }) !== 1)
  throw new Error("the app's connection has no secure_delete");

// The clock runs ahead by as much of the seeded day as a slice's finishes (bench/lib/ab-finishes.ts moves it too).
let aheadMs = 0;
const clockBefore = Date.now;
Date.now = () => clockBefore() + aheadMs;
const DAY_PER_FINISH_MS = DAY_MS / shape.lastDayEntries;

type Side = "on" | "off";
const setSide = (side: Side) => sqlite.pragma(`secure_delete = ${side === "on" ? "ON" : "OFF"}`);
/** Rows of the day's table older than its 25 hours at the clock's now: what the finishes trim. */
const agedRows = () =>
  (
    sqlite
      .prepare(`SELECT count(*) AS n FROM leaderboard_recent WHERE created_at < ?`)
      .get(Date.now() - DAY_MS - 3_600_000) as { n: number }
  ).n;
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
type Slice = { wallMs: number; cpuMs: number };

async function finishSlice(side: Side): Promise<Slice & { trimmed: number }> {
  setSide(side);
  aheadMs += FINISHES_PER_SLICE * DAY_PER_FINISH_MS;
  const runs = await prepareFinishes(handle, FINISHES_PER_SLICE, false);
  const before = agedRows();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < runs.length; i += FINISHES_AT_ONCE) {
    const statuses = await Promise.all(runs.slice(i, i + FINISHES_AT_ONCE).map((run) => finish(build, run)));
    const failed = statuses.find((status) => status !== 200);
    if (failed) throw new Error(`a finish answered ${failed}`);
  }
  const wallMs = (performance.now() - started) / FINISHES_PER_SLICE;
  const slice = { wallMs, cpuMs: cpuMs(cpu) / FINISHES_PER_SLICE };
  return { ...slice, trimmed: (before - agedRows()) / FINISHES_PER_SLICE };
}

async function pageSlice(side: Side): Promise<Slice> {
  setSide(side);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < PAGES_PER_SLICE; i++) {
    const response = await handle(
      new Request(`http://localhost:3000${BOARD}`, { headers: { "user-agent": "bench", accept: "text/html" } }),
      { cspNonce: "bench", clientAddress: "127.0.0.1" },
    );
    if (response.status !== 200) throw new Error(`the board answered ${response.status}`);
    await response.arrayBuffer();
  }
  return { wallMs: (performance.now() - started) / PAGES_PER_SLICE, cpuMs: cpuMs(cpu) / PAGES_PER_SLICE };
}

type Paths = { finish: Slice & { trimmed: number }; board: Slice };
const rounds: Record<Side, Paths>[] = [];
log(`Warming up, then ${ROUNDS} rounds of ${FINISHES_PER_SLICE} finishes and ${PAGES_PER_SLICE} board pages a side…`);
for (const side of ["on", "off"] as const) {
  await finishSlice(side);
  await pageSlice(side);
}
for (let round_ = 0; round_ < ROUNDS; round_++) {
  const order: Side[] = round_ % 2 === 0 ? ["on", "off"] : ["off", "on"];
  const sides = {} as Record<Side, Paths>;
  for (const side of order) sides[side] = { finish: await finishSlice(side), board: { wallMs: 0, cpuMs: 0 } };
  // The board right after the finishes: each finish's write ended its kept reads, so the first page reads afresh.
  for (const side of order) sides[side].board = await pageSlice(side);
  rounds.push(sides);
  log(
    `  round ${round_ + 1}: finish ${sides.on.finish.wallMs.toFixed(3)} ms on / ${sides.off.finish.wallMs.toFixed(3)} off` +
      ` (trims ${sides.on.finish.trimmed.toFixed(2)} / ${sides.off.finish.trimmed.toFixed(2)} rows each);` +
      ` board ${sides.on.board.wallMs.toFixed(3)} / ${sides.off.board.wallMs.toFixed(3)} ms`,
  );
}

const figure = (pick: (paths: Paths) => Slice) => {
  const ratios = rounds.map((r) => pick(r.on).wallMs / pick(r.off).wallMs);
  const cpuRatios = rounds.map((r) => pick(r.on).cpuMs / pick(r.off).cpuMs);
  return {
    onMs: round(median(rounds.map((r) => pick(r.on).wallMs)), 3),
    offMs: round(median(rounds.map((r) => pick(r.off).wallMs)), 3),
    ratio: round(median(ratios), 3),
    ratioSpread: [round(Math.min(...ratios), 3), round(Math.max(...ratios), 3)],
    onCpuMs: round(median(rounds.map((r) => pick(r.on).cpuMs)), 3),
    offCpuMs: round(median(rounds.map((r) => pick(r.off).cpuMs)), 3),
    cpuRatio: round(median(cpuRatios), 3),
  };
};
const finishFigure = {
  ...figure((p) => p.finish),
  rowsTrimmedPerFinish: round(median(rounds.flatMap((r) => [r.on.finish.trimmed, r.off.finish.trimmed])), 2),
};
const boardFigure = figure((p) => p.board);

// A pupil's erasure: today (secure_delete off, the log left as it is) and now (on, the log emptied after).
const { insertClass, insertSchool, insertTeacher } = await import("~/models/schools.server");
const { insertStudent } = await import("~/models/students.server");
const { newClassLoginKey, withFreshLoginCode } = await import("~/school/login-codes.server");
const { erasePupil, erasePupilRows } = await import("~/models/erasures.server");
const schoolId = insertSchool("Bench Primary");
const teacherId = withFreshLoginCode((loginCode) =>
  insertTeacher({ name: "Ms Bench", email: "bench@school.example", schoolId, loginCode }),
).value;
const classId = insertClass({ name: "Bench Class", schoolId, teacherId, loginKey: newClassLoginKey() });
const answers = JSON.stringify(
  Array.from({ length: 20 }, (_, i) => ({
    problem: `${i} × 7 = ?`,
    correctAnswer: i * 7,
    isCorrect: true,
    timeStamp: i,
  })),
);
function pupilWithGames(k: number): string {
  const id = withFreshLoginCode((loginCode) =>
    insertStudent({
      name: `Pupil ${k}`,
      classId,
      loginCode,
      timesTables: ["7"],
      allowedOperations: ["multiplication"],
      difficulty: "easy",
    }),
  ).value;
  const run = sqlite.prepare(
    `INSERT INTO game_runs (id, mode, game_type, student_id, score, total_questions, accuracy, started_at, finished_at,
       answers) VALUES (?, 'student', 'student', ?, 20, 20, 100, ?, ?, ?)`,
  );
  const result = sqlite.prepare(
    `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, run_id, completed_at)
     VALUES (?, 20, 20, 60, 100, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let g = 0; g < GAMES_PER_PUPIL; g++) {
      const at = Date.now() - (GAMES_PER_PUPIL - g) * 3_600_000;
      run.run(`bench-${id}-${g}`, id, at, at + 60_000, answers);
      result.run(id, `bench-${id}-${g}`, at + 60_000);
    }
  })();
  return id;
}
log(`Erasing ${ERASURES_PER_SIDE} pupils of ${GAMES_PER_PUPIL} games a side, taking turns…`);
const pupils = Array.from({ length: ERASURES_PER_SIDE * 2 }, (_, k) => pupilWithGames(k));
const erasureMs: Record<"today" | "now", number[]> = { today: [], now: [] };
for (let k = 0; k < ERASURES_PER_SIDE * 2; k++) {
  const side = (k + Math.floor(k / 2)) % 2 === 0 ? "now" : "today";
  setSide(side === "now" ? "on" : "off");
  const started = performance.now();
  const done = side === "now" ? erasePupil(pupils[k]!, null, Date.now()) : erasePupilRows(pupils[k]!, null, Date.now());
  erasureMs[side].push(performance.now() - started);
  if (!done) throw new Error("a pupil was not erased");
}
setSide("on");
const erasure = {
  todayMs: round(median(erasureMs.today), 2),
  nowMs: round(median(erasureMs.now), 2),
  ratio: round(median(erasureMs.now) / median(erasureMs.today), 2),
  gamesPerPupil: GAMES_PER_PUPIL,
};

log(`Finish: ${finishFigure.onMs} ms with secure_delete, ${finishFigure.offMs} ms without: × ${finishFigure.ratio}`);
log(`Board page: ${boardFigure.onMs} ms with, ${boardFigure.offMs} ms without: × ${boardFigure.ratio}`);
log(`Erasure: ${erasure.nowMs} ms now (secure_delete, log emptied), ${erasure.todayMs} ms today: × ${erasure.ratio}`);
writeResults("secure-delete", {
  ...machine(),
  loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
  settings: {
    scale: SCALE,
    entries: shape.entries,
    lastDayEntries: shape.lastDayEntries,
    rounds: ROUNDS,
    finishesPerSlice: FINISHES_PER_SLICE,
    finishesAtOnce: FINISHES_AT_ONCE,
    pagesPerSlice: PAGES_PER_SLICE,
    board: BOARD,
    how: "production build's handler in this process, one connection, secure_delete switched between paired slices",
  },
  finish: finishFigure,
  board: boardFigure,
  erasure,
});
// The checkpoint worker and timers never keep the bench alive.
process.exit(0);
