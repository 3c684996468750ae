// The live class game under a full school's load (issue 32, docs/decisions/0065-live-game-capacity.md): the real
// production server (`node build/server.js`) side by side with a floor measured in the same run, a bare node:http
// server doing the same fan-out on the same addresses and messages with none of the rules
// (bench/lib/live-floor-server.js), for G games of 30 players at G = 50, 100, 200, 300, then 100 more at a time while
// ours holds every goal, up to LIVE_BENCH_MAX_G (499: the process's cap of 500 open games, less the warm-up's). Then
// the cost of 30 pupils joining against 30 board pages. Writes bench/results/live-game.json. Run: npm run bench --
// live-game (LIVE_BENCH_GS=20,40 for a smoke run; it then stops at the last of them). About 8½ minutes on a busy
// 2-core machine, most of it joining 19,500 guests through the join form. LIVE_BENCH_PROFILE=1 writes ours' CPU
// profiles (node --cpu-prof) into bench/.data/live-game-profiles and logs each measured window's bounds, to cut a
// profile to it.
//
// Method. For each G the floor and then ours run, each in a fresh process pinned to one core (taskset -c, when there
// are two), the load generator (bench/lib/live-load.ts, a child process, raw TCP sockets) and this process on the
// other. The server, the load and this bench share one 2-core machine: the figures are for comparing ours with the
// floor in the same run, not a capacity on a machine of its own.
//  1. Baseline: the server started (ours: one game hosted, joined and shown, so that its pages' code is warm), RSS
//     after a forced full GC (both servers run with --expose-gc and bench/lib/gc-on-signal.cjs: GC on SIGUSR2).
//  2. Set-up (not compared with the floor): ours: G games hosted through /live/host by seeded teachers, 3 each
//     (bench/lib/live-game-seed.ts) and 30 guests joined to each through the join form, 16 at a time (`joins` in the
//     results); the floor is told its games in one request.
//  3. Streams: every game's big screen and every player's own stream opened (one connection each, at most 200
//     waiting for their first bytes), and a pool of POOL keep-alive connections for the answers (Fly's proxy pools its
//     connections to a machine the same way). Ours: the host presses Start; the run waits for every game's countdown,
//     and answers each game's own problems (problemSequence of the seed its players' streams were told).
//  4. Load: every player answers (right) every 2 s, the players spread evenly over the 2 s (4,500 answers a second at
//     G = 300); WARM_UP_MS of warm-up, then MEASURE_MS measured: the server's CPU time over that window (/proc), its
//     RSS at the end of it, and for every answer sent in it the time from its write (and from the moment it was due)
//     to its game's big screen receiving the race update that counts it (p50, p99, max) and to its response (the
//     player's ack). An answer no update counted within DRAIN_MS after the last is "missing"; the share of the answers
//     due in the window that were answered is `servedShare`; a stream the server closed fails the run.
//  5. RSS again after a forced full GC with everything open: the games' memory = that − the baseline.
// Goals (issue 32; a MISS is recorded, not a failure): the race update's p99 ≤ 1 s with none missing; ours' server CPU
// per answer and games' memory (after GC) ≤ 2 × the floor's at the same G. The largest G that holds them is
// `largestHeld`. Joining: 30 seat requests' server CPU (the POST that makes a player) below 30 board pages'; the
// join page and the player's page around it are measured beside it (decision 0065 says why the goal is read so).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PSEUDONYM_ADJECTIVES, PSEUDONYM_ANIMALS } from "~/accounts/pseudonym-words";
import { problemSequence } from "~/game/problems";
import type { RunSpec } from "~/game/run-spec";
import {
  HOSTING_LIMITS,
  HOST_COOKIE,
  LIVE_DURATIONS,
  LIVE_LIMITS,
  PLAYER_COOKIE,
  cookieName,
  livePaths,
  type PlayerState,
} from "~/live/protocol";
import { USER_AGENT } from "./lib/finishes";
import { cookieOf, postForm, postFormFrom } from "./lib/forms";
import type { Closed, LoadCommand, LoadReply, Opened, OpenCommand, PlayerSpec, Ran, States } from "./lib/live-load";
import { monotonicMs } from "./lib/live-load";
import { loadAverage, machine, round, writeResults } from "./lib/report";
import {
  HOST,
  SERVER_ENTRY,
  ServerProcess,
  benchServerEnv,
  coreBusyMs,
  ensureBuild,
  freePort,
  onCore,
  pinProcess,
  procCpuMs,
  root,
  seedDemo,
  sleep,
  twoCores,
} from "./lib/server";

const PLAYERS = 30;
const GS = (process.env.LIVE_BENCH_GS ?? "50,100,200,300").split(",").map(Number);
/** Past the list, G grows by this while ours holds every goal, up to MAX_G (the file limit: see fdsNeeded). */
const STEP = 100;
/** The process's cap on open games, less the warm-up's game (still open while the G games are hosted). */
const MAX_G = Number(process.env.LIVE_BENCH_MAX_G ?? LIVE_LIMITS.maxGames - 1);
const EXTEND = process.env.LIVE_BENCH_GS === undefined;
/** LIVE_BENCH_SIDES=floor: the floor alone (trying the load generator out without a build). */
const SIDES = (process.env.LIVE_BENCH_SIDES ?? "floor,ours").split(",") as Side[];
const PERIOD_MS = 2_000;
const WARM_UP_MS = 3_000;
const MEASURE_MS = 6_000;
const DRAIN_MS = 2_000;
const POOL = 512;
/** Joins in flight at once while the games are set up (a game's players join in order). */
const JOIN_CONCURRENCY = 16;
/** Answers each player may need: the warm-up and the window at one every PERIOD_MS, and some to spare. */
const ANSWERS_NEEDED = Math.ceil((3_000 + 6_000) / 2_000) + 4;
const CONNECT_WINDOW = 200;
const SETTLE_MS = 2_000;
const GC_SETTLE_MS = 1_000;
const START_TIMEOUT_MS = 30_000;
const RACE_P99_GOAL_MS = 1_000;
/** The issue's goal: this many games of 30 held by one process. */
const GOAL_GAMES = 300;
const TARGET_RATIO = 2;
const CONTENDED_PCT = 15;
const PORTS = { ours: 3626, floor: 3627 } as const;
const DATA_DIR = path.join(root, "bench", ".data", "live-game");
const PROFILE_DIR = path.join(root, "bench", ".data", "live-game-profiles");
const GC_ON_SIGNAL = path.join(root, "bench", "lib", "gc-on-signal.cjs");
const FLOOR_SERVER = path.join(root, "bench", "lib", "live-floor-server.js");
const LOAD_GENERATOR = path.join(root, "bench", "lib", "live-load.ts");

type Side = "floor" | "ours";
const log = (line: string) => console.log(line);
const round1 = (x: number) => round(x, 1);
const loadAtStart = loadAverage();
const failures: string[] = [];
const contention: string[] = [];

/** Sockets a server holds at G games: every screen and player stream, the answers' pool, a few of its own. */
const fdsNeeded = (g: number) => g * (PLAYERS + 1) + POOL + 100;

/* The load generator */

let load = null as ChildProcess | null;
const replies: ((reply: LoadReply) => void)[] = [];

function startLoadGenerator(core: number | null) {
  const [command, args] = onCore(core, process.execPath, ["--import", "tsx", LOAD_GENERATOR]);
  load = spawn(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  load.on("message", (reply: LoadReply) => replies.shift()?.(reply));
  load.on("exit", (code, signal) => {
    const error: LoadReply = { type: "error", message: `the load generator exited (${code ?? signal})` };
    for (const reply of replies.splice(0)) reply(error);
  });
}

function ask<T extends LoadReply>(command: LoadCommand, type: T["type"]): Promise<T> {
  return new Promise((resolve, reject) => {
    replies.push((reply) => {
      if (reply.type === type) resolve(reply as T);
      else reject(new Error(reply.type === "error" ? reply.message : `expected ${type}, got ${reply.type}`));
    });
    load!.send(command);
  });
}

/* The games */

const token = () => randomBytes(16).toString("hex");
/** Guest names as the join page offers them: an adjective and an animal, different within a game. */
function guestName(g: number, p: number): string {
  const k = g * PLAYERS + p;
  const adjective = PSEUDONYM_ADJECTIVES[k % PSEUDONYM_ADJECTIVES.length]!;
  const animal = PSEUDONYM_ANIMALS[(p * 7 + Math.floor(k / PSEUDONYM_ADJECTIVES.length)) % PSEUDONYM_ANIMALS.length]!;
  return `${adjective} ${animal}`;
}

/** What the load generator is given for one side and G, and what the run then needs. */
type Prepared = {
  screens: OpenCommand["screens"];
  players: PlayerSpec[];
  /** Presses Start where there is one; resolves with each game's start and answers once every game plays. */
  begin: () => Promise<{ startsAt: Record<number, number>; answers: Record<number, string[]> }>;
  /** Ours: what joining cost (set-up, not compared with the floor). */
  joins?: { ms: number; serverCpuMs: number | null; perJoinCpuMs: number | null; path: string };
};

const ANSWER_BODY = `{"answers":[{"i":{k},"value":"{answer}","t":{t}}]}`;
const RACE_FORMAT = { event: "race", list: "lines", key: "id", count: "answered" } as const;

async function prepareFloor(base: string, g: number): Promise<Prepared> {
  const games = Array.from({ length: g }, (_, game) => ({
    code: String(100_000 + game),
    host: token(),
    players: Array.from({ length: PLAYERS }, (_, p) => ({ token: token(), id: `p${p + 1}`, name: guestName(game, p) })),
  }));
  const res = await fetch(`${base}/floor/setup`, { method: "POST", body: JSON.stringify({ games }) });
  if (res.status !== 200) throw new Error(`the floor's set-up answered ${res.status}`);
  await res.arrayBuffer();
  const startsAt = Date.now();
  return {
    screens: games.map((game, i) => ({
      game: i,
      path: `/live/${game.code}/events?as=host`,
      headers: `Cookie: ${cookieName(HOST_COOKIE, game.code)}=${game.host}\r\n`,
    })),
    players: games.flatMap((game, i) =>
      game.players.map((p) => ({
        game: i,
        key: p.id,
        stream: {
          path: `/live/${game.code}/events`,
          headers: `Cookie: ${cookieName(PLAYER_COOKIE, game.code)}=${p.token}\r\n`,
        },
        answerPath: `/live/${game.code}/answer`,
        answerHeaders: `Cookie: ${cookieName(PLAYER_COOKIE, game.code)}=${p.token}\r\nOrigin: ${base}\r\n`,
      })),
    ),
    begin: async () => ({
      startsAt: Object.fromEntries(games.map((_, i) => [i, startsAt])),
      answers: Object.fromEntries(games.map((_, i) => [i, Array.from({ length: 64 }, () => "1")])),
    }),
  };
}

/* Ours: through the real pages */

const NO_ADDRESS_CAP = { LIVE_GAME_MAX_STREAMS_PER_ADDRESS: "1000000" };

type Seeded = {
  hosts: {
    cookie: string;
    classId: string;
    pupils: { id: string; name: string; loginCode: string; cookie: string }[];
  }[];
};

/**
 * The teachers who host the games (bench/lib/live-game-seed.ts), in the server's database: the first with a class of
 * 30 (the joining measurement), the others with empty classes, whose games the guests fill (a class's pupils have
 * their seats kept: decision 0071). One teacher holds at most HOSTING_LIMITS.gamesPerHost open games (decision
 * 0072), so G games need G / 3 of them, and the second hosts the warm-up's.
 */
function seedHosts(env: NodeJS.ProcessEnv, count = 1): Seeded {
  const seed = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/live-game-seed.ts", String(count)], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(`the live game seed failed: ${seed.stderr || seed.stdout}`);
  return JSON.parse(seed.stdout.trim().split("\n").pop()!) as Seeded;
}

/** The host's settings: times tables of whole numbers (every answer typed as String(answer)), the longest round. */
const hostForm = (classId: string) => ({
  classId,
  operations: ["multiplication"],
  difficulty: "easy",
  duration: String(Math.max(...LIVE_DURATIONS)),
  // The bench's players are guests: a class's game lets them in only when the host says so (decision 0071).
  guests: "on",
});

/** Opens a game as the teacher; returns its code and the big screen's cookie. */
async function hostGame(base: string, teacherCookie: string, classId: string) {
  const res = await postForm(base, livePaths.host, hostForm(classId), teacherCookie);
  const code = /\/live\/(\d{11})\/host/.exec(res.headers.get("location") ?? "")?.[1];
  const host = code && cookieOf(res, cookieName(HOST_COOKIE, code));
  if (!code || !host)
    throw new Error(`hosting a game answered ${res.status} without a game (${res.headers.get("location")})`);
  return { code, host };
}

/**
 * A guest joins through the join page's form; returns the player's cookie. Guest p of a game posts from a loopback
 * address of its own group of three (a game seats 3 guests an address: decision 0071).
 */
async function joinAsGuest(base: string, code: string, name: string, p: number) {
  const [adjective, animal] = name.split(" ");
  const from = `127.0.${1 + Math.floor(p / 3 / 250)}.${1 + (Math.floor(p / 3) % 250)}`;
  const res = await postFormFrom(
    base,
    livePaths.join,
    { intent: "guest", code, adjective: adjective!, animal: animal! },
    from,
  );
  const cookie = res.cookie(cookieName(PLAYER_COOKIE, code));
  if (!cookie) throw new Error(`joining game ${code} as a guest answered ${res.status} without a player`);
  return cookie;
}

/** Runs `task` for 0..n-1, `concurrency` at a time. */
async function inParallel(n: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

/**
 * The teacher whose games the guests fill: the second, whose class has no pupils, so each game's 40 seats are all the
 * guests' (a class's pupils have theirs kept: decision 0071).
 */
const guestsHost = (seeded: Seeded) => seeded.hosts[1]!;

async function warmUpOurs(base: string, seeded: Seeded) {
  const teacher = guestsHost(seeded);
  const game = await hostGame(base, teacher.cookie, teacher.classId);
  for (let p = 0; p < PLAYERS; p++) {
    const player = await joinAsGuest(base, game.code, guestName(9_999, p), p);
    if (p === 0) await (await fetch(base + livePaths.player(game.code), { headers: { cookie: player } })).arrayBuffer();
  }
  const screen = await fetch(base + livePaths.screen(game.code), {
    headers: { cookie: `${teacher.cookie}; ${game.host}` },
  });
  await screen.arrayBuffer();
}

/** The teacher who hosts game i (the second hosts the warm-up's). */
const hostOf = (seeded: Seeded, i: number) => seeded.hosts[2 + Math.floor(i / HOSTING_LIMITS.gamesPerHost)]!;

async function prepareOurs(base: string, g: number, server: ServerProcess, seeded: Seeded): Promise<Prepared> {
  const started = performance.now();
  const cpuBefore = server.cpuMs();
  const games: { code: string; host: string; teacher: string; players: { cookie: string; key: string }[] }[] = [];
  for (let i = 0; i < g; i++) {
    const teacher = hostOf(seeded, i);
    games.push({ ...(await hostGame(base, teacher.cookie, teacher.classId)), teacher: teacher.cookie, players: [] });
  }
  // Joined in order within each game, so the players' public ids are p1…p30.
  await inParallel(g, JOIN_CONCURRENCY, async (i) => {
    const game = games[i]!;
    for (let p = 0; p < PLAYERS; p++) {
      game.players.push({ cookie: await joinAsGuest(base, game.code, guestName(i, p), p), key: `p${p + 1}` });
    }
  });
  const cpuAfter = server.cpuMs();
  const serverCpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return {
    screens: games.map((game, i) => ({
      game: i,
      path: `${livePaths.events(game.code)}?as=host`,
      headers: `Cookie: ${game.host}\r\n`,
    })),
    players: games.flatMap((game, i) =>
      game.players.map((p) => ({
        game: i,
        key: p.key,
        stream: { path: livePaths.events(game.code), headers: `Cookie: ${p.cookie}\r\n` },
        answerPath: livePaths.answer(game.code),
        answerHeaders: `Cookie: ${p.cookie}\r\nOrigin: ${base}\r\n`,
      })),
    ),
    begin: async () => {
      await inParallel(games.length, 8, async (i) => {
        const game = games[i]!;
        // The host's page asks for both: the game's host cookie and the teacher's session.
        const res = await postForm(
          base,
          livePaths.screen(game.code),
          { intent: "start" },
          `${game.teacher}; ${game.host}`,
        );
        if (res.status >= 400) throw new Error(`starting game ${game.code} answered ${res.status}`);
      });
      // Every player's stream has its state with the seed now (the start tells them at once).
      await sleep(500);
      const { states } = await ask<States>({ type: "states" }, "states");
      const startsAt: Record<number, number> = {};
      const answers: Record<number, string[]> = {};
      for (let i = 0; i < games.length; i++) {
        const state = JSON.parse(states[i] ?? "null") as PlayerState | null;
        if (!state?.seed || state.startsAt === null)
          throw new Error(`game ${games[i]!.code} did not start (${state?.phase ?? "no state"})`);
        startsAt[i] = state.startsAt;
        const problems = problemSequence(state.spec as RunSpec, state.seed);
        answers[i] = Array.from({ length: ANSWERS_NEEDED }, (_, k) => String(problems(k).answer));
      }
      return { startsAt, answers };
    },
    joins: {
      ms: round1(performance.now() - started),
      serverCpuMs,
      perJoinCpuMs: serverCpuMs === null ? null : round(serverCpuMs / (g * PLAYERS), 2),
      path: `${g} games hosted through ${livePaths.host} (${HOSTING_LIMITS.gamesPerHost} a teacher), ${g * PLAYERS} guests joined through ${livePaths.join} (adjective and animal), ${JOIN_CONCURRENCY} at a time`,
    },
  };
}

/* One side at one G */

type CpuUse = {
  wallMs: number;
  serverMs: number | null;
  serverPct: number | null;
  loadGeneratorPct: number | null;
  othersOnServerCorePct: number | null;
  othersOnLoadCorePct: number | null;
};

function cpuMeter(server: ServerProcess, cores: readonly [number, number] | null): () => CpuUse {
  const read = () => ({
    at: performance.now(),
    server: server.cpuMs(),
    load: procCpuMs(load?.pid),
    bench: procCpuMs(process.pid),
    serverCore: cores && coreBusyMs(cores[0]),
    loadCore: cores && coreBusyMs(cores[1]),
  });
  const start = read();
  return () => {
    const end = read();
    const wallMs = end.at - start.at;
    const delta = (pick: (r: typeof start) => number | null) => {
      const [a, b] = [pick(start), pick(end)];
      return a === null || b === null ? null : b - a;
    };
    const pct = (ms: number | null) => (ms === null ? null : round1(Math.max(0, (ms / wallMs) * 100)));
    const [serverMs, loadMs, benchMs] = [delta((r) => r.server), delta((r) => r.load), delta((r) => r.bench)];
    const serverCore = delta((r) => r.serverCore);
    const loadCore = delta((r) => r.loadCore);
    return {
      wallMs: round1(wallMs),
      serverMs,
      serverPct: pct(serverMs),
      loadGeneratorPct: pct(loadMs),
      othersOnServerCorePct: serverCore === null || serverMs === null ? null : pct(serverCore - serverMs),
      othersOnLoadCorePct:
        loadCore === null || loadMs === null || benchMs === null ? null : pct(loadCore - loadMs - benchMs),
    };
  };
}

type Figures = {
  startMs: number;
  joins: Prepared["joins"] | null;
  connectMs: number;
  streams: number;
  ran: Omit<Ran, "type">;
  cpu: CpuUse;
  /**
   * Server CPU over the window per answer it answered (fan-out included): on a machine whose other work starves the
   * server, the answers handled fall with the CPU it gets, so this, not the share of a core, is compared.
   */
  cpuMsPerAnswer: number;
  /** The same at the full load (every answer due handled), as a share of one core. */
  cpuPctAtFullLoad: number;
  /** Responses in the window over the answers due in it: 1 when the load was served as offered. */
  servedShare: number;
  rssMiB: { baseline: number; loaded: number; open: number; peak: number | null };
  /** RSS after GC with every game open and played, over the baseline: what the games hold. */
  gamesMiB: number;
  kibPerPlayer: number;
};

/** A fresh server; ours on a fresh database with its host seeded. */
function serverFor(
  side: Side,
  port: number,
  core: number | null,
  g: number,
): { server: ServerProcess; seeded: Seeded | null } {
  const dir = path.join(DATA_DIR, `${side}-${g}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Every stream comes from this machine's one address: the per-address cap (decision 0072) is lifted for the bench.
  const env = benchServerEnv({ port, databasePath: path.join(dir, "app.db"), name: "live-game" }, NO_ADDRESS_CAP);
  const seeded = side === "ours" ? seedHosts(env, 2 + Math.ceil(g / HOSTING_LIMITS.gamesPerHost)) : null;
  const script = side === "ours" ? SERVER_ENTRY : FLOOR_SERVER;
  // LIVE_BENCH_PROFILE=1: ours writes a CPU profile (node --cpu-prof) into bench/.data/live-game/profiles on exit.
  const profile =
    side === "ours" && process.env.LIVE_BENCH_PROFILE === "1" ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const [command, args] = onCore(core, process.execPath, [
    "--expose-gc",
    "--require",
    GC_ON_SIGNAL,
    ...profile,
    script,
  ]);
  return { server: new ServerProcess(command, args, { env }), seeded };
}

async function measure(side: Side, g: number, cores: readonly [number, number] | null): Promise<Figures> {
  const what = `${side} G=${g}`;
  const port = await freePort(PORTS[side]);
  const base = `http://${HOST}:${port}`;
  const { server, seeded } = serverFor(side, port, cores?.[0] ?? null, g);
  try {
    const startMs = await server.waitForHealth(`${base}/healthcheck`, START_TIMEOUT_MS);
    const mib = (field: "VmRSS" | "VmHWM" = "VmRSS") => (server.memoryKiB(field) ?? NaN) / 1024;
    const gcRss = async () => {
      await sleep(SETTLE_MS);
      server.child.kill("SIGUSR2");
      await sleep(GC_SETTLE_MS);
      return mib();
    };
    // Ours: one game hosted, joined and shown first, so that the baseline holds the app's code warmed up (as the
    // floor's does), and the games' memory is theirs, not the first pages' one-off cost.
    if (side === "ours") await warmUpOurs(base, seeded!);
    const baseline = await gcRss();
    const prepared = side === "ours" ? await prepareOurs(base, g, server, seeded!) : await prepareFloor(base, g);
    const opened = await ask<Opened>(
      {
        type: "open",
        host: HOST,
        port,
        screens: prepared.screens,
        players: prepared.players,
        window: CONNECT_WINDOW,
        pool: POOL,
        race: RACE_FORMAT,
        ackEvent: null,
      },
      "opened",
    );
    const streams = prepared.screens.length + prepared.players.length;
    if (opened.open !== streams) {
      throw new Error(
        `${what}: ${streams - opened.open} of ${streams} streams did not open (refused ${JSON.stringify(opened.refused)}, errors ${JSON.stringify(opened.errors)})`,
      );
    }
    const { startsAt, answers } = await prepared.begin();
    // Every game playing: the run starts once the last countdown is over.
    const lastStart = Math.max(...Object.values(startsAt));
    await sleep(Math.max(0, lastStart - Date.now() + 100));

    let cpuMeasured: CpuUse | null = null;
    let loaded = NaN;
    const running = ask<Ran>(
      {
        type: "run",
        periodMs: PERIOD_MS,
        warmUpMs: WARM_UP_MS,
        measureMs: MEASURE_MS,
        drainMs: DRAIN_MS,
        bodyTemplate: ANSWER_BODY,
        contentType: "application/json",
        answers,
        startsAt,
      },
      "ran",
    );
    // The load generator starts its clock 50 ms after the command: the window is measured from here alike.
    await sleep(50 + WARM_UP_MS);
    const meter = cpuMeter(server, cores);
    const windowFrom = monotonicMs();
    await sleep(MEASURE_MS);
    cpuMeasured = meter();
    // With LIVE_BENCH_PROFILE=1, the window on the clock the profile's timestamps use (µs), to cut the profile to it.
    if (process.env.LIVE_BENCH_PROFILE === "1")
      log(`  ${what}: measured window ${Math.round(windowFrom * 1000)}–${Math.round(monotonicMs() * 1000)} µs`);
    loaded = mib();
    const { type: _ran, ...ran } = await running;
    if (ran.unexpectedCloses > 0) throw new Error(`${what}: the server closed ${ran.unexpectedCloses} streams`);
    const open = await gcRss();
    const peak = server.memoryKiB("VmHWM");
    const gamesMiB = open - baseline;
    const cpuMsPerAnswer = (cpuMeasured.serverMs ?? NaN) / ran.responses;
    const answersPerSecond = (g * PLAYERS * 1000) / PERIOD_MS;
    return {
      startMs,
      joins: prepared.joins ?? null,
      connectMs: round1(opened.ms),
      streams,
      ran,
      cpu: cpuMeasured,
      cpuMsPerAnswer: round(cpuMsPerAnswer, 3),
      cpuPctAtFullLoad: round1((cpuMsPerAnswer * answersPerSecond) / 10),
      servedShare: round(ran.servedDue / ran.due, 3),
      rssMiB: {
        baseline: round1(baseline),
        loaded: round1(loaded),
        open: round1(open),
        peak: peak === null ? null : round1(peak / 1024),
      },
      gamesMiB: round1(gamesMiB),
      kibPerPlayer: round((gamesMiB * 1024) / (g * PLAYERS), 2),
    };
  } catch (error) {
    const output = server.outputTail();
    if (output.length > 0) log(`${what}: server output (last lines):\n  ${output.join("\n  ")}`);
    throw error;
  } finally {
    await ask<Closed>({ type: "close" }, "closed").catch(() => undefined);
    await server.stop();
  }
}

/* Joining: 30 pupils against 30 board pages */

const JOIN_ROUNDS = Number(process.env.LIVE_BENCH_JOIN_ROUNDS ?? 8);
const BOARD_PAGE = "/leaderboard?period=daily&board=normal";
/** A page with nothing of its own (no loader, fixed text): what any page costs, in the same run. */
const BARE_PAGE = "/about";
/** The 30 requests of a slice go out over this long (30 pupils joining within one second). */
const SLICE_SPREAD_MS = 1_000;

type JoinFigures = {
  rounds: number;
  /** Server CPU (ms) of 30 joins and of 30 board pages, per round, and their sums. */
  joinsCpuMs: number[];
  pagesCpuMs: number[];
  joinsTotalMs: number;
  pagesTotalMs: number;
  /** The three requests' CPU over the pages' (sums over the rounds): reported beside the goal. */
  ratio: number;
  /**
   * The seat requests' CPU (the POST that makes a player) over the pages': the goal, below 1 (decision 0065: the
   * pages before and after it cost what any page costs).
   */
  seatRatio: number;
  perJoinMs: number;
  perPageMs: number;
  /** A join's CPU by its requests (ms each), and each over a board page's. */
  perJoinStepMs: Record<string, number>;
  perJoinStepOverPage: Record<string, number>;
  /** A bare page's CPU (ms each, 30 spread the same way, taking turns with the others), and over a board page's. */
  barePagesCpuMs: number[];
  perBarePageMs: number;
  barePageOverPage: number;
  joinPath: string;
};

/** Sends `n` requests spread evenly over SLICE_SPREAD_MS, and waits for every response. */
async function spread(n: number, request: (i: number) => Promise<void>) {
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      await sleep((i * SLICE_SPREAD_MS) / n);
      await request(i);
    }),
  );
}

/**
 * A pupil of the host's class, signed in (as at the start of a lesson), joins as a pupil does, in three steps: the join
 * page with the game's code, its one button (`intent=pupil`), then the player's page it leads to.
 */
const JOIN_STEPS = ["join page", "join (POST)", "player's page"] as const;
async function pupilJoinStep(
  base: string,
  code: string,
  pupilCookie: string,
  step: number,
  players: string[],
  i: number,
) {
  const headers = { cookie: pupilCookie, "user-agent": USER_AGENT };
  if (step === 0) {
    const joinPage = await fetch(`${base}${livePaths.join}?code=${code}`, { headers });
    await joinPage.arrayBuffer();
    if (joinPage.status !== 200) throw new Error(`the join page of game ${code} answered ${joinPage.status}`);
  } else if (step === 1) {
    const res = await postForm(base, livePaths.join, { intent: "pupil", code }, pupilCookie);
    const player = cookieOf(res, cookieName(PLAYER_COOKIE, code));
    if (!player) throw new Error(`a pupil joining game ${code} answered ${res.status} without a player`);
    players[i] = player;
  } else {
    const page = await fetch(`${base}${livePaths.player(code)}`, {
      headers: { ...headers, cookie: `${pupilCookie}; ${players[i]}` },
    });
    await page.arrayBuffer();
    if (page.status !== 200) throw new Error(`the player's page of game ${code} answered ${page.status}`);
  }
}

async function page(base: string, address: string) {
  const res = await fetch(base + address, { headers: { "user-agent": USER_AGENT } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${address} answered ${res.status}`);
}

async function measureJoins(core: number | null): Promise<JoinFigures> {
  const port = await freePort(PORTS.ours);
  const base = `http://${HOST}:${port}`;
  const dir = path.join(DATA_DIR, "joins");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Every stream comes from this machine's one address: the per-address cap (decision 0072) is lifted for the bench.
  const env = benchServerEnv({ port, databasePath: path.join(dir, "app.db"), name: "live-game" }, NO_ADDRESS_CAP);
  // The boards as a visitor sees them (the demo data), and the teacher with their class.
  seedDemo(env);
  const teacher = seedHosts(env).hosts[0]!;
  const [command, args] = onCore(core, process.execPath, [SERVER_ENTRY]);
  const server = new ServerProcess(command, args, { env });
  try {
    await server.waitForHealth(`${base}/healthcheck`, START_TIMEOUT_MS);
    const cpu = () => server.cpuMs() ?? NaN;
    const joinsCpuMs: number[] = [];
    const pagesCpuMs: number[] = [];
    const barePagesCpuMs: number[] = [];
    const stepsCpuMs: number[] = [];
    // Round 0 warms both paths up and is not counted; the two then take turns, starting one further along.
    for (let round = 0; round <= JOIN_ROUNDS; round++) {
      const { code, host } = await hostGame(base, teacher.cookie, teacher.classId);
      const slices = [
        async () => {
          const players: string[] = [];
          const steps: number[] = [];
          for (let step = 0; step < JOIN_STEPS.length; step++) {
            const before = cpu();
            await spread(PLAYERS, (i) => pupilJoinStep(base, code, teacher.pupils[i]!.cookie, step, players, i));
            steps.push(cpu() - before);
          }
          return { joins: steps.reduce((a, b) => a + b, 0), steps };
        },
        async () => {
          const before = cpu();
          await spread(PLAYERS, () => page(base, BOARD_PAGE));
          return { pages: cpu() - before };
        },
        async () => {
          const before = cpu();
          await spread(PLAYERS, () => page(base, BARE_PAGE));
          return { barePages: cpu() - before };
        },
      ];
      for (let turn = 0; turn < slices.length; turn++) {
        const figure = await slices[(round + turn) % slices.length]!();
        if (round === 0) continue;
        if ("joins" in figure) {
          joinsCpuMs.push(figure.joins);
          figure.steps.forEach((ms, step) => (stepsCpuMs[step] = (stepsCpuMs[step] ?? 0) + ms));
        } else if ("pages" in figure) pagesCpuMs.push(figure.pages);
        else barePagesCpuMs.push(figure.barePages);
      }
      // Closed, so that the teacher's next round opens a game (3 open games a host: decision 0072).
      const closed = await postForm(base, livePaths.screen(code), { intent: "close" }, `${teacher.cookie}; ${host}`);
      if (closed.status >= 400) throw new Error(`closing game ${code} answered ${closed.status}`);
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const [joinsTotalMs, pagesTotalMs] = [sum(joinsCpuMs), sum(pagesCpuMs)];
    const each = (totalMs: number) => totalMs / (JOIN_ROUNDS * PLAYERS);
    return {
      rounds: JOIN_ROUNDS,
      joinsCpuMs,
      pagesCpuMs,
      joinsTotalMs,
      pagesTotalMs,
      ratio: round(joinsTotalMs / pagesTotalMs, 2),
      seatRatio: round((stepsCpuMs[1] ?? NaN) / pagesTotalMs, 2),
      perJoinMs: round(joinsTotalMs / (JOIN_ROUNDS * PLAYERS), 2),
      perPageMs: round(pagesTotalMs / (JOIN_ROUNDS * PLAYERS), 2),
      perJoinStepMs: Object.fromEntries(
        JOIN_STEPS.map((name, step) => [name, round(each(stepsCpuMs[step] ?? NaN), 2)]),
      ),
      perJoinStepOverPage: Object.fromEntries(
        JOIN_STEPS.map((name, step) => [name, round((stepsCpuMs[step] ?? NaN) / pagesTotalMs, 2)]),
      ),
      barePagesCpuMs,
      perBarePageMs: round(each(sum(barePagesCpuMs)), 2),
      barePageOverPage: round(sum(barePagesCpuMs) / pagesTotalMs, 2),
      joinPath: `a signed-in pupil: GET ${livePaths.join}?code=…, POST ${livePaths.join} (intent=pupil), then the player's page it leads to; against GET ${BOARD_PAGE} on the demo data, and GET ${BARE_PAGE} (a bare page) beside them; each step's 30 requests (and the 30 pages of each) spread over ${SLICE_SPREAD_MS} ms, the three taking turns, a new game each round`,
    };
  } catch (error) {
    const output = server.outputTail();
    if (output.length > 0) log(`joins: server output (last lines):\n  ${output.join("\n  ")}`);
    throw error;
  } finally {
    await server.stop();
  }
}

/* The run */

type Row = {
  g: number;
  floor: Figures | null;
  ours: Figures | null;
  ratios: { cpu: number; memory: number; rssLoaded: number } | null;
  pass: { raceP99: boolean; cpu: boolean; memory: boolean } | null;
};

function fileLimit(): number | null {
  const out = spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" });
  const n = Number(out.stdout.trim());
  return Number.isFinite(n) ? n : null;
}

async function main(): Promise<number> {
  const built = SIDES.includes("ours") ? ensureBuild(log, { whenStale: true }) : "not needed";
  const cores = twoCores();
  if (cores) pinProcess(process.pid, cores[1]);
  log(
    cores
      ? `Servers on core ${cores[0]}, the load generator and the bench on core ${cores[1]} (taskset)`
      : "Not pinned to cores (no taskset, or fewer than two cores)",
  );
  const limit = fileLimit();
  startLoadGenerator(cores?.[1] ?? null);

  const rows: Row[] = [];
  const queue = [...GS];
  while (queue.length > 0) {
    const g = queue.shift()!;
    if (limit !== null && fdsNeeded(g) > limit) {
      log(`  G=${g} needs ${fdsNeeded(g)} open files a process; the limit here is ${limit} (ulimit -n): stopped`);
      break;
    }
    const row: Row = { g, floor: null, ours: null, ratios: null, pass: null };
    rows.push(row);
    for (const side of SIDES) {
      const started = performance.now();
      try {
        const f = (row[side] = await measure(side, g, cores));
        log(
          `  ${side.padEnd(5)} G=${String(g).padStart(3)}: race p50 ${f.ran.race.p50} / p99 ${f.ran.race.p99} / max ${f.ran.race.max} ms ` +
            `(${f.ran.race.n} answers, ${f.ran.missing} missing, ${Math.round(f.servedShare * 100)}% of the load served), ack p99 ${f.ran.response.p99} ms, ` +
            `server CPU ${f.cpu.serverPct}% (${f.cpuMsPerAnswer} ms an answer: ${f.cpuPctAtFullLoad}% at full load; load generator ${f.cpu.loadGeneratorPct}%), RSS ${f.rssMiB.baseline} → loaded ${f.rssMiB.loaded} → GC ${f.rssMiB.open} MiB ` +
            `(games ${f.gamesMiB} MiB)${f.joins ? `, joins ${f.joins.ms} ms` : ""} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
        const others = Math.max(f.cpu.othersOnServerCorePct ?? 0, f.cpu.othersOnLoadCorePct ?? 0);
        if (others >= CONTENDED_PCT) {
          const note = `${side} G=${g}: other processes took ${f.cpu.othersOnServerCorePct}% of the server's core, ${f.cpu.othersOnLoadCorePct}% of the load generator's`;
          contention.push(note);
          log(`    ⚠ ${note}`);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push(message);
        log(`  ${side} G=${g}: FAILED: ${message}`);
      }
    }
    const { floor, ours } = row;
    if (floor && ours) {
      row.ratios = {
        cpu: round(ours.cpuMsPerAnswer / floor.cpuMsPerAnswer, 2),
        memory: round(ours.gamesMiB / floor.gamesMiB, 2),
        rssLoaded: round(ours.rssMiB.loaded / floor.rssMiB.loaded, 2),
      };
      row.pass = {
        raceP99: ours.ran.race.p99 <= RACE_P99_GOAL_MS && ours.ran.missing === 0,
        cpu: row.ratios.cpu <= TARGET_RATIO,
        memory: row.ratios.memory <= TARGET_RATIO,
      };
    }
    const held = row.pass !== null && row.pass.raceP99 && row.pass.cpu && row.pass.memory;
    if (EXTEND && queue.length === 0 && held && g < MAX_G) queue.push(Math.min(g + STEP, MAX_G));
    if (EXTEND && !held && g >= Math.max(...GS)) break;
  }
  load?.send({ type: "exit" } satisfies LoadCommand);

  let joins: JoinFigures | null = null;
  if (SIDES.includes("ours")) {
    try {
      joins = await measureJoins(cores?.[0] ?? null);
      log(
        `Joining: 30 pupils cost ${round1(joins.joinsTotalMs / joins.rounds)} ms of server CPU against ${round1(joins.pagesTotalMs / joins.rounds)} ms ` +
          `for 30 board pages (×${joins.ratio}; ${joins.perJoinMs} against ${joins.perPageMs} ms each, ${joins.rounds} rounds); ` +
          `the seat requests alone ×${joins.seatRatio}: ${joins.seatRatio < 1 ? "PASS" : "MISS"}; ` +
          `a join by step: ${JSON.stringify(joins.perJoinStepMs)} ms, over a board page: ${JSON.stringify(joins.perJoinStepOverPage)}; ` +
          `a bare page (${BARE_PAGE}) ${joins.perBarePageMs} ms (×${joins.barePageOverPage})`,
      );
    } catch (error) {
      const message = `joins: ${error instanceof Error ? error.message : String(error)}`;
      failures.push(message);
      log(`  FAILED: ${message}`);
    }
  }

  const held = rows.filter((row) => row.pass?.raceP99 && row.pass.cpu && row.pass.memory).map((row) => row.g);
  const largestHeld = held.length === 0 ? null : Math.max(...held);
  // The goals, judged when measured: a run that left them out (LIVE_BENCH_GS, LIVE_BENCH_SIDES) says so instead.
  const goalMisses: string[] = [];
  if (rows.some((row) => row.g >= GOAL_GAMES && row.pass !== null) && (largestHeld ?? 0) < GOAL_GAMES) {
    goalMisses.push(`${GOAL_GAMES} games not held (largest held: ${largestHeld ?? "none"})`);
  }
  if (joins !== null && !(joins.seatRatio < 1)) {
    goalMisses.push(`30 seat requests cost ×${joins.seatRatio} of 30 board pages`);
  }
  console.log(
    `\nLive games, ours (node build/server.js) vs the floor (bare node:http) — Node ${process.version}, ${machine().cpu} ` +
      `(${machine().cores} cores), ${PLAYERS} players a game, an answer each every ${PERIOD_MS} ms`,
  );
  console.table(
    Object.fromEntries(
      rows.flatMap((row) =>
        (["floor", "ours"] as const).map((side) => {
          const f = row[side];
          return [
            `${side} ${row.g}`,
            f
              ? {
                  "race p50 ms": f.ran.race.p50,
                  "race p99 ms": f.ran.race.p99,
                  "ack p99 ms": f.ran.response.p99,
                  missing: f.ran.missing,
                  "served %": Math.round(f.servedShare * 100),
                  "CPU ms/answer": f.cpuMsPerAnswer,
                  "CPU % at full load": f.cpuPctAtFullLoad,
                  "RSS loaded MiB": f.rssMiB.loaded,
                  "games MiB (GC)": f.gamesMiB,
                  "race bytes": f.ran.raceBytes?.mean ?? "-",
                }
              : { failed: "x" },
          ];
        }),
      ),
    ),
  );
  for (const row of rows) {
    if (!row.pass || !row.ratios || !row.ours) continue;
    const mark = (ok: boolean) => (ok ? "PASS" : "MISS");
    log(
      `G=${row.g}: ${mark(row.pass.raceP99)} race p99 ${row.ours.ran.race.p99} ms (goal ≤ ${RACE_P99_GOAL_MS}); ` +
        `${mark(row.pass.cpu)} CPU ×${row.ratios.cpu}; ${mark(row.pass.memory)} memory ×${row.ratios.memory} (goal ≤ ×${TARGET_RATIO})`,
    );
  }
  log(`Largest G that held every goal: ${largestHeld ?? "none"}`);

  const report = {
    ...machine(),
    loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
    settings: {
      games: rows.map((row) => row.g),
      playersPerGame: PLAYERS,
      answerEveryMs: PERIOD_MS,
      warmUpMs: WARM_UP_MS,
      measureMs: MEASURE_MS,
      drainMs: DRAIN_MS,
      answerConnections: POOL,
      connectWindow: CONNECT_WINDOW,
      pinned: cores ? { servers: cores[0], loadGeneratorAndBench: cores[1] } : null,
      fileLimit: limit,
      build: built ?? "used as it was",
      method: {
        machine:
          "server, load generator and bench on one 2-core machine (server on one core, the rest on the other): compare ours with the floor in the same run, not as a capacity on a machine of its own",
        floor:
          "bench/lib/live-floor-server.js: bare node:http, the same addresses, cookies and messages (race event with every line; state on a player's connect; the answer's JSON reply), games given in one set-up request, no checks but the answer's number, one 250 ms timer writing each changed game's race once",
        load: "bench/lib/live-load.ts: raw TCP, one connection per stream, answers over a pool of keep-alive connections; player j's answer k due at (j / N + k) × period",
        race: "ms from an answer's write to its game's big screen receiving the race update whose `answered` for that player counts it",
        cpu: "the server process's CPU time (/proc) over the measured window, per answer it answered in the window (cpuMsPerAnswer, compared), and that times the answers due a second as a share of one core (cpuPctAtFullLoad); servedShare says how much of the offered load was answered",
        memory:
          "server VmRSS after a forced full GC with every stream open after the run, minus the same after start-up (games MiB); RSS loaded is VmRSS at the end of the measured window without GC",
        goals: `race p99 ≤ ${RACE_P99_GOAL_MS} ms with no answer missing; ours' server CPU and games' memory ≤ ${TARGET_RATIO} × the floor's at the same G`,
      },
    },
    /** Ran without errors and met every goal it measured. */
    pass: failures.length === 0 && goalMisses.length === 0,
    failures,
    goalMisses,
    contention,
    largestHeld,
    rows,
    joins,
    joinsCheaperThanPages: joins === null ? null : joins.seatRatio < 1,
  };
  writeResults("live-game", report);
  if (failures.length > 0 || goalMisses.length > 0) {
    console.error(`\nFAIL: ${[...failures, ...goalMisses].join("; ")}`);
    return 1;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\nFAIL: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (load && load.exitCode === null) load.kill();
}
