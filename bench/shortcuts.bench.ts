// What each speed shortcut saves on its own path (docs/speed-shortcuts.md): one production server with every
// shortcut on, and one per shortcut with that one off (SHORTCUTS_OFF, app/utils/shortcuts.server.ts), each on its
// own copy of a 50,000-entry-a-day data set. They take turns on the path the shortcut speeds (a page, a board, a
// finish), a fixed number of requests each, pairs in alternating order; the figure is the median over the rounds of
// 1 - (server CPU a request with it on) / (with it off), with the spread. The servers run on one core, autocannon
// (this process) on the other. The client-chunk groups are weighed instead: /game's JavaScript (gzip) in a build
// with them and one without. Writes bench/results/shortcuts.json. SHORTCUTS_BENCH_ROUNDS makes a quicker smoke run.
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { measure } from "../scripts/client-weight.js";
import { SHORTCUTS, type Shortcut } from "../app/utils/shortcuts.server";
import { USER_AGENT, startRuns, type PreparedFinish } from "./lib/finishes";
import { loadAverage, machine, percentile, round, writeResults } from "./lib/report";
import {
  SERVER_ENTRY,
  ServerProcess,
  benchServerEnv,
  ensureBuild,
  freePort,
  onCore,
  pinProcess,
  root,
  sleep,
  twoCores,
} from "./lib/server";

const ROUNDS = Number(process.env.SHORTCUTS_BENCH_ROUNDS ?? 5);
const PAGES_PER_SLICE = 600;
const FINISHES_PER_SLICE = 200;
const CONNECTIONS = 20;
/** The data set: bench/leaderboard.bench.ts at this scale (a day's board well past the 5,000 rows a place counts). */
const SCALE = 0.05;
const DATA_SET = path.join(root, "bench", ".data", `leaderboard-scale-${SCALE}.db`);
const DATA_MAX_AGE_MS = 12 * 60 * 60 * 1000;
const WORK_DIR = path.join(root, "bench", ".data", "shortcuts");
/** One build with the client-chunk groups off and the packages as published (no patches/), for both figures. */
const VARIANT_BUILD = path.join("bench", ".data", "build-shortcuts-off");
const UNPATCHED_DIR = path.join(root, "bench", ".data", "unpatched");
/** A name each patch of patches/ adds, which the server's bundle holds when the patches are in. */
const PATCH_MARKS = ["rankedBranchesOf", "serverRoutesCache", "dataRoutesCache"];
const log = (line: string) => console.log(line);
const loadAtStart = loadAverage();
process.chdir(root);

const BOARD = "/leaderboard?period=daily&board=normal";
/** Each shortcut and the path it speeds; the kept markup is measured on a plain page and on a board. */
const PATHS: { shortcut: Shortcut | "route-matching"; path: string }[] = [
  { shortcut: "route-matching", path: BOARD },
  { shortcut: "kept-markup", path: "/game" },
  { shortcut: "kept-markup", path: BOARD },
  { shortcut: "plain-link", path: "/" },
  { shortcut: "buffered-render", path: "/game" },
  { shortcut: "kept-reads", path: BOARD },
  { shortcut: "standing-cutoff", path: "/game/finish" },
  { shortcut: "shared-commit", path: "/game/finish" },
  { shortcut: "checkpoint-worker", path: "/game/finish" },
  { shortcut: "public-files", path: "/" },
];
const FINISH = "/game/finish";

type Server = { name: string; process: ServerProcess; base: string; finishes: PreparedFinish[] };

function ensureDataSet() {
  const fresh = existsSync(DATA_SET) && Date.now() - statSync(DATA_SET).mtimeMs < DATA_MAX_AGE_MS;
  if (fresh) return;
  log(`Building the data set with bench/leaderboard.bench.ts at scale ${SCALE}`);
  const built = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "bench", "leaderboard.bench.ts")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_RESEED: "1", LEADERBOARD_BENCH_SCALE: String(SCALE) },
  });
  if (built.status !== 0) throw new Error("the data set could not be built");
}

/** /game's JavaScript (gzip bytes) in the build at `dir`. */
function gameBytes(dir: string): number {
  const game = measure(path.join(dir, "client")).find((route) => route.route === "routes/game/game");
  if (!game) throw new Error(`no /game page in ${dir}`);
  return game.bytes;
}

/** The files patches/ changes, as published: copied from node_modules and each patch undone. */
function unpatchPackages() {
  rmSync(UNPATCHED_DIR, { recursive: true, force: true });
  for (const patch of readdirSync(path.join(root, "patches")).filter((name) => name.endsWith(".patch"))) {
    const file = path.join(root, "patches", patch);
    for (const [, changed] of readFileSync(file, "utf8").matchAll(/^diff --git a\/(\S+) /gm)) {
      mkdirSync(path.dirname(path.join(UNPATCHED_DIR, changed!)), { recursive: true });
      copyFileSync(path.join(root, changed!), path.join(UNPATCHED_DIR, changed!));
    }
    const undone = spawnSync("patch", ["-R", "-p1", "-s", "-d", UNPATCHED_DIR, "-i", file], { stdio: "inherit" });
    if (undone.status !== 0) throw new Error(`${patch} could not be undone`);
  }
}

/** Builds the variant, and weighs /game's JavaScript with the client-chunk groups and without. */
function buildVariant() {
  unpatchPackages();
  log(`Building without the client-chunk groups and the patches into ${VARIANT_BUILD}…`);
  const build = spawnSync("npx", ["remix", "vite:build"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      BUILD_DIR: VARIANT_BUILD,
      SHORTCUTS_OFF: "client-chunks",
      UNPATCHED_PACKAGES_DIR: UNPATCHED_DIR,
    },
  });
  if (build.status !== 0) throw new Error("the variant build failed");
  const bundle = (dir: string) => readFileSync(path.join(dir, "server", "index.js"), "utf8");
  for (const mark of PATCH_MARKS)
    if (!bundle("build").includes(mark) || bundle(VARIANT_BUILD).includes(mark))
      throw new Error(`the patches' "${mark}" should be in build/ only`);
  const on = gameBytes("build");
  const off = gameBytes(VARIANT_BUILD);
  return {
    shortcut: "client-chunks",
    path: "/game (JavaScript, gzip bytes)",
    on,
    off,
    gain: round((1 - on / off) * 100, 1),
  };
}

/** Server CPU (ms) a request over `amount` requests of `target` on `server`. */
async function slice(server: Server, target: string): Promise<number> {
  const finish = target === FINISH;
  const amount = finish ? FINISHES_PER_SLICE : PAGES_PER_SLICE;
  const before = server.process.cpuMs()!;
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    amount,
    requests: [
      finish
        ? {
            method: "POST",
            path: FINISH,
            setupRequest: (request: autocannon.Request) => {
              const run = server.finishes.pop();
              if (!run) throw new Error("ran out of prepared runs to finish");
              const headers = {
                "user-agent": USER_AGENT,
                "content-type": "application/json",
                cookie: run.cookie,
                "fly-client-ip": run.address,
              };
              return { ...request, body: run.body, headers };
            },
          }
        : { method: "GET", path: target, headers: { "user-agent": USER_AGENT } },
    ],
  });
  const cpu = server.process.cpuMs()! - before;
  if (result["2xx"] < amount * 0.98)
    throw new Error(`${server.name} ${target}: ${result["2xx"]} of ${amount} answered 2xx (${result.non2xx} not)`);
  return cpu / result["2xx"];
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

async function main() {
  ensureBuild(log, { whenStale: true });
  ensureDataSet();
  const chunks = buildVariant();
  log(`client-chunks: /game ${chunks.on} B with the groups, ${chunks.off} B without: ${chunks.gain} %`);

  const cores = twoCores();
  if (cores) pinProcess(process.pid, cores[1]);
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  const names = ["all-on", ...new Set(PATHS.map((p) => p.shortcut))];
  const servers = new Map<string, Server>();
  try {
    for (const [i, name] of names.entries()) {
      const databasePath = path.join(WORK_DIR, `${name}.db`);
      copyFileSync(DATA_SET, databasePath);
      const port = await freePort(3430 + i);
      const env = benchServerEnv(
        { port, databasePath, name: "shortcuts" },
        {
          FLY_APP_NAME: "shortcuts-bench",
          ...(name === "all-on"
            ? {}
            : name === "route-matching"
              ? { BUILD_DIR: VARIANT_BUILD }
              : { SHORTCUTS_OFF: name }),
        },
      );
      const process_ = new ServerProcess(...onCore(cores?.[0] ?? null, process.execPath, [SERVER_ENTRY]), { env });
      servers.set(name, { name, process: process_, base: `http://127.0.0.1:${port}`, finishes: [] });
    }
    for (const server of servers.values()) await server.process.waitForHealth(`${server.base}/healthcheck`, 300_000);

    // Per round and path, all on and each shortcut off take turns (starting one further along each round); each
    // off slice is paired with that round's all-on slice of the same path.
    const pairs = PATHS.map(() => [] as { on: number; off: number }[]);
    const phase = async (targets: string[], rounds: number, keep: boolean) => {
      for (let r = 0; r < rounds; r++) {
        for (const target of targets) {
          const turns = ["all-on", ...PATHS.filter((p) => p.path === target).map((p) => p.shortcut)];
          const cpu = new Map<string, number>();
          for (let k = 0; k < turns.length; k++) {
            const name = turns[(k + r) % turns.length]!;
            cpu.set(name, await slice(servers.get(name)!, target));
          }
          if (keep)
            PATHS.forEach((p, k) => {
              if (p.path === target) pairs[k]!.push({ on: cpu.get("all-on")!, off: cpu.get(p.shortcut)! });
            });
        }
        if (keep) log(`  ${targets.join(", ")}: round ${r + 1} of ${rounds} done`);
      }
    };
    const pages = [...new Set(PATHS.map((p) => p.path))].filter((target) => target !== FINISH);
    log("Pages: a warm-up round, then the timed rounds");
    await phase(pages, 1, false);
    await phase(pages, ROUNDS, true);

    // Runs to finish, started now (a run must finish within its 5 minutes) on each server timed finishing.
    const finishing = ["all-on", ...PATHS.filter((p) => p.path === FINISH).map((p) => p.shortcut)];
    const started = await Promise.all(
      finishing.map((name) =>
        startRuns(servers.get(name)!.base, (FINISHES_PER_SLICE + CONNECTIONS) * (ROUNDS + 1), log),
      ),
    );
    finishing.forEach((name, i) => (servers.get(name)!.finishes = started[i]!.finishes));
    const readyAt = Math.max(...started.map((s) => s.readyAt));
    if (readyAt > Date.now()) await sleep(readyAt - Date.now());
    log("Finishes: a warm-up round, then the timed rounds");
    await phase([FINISH], 1, false);
    await phase([FINISH], ROUNDS, true);

    const figures = PATHS.map(({ shortcut, path: target }, k) => {
      const gains = pairs[k]!.map(({ on, off }) => (1 - on / off) * 100);
      return {
        shortcut,
        path: target,
        onCpuMs: round(median(pairs[k]!.map((p) => p.on)), 3),
        offCpuMs: round(median(pairs[k]!.map((p) => p.off)), 3),
        gain: round(median(gains), 1),
        spread: [round(Math.min(...gains), 1), round(Math.max(...gains), 1)],
      };
    });
    for (const f of figures)
      log(
        `${f.shortcut} on ${f.path}: ${f.onCpuMs} ms on, ${f.offCpuMs} ms off: ${f.gain} % (${f.spread.join(" to ")})`,
      );
    const missing = SHORTCUTS.filter((name) => !PATHS.some((p) => p.shortcut === name));
    if (missing.length > 0) throw new Error(`no path measures ${missing.join(", ")}`);
    writeResults("shortcuts", {
      machine: machine(),
      load: { atStart: loadAtStart, atEnd: loadAverage() },
      rounds: ROUNDS,
      pagesPerSlice: PAGES_PER_SLICE,
      finishesPerSlice: FINISHES_PER_SLICE,
      connections: CONNECTIONS,
      dataSetScale: SCALE,
      figures: [...figures, chunks],
    });
  } finally {
    await Promise.all([...servers.values()].map((server) => server.process.stop()));
    rmSync(WORK_DIR, { recursive: true, force: true });
    rmSync(VARIANT_BUILD, { recursive: true, force: true });
    rmSync(UNPATCHED_DIR, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
