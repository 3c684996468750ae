// Leaderboard at scale: 10 million entries (1 million in the last 24 hours, 200,000 players). Times every
// board read through the app's own readTopPlayers/readChallengeTop (its db singleton, migrations and prepared
// statements; the database read that topPlayers/challengeTop keep until the next write, as the first page
// after a new score pays it: docs/decisions/0035-board-reads-kept-until-a-write.md), checks one board against
// a slow reference query, and times recordEntry with the indexes in place. Fails if any board read's p99 is
// over 5 ms.
//
// The data set is built once into bench/.data/leaderboard-10m.db (git-ignored; several minutes, ~3 GB) and
// reused while the migrations and the seeding code are unchanged. Its "now" is the moment it was seeded
// (the anchor): every entry is earlier, and the reads pass now = anchor, so a reused file keeps its
// last-24-hours window. The insert test writes after the anchor and is undone afterwards.
// Run: npx tsx bench/leaderboard.bench.ts   (FORCE_RESEED=1 rebuilds the file; LEADERBOARD_BENCH_SCALE=0.01
// runs a scaled-down smoke test in its own file and writes no results)
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dataSetFingerprint } from "./lib/data-set-fingerprint";
import {
  FLOOD_ADDRESS,
  FLOOD_CHALLENGE,
  RECENT_KEEP_MS,
  scaledShape,
  seedLeaderboard,
  type SeedResult,
} from "./lib/leaderboard-seed";
import { loadAverage, machine, percentile, round, writeResults } from "./lib/report";

const LIMIT_MS = 5;
const TIMED_CALLS = 2_000;
const WARM_UP_CALLS = 200;
const QUERY_BUDGET_MS = 15_000;
const INSERTS = 20_000;
/** Spacing of the insert test's entries: the data set's last-day rate (1 million a day ≈ one per 86 ms). */
const INSERT_SPACING_MS = 86;

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);
process.chdir(root); // the app finds its migrations from the working directory
const SCALE = Number(process.env.LEADERBOARD_BENCH_SCALE ?? "1");
if (!(SCALE > 0 && SCALE <= 1)) throw new Error("LEADERBOARD_BENCH_SCALE must be in (0, 1]");
const SHAPE = scaledShape(SCALE);
const DB_FILE = path.join(benchDir, ".data", SCALE === 1 ? "leaderboard-10m.db" : `leaderboard-scale-${SCALE}.db`);
const log = (line: string) => console.log(line);
// Other work on the machine shows up in the tails; the load is recorded with the figures.
const loadAtStart = loadAverage();

/* The data set: reuse the file only if it was fully built from the current migrations and seeding code. */

type Meta = Record<string, string>;

function readMeta(): Meta | null {
  if (!existsSync(DB_FILE)) return null;
  try {
    const raw = new Database(DB_FILE, { readonly: true, fileMustExist: true });
    try {
      const rows = raw.prepare(`SELECT key, value FROM bench_meta`).all() as { key: string; value: string }[];
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    } finally {
      raw.close();
    }
  } catch {
    return null;
  }
}

const print = dataSetFingerprint(SHAPE);
const previous = readMeta();
let reuseReason: string | null = null;
if (process.env.FORCE_RESEED === "1") reuseReason = "FORCE_RESEED=1";
else if (!previous) reuseReason = existsSync(DB_FILE) ? "the file has no bench_meta" : "no data set yet";
else if (previous.complete !== "1") reuseReason = "the last seeding did not finish";
else if (previous.dirty !== "0") reuseReason = "the last insert test was not undone";
else if (previous.fingerprint !== print) reuseReason = "migrations or seeding code changed";
const reuse = reuseReason === null;
if (!reuse) {
  log(`Building the data set (${reuseReason}) in ${path.relative(root, DB_FILE)}`);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(DB_FILE + suffix, { force: true });
}
mkdirSync(path.dirname(DB_FILE), { recursive: true });

// Only now may app code load: its config reads DATABASE_PATH once, and its db singleton opens and migrates it.
process.env.DATABASE_PATH = DB_FILE;
delete process.env.LITEFS_DIR;
const { db } = await import("~/db/client.server");
const {
  readTopPlayers,
  topEntryIds,
  readChallengeTop,
  challengeEntryIds,
  recordEntry,
  playerKeyOf,
  boardOf,
  boardKeysOf,
  BOARDS,
  PERIODS,
} = await import("~/models/leaderboard.server");
const { ADDRESS_PLACES, ADDRESS_DAY_ROWS } = await import("~/models/address-places.server");
const sqlite = db.$client;
sqlite.exec(`CREATE TABLE IF NOT EXISTS bench_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
const setMeta = (values: Meta) => {
  const put = sqlite.prepare(`INSERT OR REPLACE INTO bench_meta (key, value) VALUES (?, ?)`);
  sqlite.transaction(() => Object.entries(values).forEach(([k, v]) => put.run(k, v)))();
};
const count = (sql: string, ...params: unknown[]) => (sqlite.prepare(sql).get(...params) as { n: number }).n;

/** Cheap fingerprints of the seeded state, compared after the insert test is undone. */
function checksums() {
  return {
    maxEntryId: count(`SELECT coalesce(max(id), 0) AS n FROM daily_leaderboard_entries`),
    sequence: count(`SELECT coalesce(max(seq), 0) AS n FROM sqlite_sequence WHERE name = 'daily_leaderboard_entries'`),
    bests: count(`SELECT count(*) AS n FROM leaderboard_bests`),
    bestsIdSum: count(`SELECT total(entry_id) AS n FROM leaderboard_bests`),
    bestsScoreSum: count(`SELECT total(score * 1000 + accuracy) AS n FROM leaderboard_bests`),
    recent: count(`SELECT count(*) AS n FROM leaderboard_recent`),
    recentIdSum: count(`SELECT total(entry_id) AS n FROM leaderboard_recent`),
  };
}
type Checksums = ReturnType<typeof checksums>;

let seed: SeedResult;
if (reuse) {
  seed = JSON.parse(previous!.seed!) as SeedResult;
  log(`Reusing the data set seeded ${new Date(seed.anchor).toISOString()} (took ${seed.seconds} s to build)`);
} else {
  setMeta({ complete: "0", dirty: "0", fingerprint: print });
  const anchor = Date.now();
  log(`Seeding ${SHAPE.entries.toLocaleString("en-GB")} entries, anchor ${new Date(anchor).toISOString()}`);
  seed = seedLeaderboard(
    DB_FILE,
    { playerKeyOf, boardOf, boardKeysOf, addressPlaces: ADDRESS_PLACES, addressDayRows: ADDRESS_DAY_ROWS },
    SHAPE,
    anchor,
    log,
  );
  setMeta({ seed: JSON.stringify(seed), checksums: JSON.stringify(checksums()), complete: "1" });
  log(`Seeded in ${seed.seconds} s`);
}
const anchor = seed.anchor;
const seeded = JSON.parse(
  (sqlite.prepare(`SELECT value FROM bench_meta WHERE key = 'checksums'`).get() as { value: string }).value,
) as Checksums;
const nowSums = checksums();
if (JSON.stringify(nowSums) !== JSON.stringify(seeded)) {
  setMeta({ complete: "0" });
  throw new Error(
    `the data set is not as seeded (${JSON.stringify(nowSums)} vs ${JSON.stringify(seeded)}); run again to rebuild`,
  );
}

/* Board reads */

type Read = { name: string; calls: number; rows: number; p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };
const viewer = { kind: "anon", anonId: "x" } as const;
const ms = (ns: bigint) => Number(ns) / 1e6;
const round3 = (x: number) => round(x, 3);

function measure(name: string, read: () => unknown[]): Read {
  let rows = 0;
  for (let i = 0; i < WARM_UP_CALLS; i++) rows = read().length;
  const samples = new Float64Array(TIMED_CALLS);
  const deadline = process.hrtime.bigint() + BigInt(QUERY_BUDGET_MS) * 1_000_000n;
  let calls = 0;
  while (calls < TIMED_CALLS) {
    const start = process.hrtime.bigint();
    read();
    const end = process.hrtime.bigint();
    samples[calls++] = ms(end - start);
    if (end > deadline) break;
  }
  const sorted = samples.slice(0, calls).sort();
  const mean = sorted.reduce((a, b) => a + b, 0) / calls;
  return {
    name,
    calls,
    rows,
    p50Ms: round3(percentile(sorted, 0.5)),
    p99Ms: round3(percentile(sorted, 0.99)),
    maxMs: round3(sorted[calls - 1]!),
    meanMs: round3(mean),
  };
}

const CHALLENGES = ["even-steven", "speed-demon"];
const readSpecs: { name: string; expected: number; read: () => unknown[] }[] = [
  ...BOARDS.flatMap((board) =>
    PERIODS.map((period) => ({
      name: `${board} ${period} top 20`,
      expected: 20,
      read: () => readTopPlayers({ board, period, limit: 20, now: anchor, player: viewer }),
    })),
  ),
  // The time tabs (docs/decisions/0025-board-time-tabs.md): every board and period, each length.
  ...BOARDS.flatMap((board) =>
    PERIODS.flatMap((period) =>
      ([30, 60, 120, 300] as const).map((timeLimit) => ({
        name: `${board} ${period} ${timeLimit} s top 20`,
        expected: 20,
        read: () => readTopPlayers({ board, period, limit: 20, now: anchor, player: viewer, timeLimit }),
      })),
    ),
  ),
  {
    name: "daily panel (normal daily top 10)",
    expected: 10,
    read: () => readTopPlayers({ board: "normal", period: "daily", limit: 10, now: anchor, player: viewer }),
  },
  ...CHALLENGES.map((challengeId) => ({
    name: `challengeTop ${challengeId} top 10`,
    expected: 10,
    read: () => readChallengeTop({ challengeId, limit: 10, player: viewer }),
  })),
];

log(`\nTiming ${readSpecs.length} board reads (${WARM_UP_CALLS} warm-up + up to ${TIMED_CALLS} timed calls each)…`);
const reads = readSpecs.map((spec) => {
  const result = measure(spec.name, spec.read);
  log(`  ${spec.name}: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms`);
  return { ...result, expected: spec.expected };
});

/* Correctness: the app's boards against slow reference queries over the entries themselves */

type Ranked = { id: number; score: number; accuracy: number; createdAt: number };
// One row per player key (docs/product.md#one-entry-per-player): user id, else a real (trimmed, not "Anonymous") name, else the entry.
const KEYED = `
  SELECT id, score, accuracy, created_at AS createdAt, address_key AS addressKey,
         CASE WHEN coalesce(user_id, '') <> '' THEN 'u:' || user_id
              WHEN trim(coalesce(username, '')) NOT IN ('', 'Anonymous') THEN 'n:' || trim(username)
              ELSE 'e:' || id END AS playerKey
  FROM daily_leaderboard_entries`;

function referenceBoard(gameTypes: string[], from: number | null, limit: number): Ranked[] {
  // A player's best is the first of their entries in (score, accuracy, id) order: the upsert keeps the earliest on a tie.
  // The "+" keeps the reference off the indexes under test.
  const inList = gameTypes.map(() => "?").join(", ");
  const bestOrder =
    from === null ? "score DESC, accuracy DESC, id ASC" : "score DESC, accuracy DESC, createdAt ASC, id ASC";
  return sqlite
    .prepare(
      `WITH keyed AS (${KEYED} WHERE +game_type IN (${inList}) ${from === null ? "" : "AND +created_at >= ?"}),
       ranked AS (SELECT *, row_number() OVER (PARTITION BY playerKey ORDER BY ${bestOrder}) AS rn FROM keyed),
       placed AS (SELECT *, row_number() OVER (PARTITION BY coalesce(addressKey, -id)
                  ORDER BY score DESC, accuracy DESC, createdAt ASC, id ASC) AS place FROM ranked WHERE rn = 1)
       SELECT id, score, accuracy, createdAt FROM placed WHERE place <= ${ADDRESS_PLACES}
       ORDER BY score DESC, accuracy DESC, createdAt ASC, id ASC LIMIT ?`,
    )
    .all(...gameTypes, ...(from === null ? [] : [from]), limit) as Ranked[];
}

const tupleOf = sqlite.prepare(
  `SELECT id, score, accuracy, created_at AS createdAt FROM daily_leaderboard_entries WHERE id = ?`,
);

function compare(name: string, appIds: number[], ref: Ranked[]) {
  const refIds = ref.map((r) => r.id);
  const exact = appIds.length === refIds.length && appIds.every((id, i) => id === refIds[i]);
  let note = exact ? "identical entry ids in identical order" : "";
  if (!exact) {
    const tuple = (r: { score: number; accuracy: number; createdAt: number }) =>
      `${r.score}/${r.accuracy}/${r.createdAt}`;
    const app = appIds.map((id) => tupleOf.get(id) as Ranked);
    const sameRanking = app.length === ref.length && app.every((r, i) => tuple(r) === tuple(ref[i]!));
    note = sameRanking
      ? "same (score, accuracy, created_at) at every rank; only entries tied on all three are ordered differently"
      : `differ: app ${JSON.stringify(appIds)} vs reference ${JSON.stringify(refIds)}`;
  }
  log(`  ${name}: ${exact ? "match" : "MISMATCH"} (${note})`);
  return { name, match: exact, note };
}

log("\nChecking boards against reference queries…");
const checkStart = performance.now();
const correctness = [
  compare(
    "normal all-time top 20",
    topEntryIds({ board: "normal", period: "all-time", limit: 20, now: anchor }),
    referenceBoard(["normal", "standard"], null, 20),
  ),
  compare(
    "normal daily top 20",
    topEntryIds({ board: "normal", period: "daily", limit: 20, now: anchor }),
    referenceBoard(["normal", "standard"], anchor - 24 * 60 * 60 * 1000, 20),
  ),
  compare(
    "extreme all-time top 20",
    topEntryIds({ board: "extreme", period: "all-time", limit: 20, now: anchor }),
    referenceBoard(["extreme"], null, 20),
  ),
  ...CHALLENGES.map((challengeId) =>
    compare(
      `challengeTop ${challengeId} top 10`,
      challengeEntryIds(challengeId, 10),
      sqlite
        .prepare(
          `WITH placed AS (SELECT *, row_number() OVER (PARTITION BY coalesce(address_key, -id)
                           ORDER BY score DESC, created_at ASC, id ASC) AS place
                           FROM daily_leaderboard_entries WHERE +game_type = ?)
           SELECT id, score, accuracy, created_at AS createdAt FROM placed WHERE place <= ${ADDRESS_PLACES}
           ORDER BY score DESC, created_at ASC, id ASC LIMIT 10`,
        )
        .all(challengeId) as Ranked[],
    ),
  ),
];
log(`  (${((performance.now() - checkStart) / 1000).toFixed(1)} s)`);

/* Inserts: recordEntry, one finish = one transaction, with every index in place; undone afterwards */

log(`\nTiming ${INSERTS.toLocaleString("en-GB")} recordEntry calls, one transaction each…`);
const members = sqlite
  .prepare(`SELECT u.id AS userId, p.username FROM users u JOIN profiles p ON p.id = u.id`)
  .all() as {
  userId: string;
  username: string;
}[];
let state = 0x9e3779b9;
const random = () => {
  // xorshift32: reproducible picks without the global random source
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
};
const insertGameTypes = ["normal", "normal", "normal", "hard", "hard", "extreme", "even-steven"];
const newEntries = Array.from({ length: INSERTS }, (_, k) => {
  const member = random() < 0.7 ? members[Math.floor(random() * members.length)]! : null;
  const score = Math.max(0, Math.min(60, Math.round(30 + 14 * (random() + random() + random() - 1.5))));
  const totalQuestions = score + Math.floor(random() * 4) + (score === 0 ? 1 : 0);
  return {
    score,
    totalQuestions,
    accuracy: Math.round((score / totalQuestions) * 100),
    gameType: insertGameTypes[Math.floor(random() * insertGameTypes.length)]!,
    username: member?.username ?? null,
    userId: member?.userId ?? null,
    anonId: member ? null : randomBytes(16).toString("base64url"),
    // A visitor's address (its own: the places it keeps are its own rows, undone below), so every visitor's
    // insert pays for keeping its address's places.
    addressKey: member ? null : 20_000_000 + k,
    runId: randomBytes(16).toString("base64url"),
    createdAt: anchor + 1 + k * INSERT_SPACING_MS,
  };
});

// What the test can overwrite: the bests of the members it plays as, and the recent rows its prunes reach.
type BestRow = {
  board: string;
  player_key: string;
  entry_id: number;
  score: number;
  accuracy: number;
  created_at: number;
  address_key: number | null;
  cut: number;
};
const bestOf = sqlite.prepare(`SELECT * FROM leaderboard_bests WHERE board = ? AND player_key = ?`);
const savedBests = new Map<string, BestRow>();
for (const e of newEntries) {
  const board = boardOf(e.gameType);
  if (!board || !e.userId) continue;
  const row = bestOf.get(board, `u:${e.userId}`) as BestRow | undefined;
  if (row) savedBests.set(`${row.board} ${row.player_key}`, row);
}
const lastInsertAt = newEntries[newEntries.length - 1]!.createdAt;
const savedRecent = sqlite
  .prepare(`SELECT * FROM leaderboard_recent WHERE created_at < ?`)
  .all(lastInsertAt - RECENT_KEEP_MS);

setMeta({ dirty: "1" });
const insertSamples = new Float64Array(INSERTS);
const insertStart = process.hrtime.bigint();
for (let k = 0; k < INSERTS; k++) {
  const start = process.hrtime.bigint();
  db.transaction(() => recordEntry(newEntries[k]!));
  insertSamples[k] = ms(process.hrtime.bigint() - start);
}
const insertSeconds = ms(process.hrtime.bigint() - insertStart) / 1000;
const sortedInserts = insertSamples.slice().sort();
const inserts = {
  calls: INSERTS,
  seconds: Math.round(insertSeconds * 100) / 100,
  perSecond: Math.round(INSERTS / insertSeconds),
  p50Ms: round3(percentile(sortedInserts, 0.5)),
  p99Ms: round3(percentile(sortedInserts, 0.99)),
  maxMs: round3(sortedInserts[INSERTS - 1]!),
  bestsKept: savedBests.size,
  recentRowsPruned:
    savedRecent.length -
    count(`SELECT count(*) AS n FROM leaderboard_recent WHERE created_at < ?`, lastInsertAt - RECENT_KEEP_MS),
};
log(
  `  ${inserts.perSecond.toLocaleString("en-GB")} inserts/s (p50 ${inserts.p50Ms} ms, p99 ${inserts.p99Ms} ms, max ${inserts.maxMs} ms)`,
);

// Undo: foreign keys off so the deletes need no per-row scan of leaderboard_bests for cascades (see the report).
sqlite.pragma("foreign_keys = OFF");
sqlite.transaction(() => {
  const maxId = seeded.maxEntryId;
  sqlite.prepare(`DELETE FROM leaderboard_bests WHERE entry_id > ?`).run(maxId);
  sqlite.prepare(`DELETE FROM leaderboard_recent WHERE entry_id > ?`).run(maxId);
  sqlite.prepare(`DELETE FROM daily_leaderboard_entries WHERE id > ?`).run(maxId);
  const putBest = sqlite.prepare(
    `INSERT OR REPLACE INTO leaderboard_bests (board, player_key, entry_id, score, accuracy, created_at, address_key, cut)
     VALUES (@board, @player_key, @entry_id, @score, @accuracy, @created_at, @address_key, @cut)`,
  );
  for (const row of savedBests.values()) putBest.run(row);
  const putRecent = sqlite.prepare(
    `INSERT OR IGNORE INTO leaderboard_recent (entry_id, board, player_key, score, accuracy, created_at, address_key)
     VALUES (@entry_id, @board, @player_key, @score, @accuracy, @created_at, @address_key)`,
  );
  for (const row of savedRecent) putRecent.run(row);
  sqlite.prepare(`UPDATE sqlite_sequence SET seq = ? WHERE name = 'daily_leaderboard_entries'`).run(maxId);
})();
sqlite.pragma("foreign_keys = ON");
const restored = checksums();
const undone = JSON.stringify(restored) === JSON.stringify(seeded);
setMeta(undone ? { dirty: "0" } : { complete: "0" });
log(
  undone
    ? "  insert test undone; data set as seeded"
    : "  could not undo the insert test exactly: the next run rebuilds the data set",
);
sqlite.pragma("wal_checkpoint(TRUNCATE)");

/* Report */

const rowCounts = {
  entries: count(`SELECT count(*) AS n FROM daily_leaderboard_entries`),
  entriesLast24h: count(
    `SELECT count(*) AS n FROM daily_leaderboard_entries WHERE created_at >= ?`,
    anchor - 24 * 60 * 60 * 1000,
  ),
  users: count(`SELECT count(*) AS n FROM users`),
  leaderboardBests: Object.fromEntries(
    BOARDS.map((board) => [board, count(`SELECT count(*) AS n FROM leaderboard_bests WHERE board = ?`, board)]),
  ),
  leaderboardRecent: restored.recent,
};
const fileBytes = statSync(DB_FILE).size;

/**
 * How many recent rows the daily top-20 walk reads before it has 20 players on the board (the collapse's work):
 * one row per player, at most ADDRESS_PLACES players an address (the flood's other rows read past).
 */
function dailyWalkRows(board: string): number {
  const rows = sqlite
    .prepare(
      `SELECT player_key AS playerKey, address_key AS addressKey FROM leaderboard_recent WHERE board = ? AND created_at >= ?
       ORDER BY score DESC, accuracy DESC, created_at ASC`,
    )
    .iterate(board, anchor - 24 * 60 * 60 * 1000) as Iterable<{ playerKey: string; addressKey: number | null }>;
  const seen = new Set<string>();
  const taken = new Map<number, number>();
  let walked = 0;
  let placed = 0;
  for (const row of rows) {
    walked++;
    if (seen.has(row.playerKey)) continue;
    seen.add(row.playerKey);
    if (row.addressKey !== null) {
      taken.set(row.addressKey, (taken.get(row.addressKey) ?? 0) + 1);
      if (taken.get(row.addressKey)! > ADDRESS_PLACES) continue;
    }
    if (++placed === 20) break;
  }
  return walked;
}
const collapse = {
  dailyWalkRows: Object.fromEntries([...BOARDS, "normal:60"].map((board) => [board, dailyWalkRows(board)])),
  // The flood (bench/lib/leaderboard-seed.ts): its rows kept on the day's boards and its bests and entries kept off
  // the all-time and challenge boards, as keeping an address's places left them.
  flood: {
    dayRowsKept: count(`SELECT count(*) AS n FROM leaderboard_recent WHERE address_key = ?`, FLOOD_ADDRESS),
    bests: count(`SELECT count(*) AS n FROM leaderboard_bests WHERE address_key = ?`, FLOOD_ADDRESS),
    bestsPlaced: count(`SELECT count(*) AS n FROM leaderboard_bests WHERE address_key = ? AND cut = 0`, FLOOD_ADDRESS),
    challengeEntries: count(
      `SELECT count(*) AS n FROM daily_leaderboard_entries WHERE game_type = ? AND address_key = ?`,
      FLOOD_CHALLENGE,
      FLOOD_ADDRESS,
    ),
    challengeEntriesPlaced: count(
      `SELECT count(*) AS n FROM daily_leaderboard_entries WHERE game_type = ? AND address_key = ? AND board_cut = 0`,
      FLOOD_CHALLENGE,
      FLOOD_ADDRESS,
    ),
  },
  // challengeTop sorts the entries tied on the top score by time (its ORDER BY skips the index's accuracy column).
  challengeTopScoreTies: Object.fromEntries(
    CHALLENGES.map((id) => [
      id,
      count(
        `SELECT count(*) AS n FROM daily_leaderboard_entries WHERE game_type = ?
         AND score = (SELECT max(score) FROM daily_leaderboard_entries WHERE game_type = ?)`,
        id,
        id,
      ),
    ]),
  ),
};
const failures = reads
  .filter((r) => r.p99Ms > LIMIT_MS || r.rows !== r.expected)
  .map((r) =>
    r.p99Ms > LIMIT_MS
      ? `${r.name}: p99 ${r.p99Ms} ms is over the ${LIMIT_MS} ms limit`
      : `${r.name}: returned ${r.rows} rows, expected ${r.expected}`,
  );

const report = {
  ...machine(),
  sqlite: (sqlite.prepare(`SELECT sqlite_version() AS v`).get() as { v: string }).v,
  loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
  limitMs: LIMIT_MS,
  pass: failures.length === 0,
  failures,
  dataSet: {
    shape: SHAPE,
    anchor: new Date(anchor).toISOString(),
    reused: reuse,
    seedSeconds: seed.seconds,
    seedPhases: seed.phases,
    gameTypes: seed.gameTypes,
    rowCounts,
    collapse,
    dbFileBytes: fileBytes,
    dbFileMiB: Math.round(fileBytes / 2 ** 20),
  },
  reads: reads.map(({ expected: _expected, ...r }) => r),
  inserts,
  correctness,
};

console.log(
  `\nLeaderboard at 10 million entries — Node ${report.node}, SQLite ${report.sqlite}, ${report.cpu} (${report.cores} cores)`,
);
console.table(
  Object.fromEntries(
    reads.map((r) => [
      r.name,
      { "p50 ms": r.p50Ms, "p99 ms": r.p99Ms, "max ms": r.maxMs, calls: r.calls, rows: r.rows },
    ]),
  ),
);
console.table({
  "recordEntry, 1 per transaction": {
    "per second": inserts.perSecond.toLocaleString("en-GB"),
    "p50 ms": inserts.p50Ms,
    "p99 ms": inserts.p99Ms,
    "max ms": inserts.maxMs,
  },
});
console.log(
  `Data set: ${rowCounts.entries.toLocaleString("en-GB")} entries (${rowCounts.entriesLast24h.toLocaleString("en-GB")} in the last 24 h), ` +
    `${(rowCounts.leaderboardBests.normal + rowCounts.leaderboardBests.hard + rowCounts.leaderboardBests.extreme).toLocaleString("en-GB")} bests, ` +
    `${rowCounts.leaderboardRecent.toLocaleString("en-GB")} recent rows, file ${report.dataSet.dbFileMiB.toLocaleString("en-GB")} MiB, ` +
    `seeded in ${seed.seconds} s${reuse ? " (reused)" : ""}`,
);
console.log(
  `Daily walk rows for top 20: ${JSON.stringify(collapse.dailyWalkRows)}; challenge entries tied on the top score: ${JSON.stringify(collapse.challengeTopScoreTies)}; ` +
    `load average ${report.loadAverage.atStart.join("/")} → ${report.loadAverage.atEnd.join("/")} on ${report.cores} cores`,
);
console.log(
  `Correctness: ${correctness.every((c) => c.match) ? "all boards match the reference queries" : "see above"}`,
);

if (SCALE === 1) {
  writeResults("leaderboard", report);
} else {
  console.log(`Scale ${SCALE}: smoke run, no results file written`);
}

if (failures.length > 0) {
  console.error(`\nFAIL: ${failures.join("; ")}`);
  process.exit(1);
}
console.log(`PASS: every board read has p99 ≤ ${LIMIT_MS} ms`);
