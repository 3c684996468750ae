// The single writer's ceiling (issue 45; docs/scale.md): the LiteFS primary writes every finish, every live game's
// results and every roster import, so how many of each one core of it can write a second is the site's ceiling
// until writes leave it. In this process, pinned to one core, on a real SQLite file in WAL mode opened by the app's
// own openDatabase (its pragmas and migrations), through the real services:
//
// - a finish: finishRun (app/runs/finish.server.ts) of a 20-answer normal game by a new visitor at an address of
//   their own, awaited one at a time (each its own commit), and 16 or 64 at once (the shared commit a busy server
//   makes: docs/decisions/0029-checkpoints-and-shared-commits.md);
// - a live game's results: app/live-hub's writeResults for a 30-pupil game at its podium (30 runs, one commit);
// - a roster import: importRows (app/school/roster-import.server.ts) of 30 rows into a new class.
//
// Beside each, in the same round, the floor: the same rows the path just wrote, read back and inserted again by plain
// prepared INSERTs into a second file with the same schema and pragmas, in as many commits (bench/lib/writer-floor.ts).
// The WAL checkpoint runs as the app's worker runs it (PASSIVE every 200 ms) but on this thread, so its time is
// counted on the same core and apart. Then where a write's time goes, by running its steps separately on fresh
// inputs of the same kind: verify (the engine's replay and pace), the write itself and within it the fact records
// and the board placing (each also timed alone on other players), the commit, the checkpoint.
//
// Figures are CPU time of this process (one core) per write, so other work on the machine slows the wall clock but
// not them; wall times are kept beside. `npm run bench -- writer` (about 1½ minutes on a busy machine); WRITER_BENCH_ROUNDS (default 7)
// and WRITER_BENCH_SCALE (slice sizes, default 1); WRITER_BENCH_DIR and WRITER_BENCH_RESULTS (below). Writes bench/results/writer.json.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { honestAnswers } from "./lib/honest-answers";
import { loadAverage, machine, percentile, round, writeResults as writeResultsFile } from "./lib/report";
import { pinProcess, root, twoCores } from "./lib/server";
import {
  add,
  checkpointer,
  floorInserter,
  none,
  rowCount,
  rowidMarks,
  rowsSince,
  since,
  stamp,
  tablesOf,
  type Spent,
} from "./lib/writer-floor";

const ROUNDS = Number(process.env.WRITER_BENCH_ROUNDS ?? 7);
const SCALE = Number(process.env.WRITER_BENCH_SCALE ?? 1);
const FINISHES = Math.round(640 * SCALE);
/** Finishes committed together: what a busy server's shared commit gathers in one turn, and a larger batch. */
const SHARED = [16, 64];
const GAMES = Math.max(1, Math.round(16 * SCALE));
const IMPORTS = Math.max(1, Math.round(20 * SCALE));
const CLASS_SIZE = 30;
const ANSWERS = 20;
/** A busy board to place finishes on (as bench/lib/finish-request-cpu.ts), written before anything is timed. */
const BUSY_BOARD = 3_000;
const ACTOR = { kind: "teacher" as const, id: "writer-teacher", name: "Writer Teacher" };
const log = (line: string) => console.log(line);
const loadAtStart = loadAverage();
process.chdir(root);

// WRITER_BENCH_DIR: where the files go (a folder of their own in the system's temporary one unless said), so that the
// same bench can be run inside a LiteFS mount on a staging machine, which this one cannot (docs/scale.md). A LiteFS
// mount holds files, never folders (superfly/litefs issue 372), so there the files are made side by side, named apart.
// WRITER_BENCH_RESULTS: the results file's name (writer unless said: writer-litefs for such a run, say).
const givenDir = process.env.WRITER_BENCH_DIR;
const dir = givenDir ? path.resolve(givenDir) : mkdtempSync(path.join(os.tmpdir(), "writer-bench-"));
const prefix = givenDir ? `writer-bench-${process.pid}-` : "";
const APP_DB = path.join(dir, `${prefix}app.db`);
const FLOOR_DB = path.join(dir, `${prefix}floor.db`);
const RESULTS = process.env.WRITER_BENCH_RESULTS ?? "writer";
process.env.DATABASE_PATH = APP_DB;
process.env.SESSION_SECRET ??= "writer-bench-secret-writer-bench-secret-writer";
// The checkpoint runs on this thread instead (see above); LiteFS is not here (a single node, its own primary).
process.env.SHORTCUTS_OFF = "checkpoint-worker";
delete process.env.LITEFS_DIR;
const cores = twoCores();
if (cores) pinProcess(process.pid, cores[0]);

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\nFAIL: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  if (!givenDir) rmSync(dir, { recursive: true, force: true });
  else
    for (const file of [APP_DB, FLOOR_DB])
      for (const suffix of ["", "-wal", "-shm"])
        try {
          rmSync(file + suffix, { force: true });
        } catch {
          // a mount that refuses deletes keeps them; they are named apart
        }
}

async function main(): Promise<number> {
  const { db, openDatabase } = await import("~/db/client.server");
  const { BACKSTOP_PAGES, CHECKPOINT_INTERVAL_MS } = await import("~/db/checkpoints.server");
  const { finishRun } = await import("~/runs/finish.server");
  const { withPlayerHistory } = await import("~/runs/player-history.server");
  const { saveFinishedRun, isRunRecorded } = await import("~/models/runs.server");
  const { recordRunFacts } = await import("~/models/fact-records.server");
  const { recordEntry, topPlaceTakenOnABoard } = await import("~/models/leaderboard.server");
  const { verifyRun, parseRunSpec, timeLimitOf, leaderboardGameType } = await import("~/game");
  const { writeResults } = await import("~/live-hub/results.server");
  const { createGame } = await import("~/live/game");
  const { newAdmission } = await import("~/live/admission");
  const { importRows } = await import("~/school/roster-import.server");
  const { parseRoster } = await import("~/school/roster-parse.server");
  const { insertClass, insertSchool, insertTeacher } = await import("~/models/schools.server");
  const { newClassLoginKey, withFreshLoginCode } = await import("~/school/login-codes.server");
  const { addressKeyOf } = await import("~/utils/signing.server");
  type Player = import("~/auth/player.server").Player;
  type LiveGame = import("~/live/game").LiveGame;
  type RunSpec = import("~/game").RunSpec;
  type SubmittedAnswer = import("~/game").SubmittedAnswer;

  const sqlite = db.$client;
  // The app's backstop with its worker running (app/db/checkpoints.server.ts): SQLite's own checkpoint stays out of
  // the commits, and this bench's checkpointer does the worker's part.
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const floorDb = openDatabase(FLOOR_DB).$client;
  floorDb.pragma("foreign_keys = OFF");
  floorDb.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const Database = (await import("better-sqlite3")).default;
  const checkpointConnection = (file: string) => {
    const connection = new Database(file, { fileMustExist: true });
    connection.pragma("busy_timeout = 0");
    return connection;
  };
  const ck = checkpointer(checkpointConnection(APP_DB), CHECKPOINT_INTERVAL_MS);
  const floorCk = checkpointer(checkpointConnection(FLOOR_DB), CHECKPOINT_INTERVAL_MS);
  const tables = tablesOf(sqlite);
  const copyToFloor = floorInserter(floorDb, tables);

  /* Inputs, made before each slice and never timed */

  const soloSpec = parseRunSpec({
    mode: "solo",
    difficulty: "normal",
    operations: ["+", "-", "*", "/"],
    timeLimit: 60,
  }) as RunSpec;
  const liveSpec = parseRunSpec({
    mode: "student",
    difficulty: "medium",
    operations: ["addition", "subtraction", "multiplication"],
    timesTables: [],
  }) as RunSpec;
  if (!soloSpec || !liveSpec) throw new Error("the bench's run specs are not valid");
  let serial = 0;
  // Answers spread over 40 s of a game started 45 s ago: due, and well inside the 60 s limit while the slice runs.
  const answersOf = (spec: RunSpec, seed: string) => honestAnswers(spec, seed, ANSWERS, 40_000);
  type Finish = {
    ticket: { id: string; spec: RunSpec; seed: string; startedAt: number; owner: string; checked: true };
    answers: SubmittedAnswer[];
    player: Player;
    address: string;
  };
  const finishesOf = (count: number, score = ANSWERS): Finish[] => {
    const startedAt = Date.now() - 45_000;
    return Array.from({ length: count }, () => {
      serial += 1;
      const anonId = `writer-${serial}`;
      const seed = `writer-seed-${serial}`;
      return {
        ticket: { id: `wr-${serial}`, spec: soloSpec, seed, startedAt, owner: `a:${anonId}`, checked: true },
        answers: honestAnswers(soloSpec, seed, score, 40_000),
        player: { kind: "anon", anonId },
        // Many addresses: each visitor's own, as Fly's edge reports it (bench/lib/finishes.ts).
        address: `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`,
      };
    });
  };
  const finishOne = async (finish: Finish) => {
    const result = await finishRun(finish);
    if (!result.ok) throw new Error(`a finish failed: ${result.message}`);
  };

  const schoolId = insertSchool("Writer School");
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Writer Teacher", email: null, schoolId, loginCode }),
  ).value;
  const rosterText = Array.from({ length: CLASS_SIZE }, (_, i) => `Pupil${i + 1} Writer`).join("\n");
  const parsed = parseRoster(rosterText, "class");
  if (!parsed.ok) throw new Error(parsed.message);
  type Target = Parameters<typeof importRows>[0];
  let classSerial = 0;
  const newClass = (): Target => {
    classSerial += 1;
    const name = `Class ${classSerial}`;
    const classId = insertClass({ name, schoolId, teacherId, loginKey: newClassLoginKey() });
    return {
      kind: "class",
      classId,
      className: name,
      schoolId,
      schoolName: "Writer School",
      schoolClasses: null,
      teacherId: null,
    };
  };
  const importInto = (target: Target) => {
    const done = importRows(target, parsed.rows, Date.now(), ACTOR);
    if (done.added !== CLASS_SIZE) throw new Error(`an import added ${done.added} of ${CLASS_SIZE}`);
  };
  const pupilsOf = sqlite.prepare(`SELECT id, name FROM students WHERE class_id = ? ORDER BY name`);
  /** Classes of 30 imported pupils, for live games to be played by (imported before anything is timed). */
  const classPool: { classId: string; pupils: { id: string; name: string }[] }[] = [];
  const classOfPupils = () => {
    const next = classPool.pop();
    if (!next) throw new Error("ran out of classes of pupils");
    return next;
  };
  const gamesOf = (count: number): LiveGame[] => {
    const startsAt = Date.now() - 45_000;
    return Array.from({ length: count }, () => {
      serial += 1;
      const { classId, pupils } = classOfPupils();
      const seed = `writer-live-${serial}`;
      const game = createGame({
        code: `W${serial}`,
        hostToken: `host-${serial}`,
        host: { kind: "teacher", teacherId, classId },
        spec: liveSpec,
        durationSeconds: 60,
        seed,
        now: startsAt,
        admission: newAdmission({ classId, rosterSize: pupils.length, guests: false }),
      });
      const answers = answersOf(liveSpec, seed);
      game.phase = "podium";
      game.startsAt = startsAt;
      game.endsAt = startsAt + 60_000;
      game.closesAt = game.endsAt;
      game.players = pupils.map((pupil, k) => ({
        id: `p${k + 1}`,
        token: `token-${serial}-${k}`,
        name: pupil.name,
        kind: "pupil",
        studentId: pupil.id,
        answers: answers.map((a) => ({ ...a })),
        marks: answers.map(() => true),
        right: answers.length,
        reachedAt: answers[answers.length - 1]!.t,
        removed: false,
        door: { browserId: null, addressGroup: null, own: true },
        checking: false,
        place: null,
        runId: null,
      }));
      return game;
    });
  };
  const writeGame = (game: LiveGame) => {
    writeResults(game, Date.now());
    const missing = game.players.filter((p) => p.runId === null).length;
    if (missing > 0) throw new Error(`a live game's results left ${missing} pupils without a run`);
  };

  /* Setup: a busy board, and the classes the live games are played by; copied to the floor's file too */

  const setupFrom = stamp();
  const classesNeeded = GAMES * 3 * (ROUNDS + 1);
  for (let k = 0; k < classesNeeded; k++) {
    const target = newClass();
    importInto(target);
    if (target.kind === "class")
      classPool.push({ classId: target.classId, pupils: pupilsOf.all(target.classId) as never });
  }
  for (let k = 0; k < BUSY_BOARD; k += 50) await Promise.all(finishesOf(50).map(finishOne));
  ck.now();
  const setupRows = rowsSince(sqlite, tables, new Map());
  copyToFloor(setupRows, 1, () => {});
  floorCk.now();
  ck.take();
  floorCk.take();
  log(
    `Set up in ${Math.round(since(setupFrom).wallMs)} ms: ${BUSY_BOARD} finishes on today's board, ${classesNeeded} ` +
      `classes of ${CLASS_SIZE} imported (${rowCount(setupRows)} rows, copied to the floor's file)`,
  );

  /* The paths */

  type Stages = Record<string, Spent>;
  type Slice = { writes: number; rows: number; total: Spent; checkpoint: Spent & { pages: number } };
  type PathResult = { service: Slice; floor: Slice; stages: Stages; stageWrites: number };
  type Path = {
    name: string;
    /** What one write is. */
    unit: string;
    prepare: () => unknown;
    run: (inputs: never) => Promise<number>;
    commitsOf: (writes: number) => number;
    stages: () => { writes: number; stages: Stages };
  };

  /** The service slice, then the floor's copy of its rows in as many commits. */
  async function measure(p: Path): Promise<PathResult> {
    const inputs = p.prepare();
    const marks = rowidMarks(sqlite, tables);
    ck.take();
    const from = stamp();
    const writes = await p.run(inputs as never);
    ck.now();
    const total = since(from);
    const checkpoint = ck.take();
    const written = rowsSince(sqlite, tables, marks);
    const rows = rowCount(written);
    floorCk.take();
    const floorFrom = stamp();
    copyToFloor(written, p.commitsOf(writes), floorCk.tick);
    floorCk.now();
    const floorTotal = since(floorFrom);
    const floorCheckpoint = floorCk.take();
    const { writes: stageWrites, stages } = p.stages();
    return {
      service: { writes, rows, total, checkpoint },
      floor: { writes, rows, total: floorTotal, checkpoint: floorCheckpoint },
      stages,
      stageWrites,
    };
  }

  /** Adds the time of `fn` to `stages[name]`. */
  const timed = <T>(stages: Stages, name: string, fn: () => T): T => {
    const from = stamp();
    const value = fn();
    stages[name] = add(stages[name] ?? none(), since(from));
    return value;
  };
  /** A write opened here, so that its commit is timed apart (the service's own transaction becomes a savepoint). */
  const inOwnCommit = (stages: Stages, writeStage: string, fn: () => void) => {
    sqlite.exec("BEGIN");
    try {
      timed(stages, writeStage, fn);
    } catch (error) {
      sqlite.exec("ROLLBACK");
      throw error;
    }
    timed(stages, "commit", () => sqlite.exec("COMMIT"));
  };
  const checkpointStage = (stages: Stages) => {
    ck.now();
    const spent = ck.take();
    stages.checkpoint = add(stages.checkpoint ?? none(), spent);
  };

  /** A finish's steps, as finishRun takes them, then the fact records and the board placing alone on other visitors. */
  const finishStages = () => {
    const stages: Stages = {};
    const list = finishesOf(FINISHES);
    ck.take();
    const kept: { records: import("~/game").AnswerRecord[]; startedAt: number; finishedAt: number }[] = [];
    for (const { ticket, answers, player, address } of list) {
      const finishedAt = Date.now();
      const run = timed(stages, "verify", () => {
        if (isRunRecorded(ticket.id)) throw new Error("a run recorded twice");
        const verdict = verifyRun({
          spec: ticket.spec,
          seed: ticket.seed,
          answers,
          startedAt: ticket.startedAt,
          finishedAt,
        });
        if (!verdict.ok) throw new Error(verdict.message);
        const pace = withPlayerHistory(verdict.pace, player, finishedAt);
        return {
          id: ticket.id,
          mode: ticket.spec.mode,
          gameType: leaderboardGameType(ticket.spec) ?? ticket.spec.mode,
          player,
          addressKey: addressKeyOf(address),
          summary: verdict.summary,
          records: verdict.records,
          startedAt: ticket.startedAt,
          finishedAt,
          timeTaken: Math.round((finishedAt - ticket.startedAt) / 1000),
          timeLimit: timeLimitOf(ticket.spec),
          held: pace.plausible ? undefined : pace,
          pace,
        };
      });
      inOwnCommit(stages, "write", () => {
        if (!saveFinishedRun(run).saved) throw new Error("a finish was not saved");
      });
      kept.push({ records: run.records, startedAt: run.startedAt, finishedAt });
      ck.tick();
    }
    checkpointStage(stages);
    // The parts alone, on other visitors, in one transaction (their commit and checkpoint not counted).
    sqlite.transaction(() => {
      for (const run of kept) {
        serial += 1;
        const anonId = `writer-part-${serial}`;
        timed(stages, "write: fact records", () =>
          recordRunFacts({ kind: "anon", anonId }, { ...run, answers: run.records }),
        );
        timed(stages, "write: board placing", () => {
          const entry = { score: ANSWERS, totalQuestions: ANSWERS, accuracy: 100, userId: null, anonId };
          topPlaceTakenOnABoard({ ...entry, gameType: "normal", timeLimit: 60, at: run.finishedAt });
          recordEntry({
            ...entry,
            gameType: "normal",
            username: null,
            runId: `wr-part-${serial}`,
            timeLimit: 60,
            addressKey: addressKeyOf(`10.200.${(serial >> 8) & 255}.${serial & 255}`),
            createdAt: run.finishedAt,
          });
        });
      }
    })();
    ck.now();
    ck.take();
    return { writes: list.length, stages };
  };

  const PATHS: Path[] = [
    {
      name: "finish, one commit each",
      unit: "a 20-answer run finished (finishRun), awaited alone",
      prepare: () => finishesOf(FINISHES),
      run: async (list: Finish[]) => {
        for (const finish of list) {
          await finishOne(finish);
          ck.tick();
        }
        return list.length;
      },
      commitsOf: (writes) => writes,
      stages: finishStages,
    },
    ...SHARED.map((size): Path => ({
      name: `finish, shared commits of ${size}`,
      unit: `a 20-answer run finished (finishRun), ${size} at once`,
      prepare: () => finishesOf(FINISHES),
      run: async (list: Finish[]) => {
        for (let k = 0; k < list.length; k += size) {
          await Promise.all(list.slice(k, k + size).map(finishOne));
          ck.tick();
        }
        return list.length;
      },
      commitsOf: (writes) => Math.ceil(writes / size),
      stages: () => ({ writes: 0, stages: {} }),
    })),
    {
      name: "live game results",
      unit: `a ${CLASS_SIZE}-pupil live game's results (app/live-hub writeResults: ${CLASS_SIZE} runs, one commit)`,
      prepare: () => gamesOf(GAMES),
      run: async (games: LiveGame[]) => {
        for (const game of games) {
          writeGame(game);
          ck.tick();
        }
        return games.length;
      },
      commitsOf: (writes) => writes,
      stages: () => {
        const stages: Stages = {};
        const games = gamesOf(GAMES);
        const spare = gamesOf(GAMES);
        ck.take();
        const kept: { records: import("~/game").AnswerRecord[]; startedAt: number; finishedAt: number }[] = [];
        for (const game of games) {
          const at = Date.now();
          // The runs' verification alone; writeResults verifies them again, and that is taken off its write below.
          const verified = timed(stages, "verify", () =>
            game.players.map((player) => {
              const verdict = verifyRun({
                spec: game.spec,
                seed: game.seed,
                answers: player.answers,
                startedAt: game.startsAt!,
                finishedAt: at,
              });
              if (!verdict.ok) throw new Error(verdict.message);
              return verdict;
            }),
          );
          inOwnCommit(stages, "write and verify", () => writeGame(game));
          kept.push(...verified.map((v) => ({ records: v.records, startedAt: game.startsAt!, finishedAt: at })));
          ck.tick();
        }
        checkpointStage(stages);
        sqlite.transaction(() => {
          const pupils = spare.flatMap((game) => game.players.map((p) => p.studentId!));
          kept.forEach((run, k) =>
            timed(stages, "write: fact records", () =>
              recordRunFacts({ kind: "student", studentId: pupils[k]! }, { ...run, answers: run.records }),
            ),
          );
        })();
        ck.now();
        ck.take();
        stages.write = {
          wallMs: stages["write and verify"]!.wallMs - stages.verify!.wallMs,
          cpuMs: stages["write and verify"]!.cpuMs - stages.verify!.cpuMs,
        };
        delete stages["write and verify"];
        return { writes: games.length, stages };
      },
    },
    {
      name: "roster import",
      unit: `a ${CLASS_SIZE}-row roster import into a new class (importRows)`,
      prepare: () => Array.from({ length: IMPORTS }, newClass),
      run: async (targets: Target[]) => {
        for (const target of targets) {
          importInto(target);
          ck.tick();
        }
        return targets.length;
      },
      commitsOf: (writes) => writes,
      stages: () => {
        const stages: Stages = {};
        const targets = Array.from({ length: IMPORTS }, newClass);
        ck.take();
        for (const target of targets) {
          inOwnCommit(stages, "write", () => importInto(target));
          ck.tick();
        }
        checkpointStage(stages);
        return { writes: targets.length, stages };
      },
    },
  ];

  /* Rounds: round 0 warms up; each round starts one path further along */

  const results = new Map<string, PathResult[]>(PATHS.map((p) => [p.name, []]));
  for (let r = 0; r <= ROUNDS; r++) {
    const line: string[] = [];
    for (let k = 0; k < PATHS.length; k++) {
      const p = PATHS[(k + r) % PATHS.length]!;
      const result = await measure(p);
      if (r > 0) results.get(p.name)!.push(result);
      const perCore = (slice: Slice) => Math.round(slice.writes / (slice.total.cpuMs / 1000));
      line.push(`${p.name} ${perCore(result.service)}/s (floor ${perCore(result.floor)}/s)`);
    }
    log(`  ${r === 0 ? "warm-up" : `round ${r} of ${ROUNDS}`}: ${line.join(", ")}`);
  }

  /* Report: medians over the rounds, per write */

  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const paths = PATHS.map((p) => {
    const own = results.get(p.name)!;
    const per = (slice: Slice, spent: Spent) => ({
      cpuMs: spent.cpuMs / slice.writes,
      wallMs: spent.wallMs / slice.writes,
    });
    const cpuPerWrite = own.map((x) => per(x.service, x.service.total).cpuMs);
    const floorCpuPerWrite = own.map((x) => per(x.floor, x.floor.total).cpuMs);
    const ratios = own.map((x, i) => floorCpuPerWrite[i]! / cpuPerWrite[i]!);
    const stageNames = [...new Set(own.flatMap((x) => Object.keys(x.stages)))];
    return {
      name: p.name,
      unit: p.unit,
      rowsPerWrite: round(median(own.map((x) => x.service.rows / x.service.writes)), 1),
      writesPerRound: own[0]?.service.writes ?? 0,
      ours: {
        writesPerSecondPerCore: Math.round(1000 / median(cpuPerWrite)),
        cpuMsPerWrite: round(median(cpuPerWrite), 3),
        cpuMsPerWriteSpread: [round(Math.min(...cpuPerWrite), 3), round(Math.max(...cpuPerWrite), 3)],
        wallMsPerWrite: round(median(own.map((x) => per(x.service, x.service.total).wallMs)), 3),
        checkpointCpuMsPerWrite: round(median(own.map((x) => per(x.service, x.service.checkpoint).cpuMs)), 3),
        checkpointWallMsPerWrite: round(median(own.map((x) => per(x.service, x.service.checkpoint).wallMs)), 3),
        logPagesPerWrite: round(median(own.map((x) => x.service.checkpoint.pages / x.service.writes)), 1),
      },
      floor: {
        writesPerSecondPerCore: Math.round(1000 / median(floorCpuPerWrite)),
        cpuMsPerWrite: round(median(floorCpuPerWrite), 3),
        wallMsPerWrite: round(median(own.map((x) => per(x.floor, x.floor.total).wallMs)), 3),
        checkpointCpuMsPerWrite: round(median(own.map((x) => per(x.floor, x.floor.checkpoint).cpuMs)), 3),
      },
      /** Ours ÷ the floor's writes a second: the share of bare SQLite's rate the path reaches. */
      ratio: round(median(ratios), 3),
      ratioSpread: [round(Math.min(...ratios), 3), round(Math.max(...ratios), 3)],
      stages:
        stageNames.length === 0
          ? null
          : Object.fromEntries(
              stageNames.map((name) => [
                name,
                {
                  cpuMs: round(median(own.map((x) => (x.stages[name]?.cpuMs ?? 0) / x.stageWrites)), 4),
                  wallMs: round(median(own.map((x) => (x.stages[name]?.wallMs ?? 0) / x.stageWrites)), 4),
                },
              ]),
            ),
    };
  });

  const report = {
    ...machine(),
    sqlite: (sqlite.prepare(`SELECT sqlite_version() AS v`).get() as { v: string }).v,
    /** Bytes of a log page: logPagesPerWrite × this is what a write adds to the log (and, under LiteFS, to its LTX file). */
    pageSize: sqlite.pragma("page_size", { simple: true }) as number,
    loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
    note:
      "Run on a 2-core machine shared with other work (see loadAverage): the figures are this process's CPU time on " +
      "one core, which other work does not inflate much; wall times are kept beside and are inflated by it. Re-run " +
      "on a quiet machine for the record.",
    settings: {
      rounds: ROUNDS,
      warmUpRounds: 1,
      finishesPerSlice: FINISHES,
      sharedCommits: SHARED,
      gamesPerSlice: GAMES,
      importsPerSlice: IMPORTS,
      classSize: CLASS_SIZE,
      answersPerRun: ANSWERS,
      busyBoard: BUSY_BOARD,
      pinned: cores ? cores[0] : null,
      pragmas: "the app's openDatabase: WAL, synchronous NORMAL, foreign_keys ON, busy_timeout 5000, secure_delete ON",
      checkpoint: `PASSIVE every ${CHECKPOINT_INTERVAL_MS} ms and at each slice's end, on its own connection, this thread (the app's worker's part)`,
      floor:
        "the same rows, read back and inserted by plain prepared INSERTs into a second file with the same schema and pragmas (foreign keys off), in as many commits as the path made",
      stages:
        "separate slices of fresh inputs of the same kind, the service's steps taken one by one; 'write: fact records' and 'write: board placing' are parts of 'write', timed alone on other players; 'write' for a live game is writeResults less the verify it repeats",
    },
    paths,
  };
  console.table(
    Object.fromEntries(
      paths.map((p) => [
        p.name,
        {
          "writes/s/core": p.ours.writesPerSecondPerCore,
          "floor writes/s/core": p.floor.writesPerSecondPerCore,
          ratio: p.ratio,
          "CPU ms/write": p.ours.cpuMsPerWrite,
          "checkpoint ms/write": p.ours.checkpointCpuMsPerWrite,
          "rows/write": p.rowsPerWrite,
        },
      ]),
    ),
  );
  for (const p of paths)
    if (p.stages)
      log(
        `${p.name}, where the CPU goes (ms a write): ${Object.entries(p.stages)
          .map(([name, s]) => `${name} ${s.cpuMs}`)
          .join(", ")}`,
      );
  writeResultsFile(RESULTS, report);
  db.$client.close();
  floorDb.close();
  return 0;
}
