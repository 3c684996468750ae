// Server-side rendering cost of the real production server: `node build/server.js` (Express + compression +
// the Remix build) on a freshly seeded throwaway database, driven over loopback with Node's fetch.
// A class facts page of 30 pupils (a teacher's session, seeded by lib/class-facts-seed.ts): its own work, its CPU
// above /about's (docs/speed-shortcuts.md#a-bare-pages-cost), must be at most half a board page's CPU in the same run
// (docs/decisions/0068-class-page-goal.md), judged on the median of 8 rounds in which the three pages take turns
// (400 requests each); the run fails otherwise. The goal as first worded (the whole page at most half a board page,
// which no page with the site's frame can meet) is reported beside it, from the pages' slices.
// After a 10 s server-wide warm-up, per page: 50 requests of warm-up, then a closed loop at concurrency 8 for
// 3 s (three 1 s slices, the pages taking turns), every response checked for 200; reports requests/s, p50/p99/max latency (to the last byte), the uncompressed size and the
// server's own CPU time per request (from /proc, so the load generator's share is left out). Then one
// request at a time for / and /game. About a minute in all. Fails if the server does not start or more
// than 1% of a page's responses are not 200. Run: npx tsx bench/pages.bench.ts
//
// `npm run bench -- pages --sticker-book` measures only the sticker book against its heat map (the same warm-up and
// paired rounds, 16 of them), for working on the book's cost; it writes no figures.
//
// The client runs on the same machine as the server (the throughput is what is left of the cores
// after the load generator); the figures are for comparing pages and commits, not capacity planning.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { loadAverage, machine, percentile, round, writeResults } from "./lib/report";
import { HOST, ServerProcess, ensureBuild, freePort, root, benchServerEnv, seedDemo, SERVER_ENTRY } from "./lib/server";

const PREFERRED_PORT = 3390;
const CONCURRENCY = 8;
const WARM_UP_REQUESTS = 50;
/** Before any page is timed: every page in turn until this long has passed. V8 keeps optimising the shared
 * render path for several seconds; with a 2 s warm-up the first page timed came out ~40% slower than the same
 * page timed last, and the server CPU per request still fell page after page. */
const SERVER_WARM_UP_MS = 10_000;
const LOAD_MS = 3_000;
/** Each page's timed load is taken in this many slices, the pages in turn, so drift and bursts of other
 * work on the machine fall on every page alike rather than on whichever page was running. */
const ROUNDS = 3;
const SEQUENTIAL_REQUESTS = 200;
const START_TIMEOUT_MS = 20_000;
const MAX_ERROR_RATE = 0.01;
// A browser's user agent: browsers get the streamed render (bots wait for the whole document).
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const PAGES = [
  "/",
  "/game",
  "/leaderboard?period=daily&board=normal",
  "/leaderboard?period=all-time&board=hard",
  "/daily-challenge",
  "/two-player",
  "/about",
  "/healthcheck",
  "/leaderboard.data?period=daily&board=normal",
];
const SEQUENTIAL_PAGES = ["/", "/game"];
/** The class facts page's name in the figures (its real address carries the seeded class's id). */
const CLASS_FACTS_PAGE = "/teacher-dashboard/facts (30 pupils)";
/** The board page the class facts page is measured against, and the share of its CPU the class page's own work may
 * cost (docs/decisions/0068-class-page-goal.md). The same share of the whole page is the goal as first worded: reported,
 * not failed. */
const BOARD_PAGE = "/leaderboard?period=daily&board=normal";
const CLASS_FACTS_MAX_SHARE = 0.5;
/** The goal's own measurement: the class page, /about and the board taking turns, this many requests each a round
 * (the order reversed every other round), the goal judged on the median round. A one-second slice holds too few of a
 * page's requests on a busy machine: the difference of two pages' slices varied by a third from run to run. */
const GOAL_ROUNDS = 8;
const GOAL_REQUESTS = 400;
/** A bare page of the site: what every page costs before its own work (docs/speed-shortcuts.md#a-bare-pages-cost). */
const BARE_PAGE = "/about";
/** The sticker book and the heat map it mirrors (docs/product.md#sticker-book), for a visitor with a practised grid:
 * the book must cost no more server CPU than the map, judged as the class page's goal is, on paired rounds. */
const HEAT_MAP_PAGE = "/facts?op=times (a practised grid)";
const STICKER_PAGE = "/facts/stickers?op=times (its stickers)";
/** A page's real address and the cookie it is asked with, when it is not its name. */
const PAGE_REQUESTS = new Map<string, { path: string; cookie: string }>();
/** Only the sticker book and its heat map, in twice the rounds, writing nothing (see the top of this file). */
const STICKER_BOOK_ONLY = process.argv.includes("--sticker-book");

const benchDir = path.dirname(fileURLToPath(import.meta.url));
process.chdir(root);
const DATA_DIR = path.join(benchDir, ".data", "pages");
const DB_FILE = path.join(DATA_DIR, "app.db");
const round2 = (x: number) => round(x, 2);
const loadAtStart = loadAverage();
const log = (line: string) => console.log(line);

/* The server */

let server = null as ServerProcess | null; // (not narrowed to null where main() has set it)
const stopServer = () => server?.stop() ?? Promise.resolve();
/** The server's resident memory in MiB (`VmRSS` now, `VmHWM` its peak), or null off Linux. */
function serverMemoryMiB(field: "VmRSS" | "VmHWM"): number | null {
  const kib = server?.memoryKiB(field) ?? null;
  return kib === null ? null : Math.round(kib / 1024);
}
/** The server process's user + system CPU time in ms, all threads, or null off Linux. */
const serverCpuMs = (): number | null => server?.cpuMs() ?? null;

/* Load */

type Hit = { status: number; bytes: number; ms: number };

async function hit(url: string, cookie?: string): Promise<Hit> {
  const start = performance.now();
  try {
    // identity: the size and the cost are of the page itself, not of gzip (compression() is still in the path).
    const res = await fetch(url, {
      headers: { "accept-encoding": "identity", "user-agent": USER_AGENT, ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });
    const body = await res.arrayBuffer();
    return { status: res.status, bytes: body.byteLength, ms: performance.now() - start };
  } catch {
    return { status: 0, bytes: 0, ms: performance.now() - start };
  }
}

type Run = {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  latencies: Float64Array;
  minBytes: number;
  maxBytes: number;
  serverCpuMs: number | null;
  clientCpuMs: number;
};

/**
 * `concurrency` workers, each sending its next request when its last one is read, until `count` requests
 * have been sent or `durationMs` has passed (requests in flight then are finished and counted).
 */
async function closedLoop(
  url: string,
  concurrency: number,
  until: { count: number } | { durationMs: number },
  cookie?: string,
): Promise<Run> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let sent = 0;
  let minBytes = Infinity;
  let maxBytes = 0;
  const cpuBefore = serverCpuMs();
  const clientBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = "durationMs" in until ? start + until.durationMs : Infinity;
  const count = "count" in until ? until.count : Infinity;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < count && performance.now() < deadline) {
        sent++;
        const h = await hit(url, cookie);
        latencies.push(h.ms);
        statuses[h.status] = (statuses[h.status] ?? 0) + 1;
        if (h.status === 200) {
          minBytes = Math.min(minBytes, h.bytes);
          maxBytes = Math.max(maxBytes, h.bytes);
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpuAfter = serverCpuMs();
  const client = process.cpuUsage(clientBefore);
  return {
    requests: latencies.length,
    errors: latencies.length - (statuses["200"] ?? 0),
    statuses,
    seconds,
    latencies: Float64Array.from(latencies).sort(),
    minBytes: minBytes === Infinity ? 0 : minBytes,
    maxBytes,
    serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    clientCpuMs: (client.user + client.system) / 1000,
  };
}

/* The run */

type PageFigures = {
  path: string;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  bytes: number;
  bytesVary: boolean;
  serverCpuMsPerRequest: number | null;
  clientCpuMsPerRequest: number;
  errors: number;
  warmUpErrors: number;
  statuses: Record<string, number>;
};
type SequentialFigures = {
  path: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
};

async function main(): Promise<number> {
  const builtNow = ensureBuild(log) !== null;
  const port = await freePort(PREFERRED_PORT);
  const base = `http://${HOST}:${port}`;
  const env = benchServerEnv({ port, databasePath: DB_FILE, name: "pages" });

  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const dataSet = seedDemo(env);
  log(`Seeded ${path.relative(root, DB_FILE)}: ${dataSet}`);
  const classSeed = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/class-facts-seed.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  if (classSeed.status !== 0) throw new Error(`class facts seed failed: ${classSeed.stderr || classSeed.stdout}`);
  PAGE_REQUESTS.set(CLASS_FACTS_PAGE, JSON.parse(classSeed.stdout.trim().split("\n").pop()!) as never);
  const stickerSeed = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/sticker-book-seed.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  if (stickerSeed.status !== 0) throw new Error(`sticker seed failed: ${stickerSeed.stderr || stickerSeed.stdout}`);
  const { cookie: visitorCookie } = JSON.parse(stickerSeed.stdout.trim().split("\n").pop()!) as { cookie: string };
  PAGE_REQUESTS.set(HEAT_MAP_PAGE, { path: "/facts?op=times", cookie: visitorCookie });
  PAGE_REQUESTS.set(STICKER_PAGE, { path: "/facts/stickers?op=times", cookie: visitorCookie });
  const pageList = STICKER_BOOK_ONLY
    ? [HEAT_MAP_PAGE, STICKER_PAGE]
    : [...PAGES, CLASS_FACTS_PAGE, HEAT_MAP_PAGE, STICKER_PAGE];
  const target = (page: string) => {
    const request = PAGE_REQUESTS.get(page);
    return { url: base + (request?.path ?? page), cookie: request?.cookie };
  };

  server = new ServerProcess(process.execPath, [SERVER_ENTRY], { env });
  const startMs = await server.waitForHealth(`${base}/healthcheck`, START_TIMEOUT_MS);
  const idleRssMiB = serverMemoryMiB("VmRSS");
  log(`Server (pid ${server.pid}) answered /healthcheck on ${base} after ${startMs} ms (RSS ${idleRssMiB ?? "?"} MiB)`);

  const warmUpStart = performance.now();
  let warmUpErrors = 0;
  while (performance.now() - warmUpStart < SERVER_WARM_UP_MS) {
    for (const page of pageList) {
      const { url, cookie } = target(page);
      warmUpErrors += (await closedLoop(url, CONCURRENCY, { count: CONCURRENCY * 2 }, cookie)).errors;
    }
  }
  if (warmUpErrors > 0) log(`  server warm-up: ${warmUpErrors} non-200 responses`);
  if (STICKER_BOOK_ONLY) return await stickerBookOnly(target);

  const slices = new Map<string, Run[]>(pageList.map((page) => [page, []]));
  const pageWarmUpErrors = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pageList) {
      const { url, cookie } = target(page);
      if (round === 0)
        pageWarmUpErrors.set(page, (await closedLoop(url, CONCURRENCY, { count: WARM_UP_REQUESTS }, cookie)).errors);
      slices.get(page)!.push(await closedLoop(url, CONCURRENCY, { durationMs: LOAD_MS / ROUNDS }, cookie));
    }
  }
  const pages: PageFigures[] = [];
  for (const page of pageList) {
    const p = figuresOf(page, merge(slices.get(page)!), pageWarmUpErrors.get(page)!);
    pages.push(p);
    log(
      `  ${page}: ${p.requestsPerSecond} req/s, p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms, ${p.bytes} B` +
        (p.errors + p.warmUpErrors > 0 ? `, ${p.errors + p.warmUpErrors} errors ${JSON.stringify(p.statuses)}` : ""),
    );
  }

  // The goal (docs/decisions/0068-class-page-goal.md), in rounds of its own: each round's class page, /about and board
  // follow one another, so a round's three figures see the same machine.
  const goalRounds: { classMs: number; bareMs: number; boardMs: number }[] = [];
  for (let round = 0; round < GOAL_ROUNDS; round++) {
    const order = [CLASS_FACTS_PAGE, BARE_PAGE, BOARD_PAGE];
    if (round % 2 === 1) order.reverse();
    const ms = new Map<string, number>();
    for (const page of order) {
      const { url, cookie } = target(page);
      const run = await closedLoop(url, CONCURRENCY, { count: GOAL_REQUESTS }, cookie);
      if (run.errors > 0) throw new Error(`${page}: ${run.errors} non-200 responses while measuring the goal`);
      if (run.serverCpuMs !== null) ms.set(page, run.serverCpuMs / run.requests);
    }
    if (ms.size === 3)
      goalRounds.push({ classMs: ms.get(CLASS_FACTS_PAGE)!, bareMs: ms.get(BARE_PAGE)!, boardMs: ms.get(BOARD_PAGE)! });
  }

  const stickerRounds = await stickerBookRounds(target, GOAL_ROUNDS);

  const sequential: SequentialFigures[] = [];
  for (const page of SEQUENTIAL_PAGES) {
    const run = await closedLoop(base + page, 1, { count: SEQUENTIAL_REQUESTS });
    const s = run.latencies;
    sequential.push({
      path: page,
      requests: run.requests,
      p50Ms: round2(percentile(s, 0.5)),
      p99Ms: round2(percentile(s, 0.99)),
      maxMs: round2(s[s.length - 1] ?? NaN),
      meanMs: round2(s.reduce((a, b) => a + b, 0) / s.length),
    });
    if (run.errors > 0) pages.push(figuresOf(`${page} (sequential)`, run, 0));
  }
  const memory = { idleRssMiB, finalRssMiB: serverMemoryMiB("VmRSS"), peakRssMiB: serverMemoryMiB("VmHWM") };
  await stopServer();

  const failures: string[] = pages
    .filter((p) => (p.errors + p.warmUpErrors) / (p.requests + WARM_UP_REQUESTS) > MAX_ERROR_RATE)
    .map((p) => `${p.path}: ${p.errors + p.warmUpErrors} non-200 responses ${JSON.stringify(p.statuses)}`);
  const timedPages = pages.filter((p) => !p.path.endsWith("(sequential)"));
  const cpuOf = (name: string) => timedPages.find((p) => p.path === name)?.serverCpuMsPerRequest ?? null;
  const classCpu = cpuOf(CLASS_FACTS_PAGE);
  const boardCpu = cpuOf(BOARD_PAGE);
  const bareCpu = cpuOf(BARE_PAGE);
  // Each page's own work: its CPU above the bare page's, which every page pays first.
  const above = (cpu: number | null) => (cpu === null || bareCpu === null ? null : round2(cpu - bareCpu));
  const classOwn = above(classCpu);
  const boardOwn = above(boardCpu);
  const classFacts = {
    page: CLASS_FACTS_PAGE,
    board: BOARD_PAGE,
    classCpuMsPerRequest: classCpu,
    boardCpuMsPerRequest: boardCpu,
    share: classCpu !== null && boardCpu ? round2(classCpu / boardCpu) : null,
    maxShare: CLASS_FACTS_MAX_SHARE,
    bare: BARE_PAGE,
    bareCpuMsPerRequest: bareCpu,
    classOwnCpuMsPerRequest: classOwn,
    boardOwnCpuMsPerRequest: boardOwn,
    ownShare: classOwn !== null && boardOwn ? round2(classOwn / boardOwn) : null,
  };
  // The goal, on the median of the paired rounds: the class page's own work (above /about's) over the board's CPU.
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
  const ownShares = goalRounds.map((r) => (r.classMs - r.bareMs) / r.boardMs);
  const goal =
    goalRounds.length === 0
      ? null
      : {
          rounds: goalRounds.length,
          requestsPerPage: GOAL_REQUESTS,
          classCpuMsPerRequest: round2(median(goalRounds.map((r) => r.classMs))),
          bareCpuMsPerRequest: round2(median(goalRounds.map((r) => r.bareMs))),
          boardCpuMsPerRequest: round2(median(goalRounds.map((r) => r.boardMs))),
          classOwnCpuMsPerRequest: round2(median(goalRounds.map((r) => r.classMs - r.bareMs))),
          ownShareOfBoard: round2(median(ownShares)),
          ownShareOfBoardSpread: [round2(Math.min(...ownShares)), round2(Math.max(...ownShares))],
          maxOwnShareOfBoard: CLASS_FACTS_MAX_SHARE,
          met: median(ownShares) <= CLASS_FACTS_MAX_SHARE,
        };
  const classFactsReport = { ...classFacts, goal };
  const bookRatios = stickerRounds.map((r) => r.bookMs / r.mapMs);
  const stickerBook =
    stickerRounds.length === 0
      ? null
      : {
          page: STICKER_PAGE,
          mirrors: HEAT_MAP_PAGE,
          rounds: stickerRounds.length,
          requestsPerPage: GOAL_REQUESTS,
          bookCpuMsPerRequest: round2(median(stickerRounds.map((r) => r.bookMs))),
          mapCpuMsPerRequest: round2(median(stickerRounds.map((r) => r.mapMs))),
          bookOverMap: round2(median(bookRatios)),
          bookOverMapSpread: [round2(Math.min(...bookRatios)), round2(Math.max(...bookRatios))],
          maxBookOverMap: 1,
          met: median(bookRatios) <= 1,
        };
  if (stickerBook === null) failures.push(`${STICKER_PAGE}: not measured (no server CPU figures)`);
  else if (!stickerBook.met)
    failures.push(
      `${STICKER_PAGE}: ${stickerBook.bookCpuMsPerRequest} ms a request, ${stickerBook.bookOverMap} of the heat map's ` +
        `${stickerBook.mapCpuMsPerRequest} ms (at most 1; median of ${stickerBook.rounds} rounds)`,
    );
  if (goal === null) failures.push(`${CLASS_FACTS_PAGE}: the goal was not measured (no server CPU figures)`);
  else if (!goal.met)
    failures.push(
      `${CLASS_FACTS_PAGE}: its own work ${goal.classOwnCpuMsPerRequest} ms a request (${goal.classCpuMsPerRequest} ms, ` +
        `less ${BARE_PAGE}'s ${goal.bareCpuMsPerRequest} ms) is ${goal.ownShareOfBoard} of the board's ` +
        `${goal.boardCpuMsPerRequest} ms (at most ${CLASS_FACTS_MAX_SHARE}; median of ${goal.rounds} rounds)`,
    );

  const report = {
    ...machine(),
    loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
    settings: {
      concurrency: CONCURRENCY,
      serverWarmUpMs: SERVER_WARM_UP_MS,
      warmUpRequests: WARM_UP_REQUESTS,
      loadMs: LOAD_MS,
      rounds: ROUNDS,
      sequentialRequests: SEQUENTIAL_REQUESTS,
      acceptEncoding: "identity",
      userAgent: USER_AGENT,
      client: "global fetch (undici), same machine, loopback",
    },
    server: { port, startMs, builtNow, ...memory, warmUpErrors, dataSet },
    pass: failures.length === 0,
    failures,
    classFacts: classFactsReport,
    stickerBook,
    pages: timedPages,
    sequential,
  };

  console.log(
    `\nPages through the production server — Node ${report.node}, ${report.cpu} (${report.cores} cores), concurrency ${CONCURRENCY}, ~${LOAD_MS / 1000} s each`,
  );
  console.table(
    Object.fromEntries(
      timedPages.map((p) => [
        p.path,
        {
          "req/s": p.requestsPerSecond,
          "p50 ms": p.p50Ms,
          "p99 ms": p.p99Ms,
          "max ms": p.maxMs,
          bytes: p.bytesVary ? `${p.bytes}~` : p.bytes,
          "server CPU ms/req": p.serverCpuMsPerRequest ?? "-",
          requests: p.requests,
          errors: p.errors + p.warmUpErrors,
        },
      ]),
    ),
  );
  console.log(`One request at a time (${SEQUENTIAL_REQUESTS} each)`);
  console.table(
    Object.fromEntries(
      sequential.map((s) => [s.path, { "p50 ms": s.p50Ms, "p99 ms": s.p99Ms, "max ms": s.maxMs, "mean ms": s.meanMs }]),
    ),
  );
  console.log(
    `Server started in ${startMs} ms; RSS ${memory.idleRssMiB ?? "?"} MiB idle, ${memory.peakRssMiB ?? "?"} MiB peak; load average ` +
      `${report.loadAverage.atStart.join("/")} → ${report.loadAverage.atEnd.join("/")} on ${report.cores} cores` +
      (timedPages.some((p) => p.bytesVary) ? "; ~ = size varies between responses (smallest shown)" : ""),
  );

  log(
    goal === null
      ? "Class facts page: the goal was not measured"
      : `Class facts page (median of ${goal.rounds} rounds of ${GOAL_REQUESTS} requests a page): ${goal.classCpuMsPerRequest} ms ` +
          `server CPU a request; above ${BARE_PAGE} (${goal.bareCpuMsPerRequest} ms) its own work ${goal.classOwnCpuMsPerRequest} ms, ` +
          `${goal.ownShareOfBoard} of the daily board's ${goal.boardCpuMsPerRequest} ms (rounds ${goal.ownShareOfBoardSpread.join(" to ")}; ` +
          `goal: at most ${CLASS_FACTS_MAX_SHARE}, ${goal.met ? "met" : "missed"})`,
  );
  log(
    `From the pages' slices: the class page ${classCpu ?? "?"} ms, ${classFacts.share ?? "?"} of the board's ${boardCpu ?? "?"} ms ` +
      `as first worded (${CLASS_FACTS_MAX_SHARE} cannot be met while ${BARE_PAGE} alone is ` +
      `${bareCpu !== null && boardCpu ? round2(bareCpu / boardCpu) : "?"} of it); own work: the class page's ${classOwn ?? "?"} ms, ` +
      `the board's ${boardOwn ?? "?"} ms`,
  );
  log(
    stickerBook === null
      ? "Sticker book: not measured"
      : `Sticker book (median of ${stickerBook.rounds} rounds of ${GOAL_REQUESTS} requests a page): ${stickerBook.bookCpuMsPerRequest} ms ` +
          `server CPU a request, ${stickerBook.bookOverMap} of the heat map's ${stickerBook.mapCpuMsPerRequest} ms ` +
          `(rounds ${stickerBook.bookOverMapSpread.join(" to ")}; goal: at most 1, ${stickerBook.met ? "met" : "missed"})`,
  );
  writeResults("pages", report);

  if (failures.length > 0) {
    console.error(`\nFAIL: ${failures.join("; ")}`);
    return 1;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log(`PASS: every page answered 200 (at most ${MAX_ERROR_RATE * 100}% otherwise)`);
  return 0;
}

type Target = (page: string) => { url: string; cookie?: string };

/** The sticker book against its heat map, in rounds of their own as the class page's goal is, the order swapped each round. */
async function stickerBookRounds(target: Target, rounds: number): Promise<{ mapMs: number; bookMs: number }[]> {
  const stickerRounds: { mapMs: number; bookMs: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [HEAT_MAP_PAGE, STICKER_PAGE] : [STICKER_PAGE, HEAT_MAP_PAGE];
    const ms = new Map<string, number>();
    for (const page of order) {
      const { url, cookie } = target(page);
      const run = await closedLoop(url, CONCURRENCY, { count: GOAL_REQUESTS }, cookie);
      if (run.errors > 0) throw new Error(`${page}: ${run.errors} non-200 responses while measuring the book`);
      if (run.serverCpuMs !== null) ms.set(page, run.serverCpuMs / run.requests);
    }
    if (ms.size === 2) stickerRounds.push({ mapMs: ms.get(HEAT_MAP_PAGE)!, bookMs: ms.get(STICKER_PAGE)! });
  }
  return stickerRounds;
}

/** `--sticker-book`: the pair alone, in twice the goal's rounds; each round's figures and the median, nothing written. */
async function stickerBookOnly(target: Target): Promise<number> {
  const rounds = await stickerBookRounds(target, GOAL_ROUNDS * 2);
  await stopServer();
  const ratios = rounds.map((r) => r.bookMs / r.mapMs);
  for (const [i, r] of rounds.entries())
    log(`  round ${i + 1}: book ${round2(r.bookMs)} ms, map ${round2(r.mapMs)} ms, ${round2(ratios[i]!)}`);
  const middle = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
  log(
    `Sticker book (median of ${rounds.length} rounds of ${GOAL_REQUESTS} requests a page): ` +
      `${round2(middle(rounds.map((r) => r.bookMs)))} ms server CPU a request, ${round2(middle(ratios))} of the heat ` +
      `map's ${round2(middle(rounds.map((r) => r.mapMs)))} ms (rounds ${round2(Math.min(...ratios))} to ` +
      `${round2(Math.max(...ratios))}; load average ${loadAverage().join("/")})`,
  );
  return 0;
}

function merge(runs: Run[]): Run {
  const statuses: Record<string, number> = {};
  for (const run of runs)
    for (const [status, n] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  const sum = (f: (run: Run) => number) => runs.reduce((total, run) => total + f(run), 0);
  const latencies = new Float64Array(sum((run) => run.latencies.length));
  let at = 0;
  for (const run of runs) {
    latencies.set(run.latencies, at);
    at += run.latencies.length;
  }
  const withBody = runs.filter((run) => run.maxBytes > 0);
  return {
    requests: sum((run) => run.requests),
    errors: sum((run) => run.errors),
    statuses,
    seconds: sum((run) => run.seconds),
    latencies: latencies.sort(),
    minBytes: withBody.length ? Math.min(...withBody.map((run) => run.minBytes)) : 0,
    maxBytes: Math.max(0, ...runs.map((run) => run.maxBytes)),
    serverCpuMs: runs.some((run) => run.serverCpuMs === null) ? null : sum((run) => run.serverCpuMs!),
    clientCpuMs: sum((run) => run.clientCpuMs),
  };
}

function figuresOf(page: string, run: Run, warmUpErrors: number): PageFigures {
  const s = run.latencies;
  return {
    path: page,
    requests: run.requests,
    seconds: round2(run.seconds),
    requestsPerSecond: Math.round(run.requests / run.seconds),
    p50Ms: round2(percentile(s, 0.5)),
    p99Ms: round2(percentile(s, 0.99)),
    maxMs: round2(s[s.length - 1] ?? NaN),
    meanMs: round2(s.reduce((a, b) => a + b, 0) / s.length),
    bytes: run.minBytes,
    bytesVary: run.minBytes !== run.maxBytes,
    serverCpuMsPerRequest: run.serverCpuMs === null ? null : round2(run.serverCpuMs / run.requests),
    clientCpuMsPerRequest: round2(run.clientCpuMs / run.requests),
    errors: run.errors,
    warmUpErrors,
    statuses: run.statuses,
  };
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\nFAIL: ${error instanceof Error ? error.message : String(error)}`);
  const serverOutput = server?.outputTail() ?? [];
  if (serverOutput.length > 0) console.error(`Server output (last lines):\n  ${serverOutput.join("\n  ")}`);
  process.exitCode = 1;
} finally {
  await stopServer();
}
