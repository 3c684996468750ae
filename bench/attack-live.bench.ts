// Scanning for live games (issue 41, docs/decisions/0072-live-games-closed-to-strangers.md), against the real
// production server (`node build/server.js`) with 500 games open (the process's cap; 167 teachers, 3 games each):
// how fast a scanner is answered, how many codes are looked up, and how many games it finds, from one address and
// from 100 (named in Fly-Client-IP, as Fly's edge does: the server runs with FLY_APP_NAME set). Then whether the
// time of an answer tells a game's code from a missing one: the event stream's answer for the real codes and for
// missing ones, interleaved. Writes bench/results/attack-live.json. `npm run bench -- attack` (about a minute);
// ATTACK_LIVE_SECONDS sets each scan's length (default 10).
import { spawnSync } from "node:child_process";
import { rngFromString } from "~/game/prng";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { JOIN_CODE_LENGTH, JOIN_CODE_RANDOM_DIGITS, joinCodeFrom } from "~/live/join-code";
import { HOSTING_LIMITS, LIVE_LIMITS, PLAYER_COOKIE, cookieName, livePaths } from "~/live/protocol";
import { USER_AGENT } from "./lib/finishes";
import { loadAverage, machine, percentile, round, writeResults } from "./lib/report";
import { HOST, SERVER_ENTRY, ServerProcess, benchServerEnv, ensureBuild, freePort, root } from "./lib/server";

const SECONDS = Number(process.env.ATTACK_LIVE_SECONDS ?? 10);
const CONCURRENCY = 16;
const TIMING_SAMPLES = 2_000;
const log = (line: string) => console.log(line);

/** A seeded source of numbers in [0, 1): the engine's one generator (app/game/prng.ts). */
const seeded = (seed: number) => {
  const rng = rngFromString(`seeded:${seed}`);
  return () => rng.next();
};
const codeFrom = (random: () => number) =>
  joinCodeFrom(Array.from({ length: JOIN_CODE_RANDOM_DIGITS }, () => Math.floor(random() * 10)).join(""));

async function request(
  base: string,
  url: string,
  init: { method?: string; form?: Record<string, string>; address: string; cookie?: string },
) {
  const res = await fetch(base + url, {
    method: init.method ?? "GET",
    redirect: "manual",
    body: init.form ? new URLSearchParams(init.form) : undefined,
    headers: {
      "user-agent": USER_AGENT,
      origin: base,
      "fly-client-ip": init.address,
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
  const body = await res.text();
  return { res, body };
}

/** Runs `task` as often as it can for `ms`, CONCURRENCY at a time; returns how many ran. */
async function forMs(ms: number, task: (n: number) => Promise<void>): Promise<number> {
  const until = performance.now() + ms;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await task(n++);
    }),
  );
  return n;
}

type Scan = {
  addresses: number;
  seconds: number;
  joinPosts: number;
  joinPostsPerSecond: number;
  /** The server's CPU per request: what a scan costs it, less sensitive than a rate to a busy machine. */
  serverCpuMsPerJoinPost: number;
  /** Join codes the server looked up (not refused by the address's wait). */
  lookedUp: number;
  refused429: number;
  everyRefusalHadRetryAfter: boolean;
  gamesFound: number;
  streamRequests: number;
  streamRequestsPerSecond: number;
  serverCpuMsPerStreamRequest: number;
  streamAnswersUnlikeNoGame: number;
};

async function scan(
  base: string,
  server: ServerProcess,
  addresses: number,
  seed: number,
  reference: string,
): Promise<Scan> {
  const random = seeded(seed);
  const addressOf = (n: number) => `198.18.${Math.floor((n % addresses) / 256)}.${(n % addresses) % 256}`;
  let lookedUp = 0;
  let refused = 0;
  let retryAfter = true;
  let found = 0;
  const joinStart = performance.now();
  const joinCpu = server.cpuMs() ?? NaN;
  const joinPosts = await forMs(SECONDS * 1000, async (n) => {
    const code = codeFrom(random);
    const { res } = await request(base, livePaths.join, {
      method: "POST",
      form: { intent: "guest", code, adjective: "Brave", animal: "Otter" },
      address: addressOf(n),
    });
    if (res.status === 429) {
      refused += 1;
      if (!res.headers.get("retry-after")) retryAfter = false;
    } else lookedUp += 1;
    if (res.status === 302) found += 1;
  });
  const joinMs = performance.now() - joinStart;
  const joinCpuMs = (server.cpuMs() ?? NaN) - joinCpu;
  let unlike = 0;
  const streamStart = performance.now();
  const streamCpu = server.cpuMs() ?? NaN;
  const streamRequests = await forMs(SECONDS * 1000, async (n) => {
    const code = codeFrom(random);
    const { res, body } = await request(base, livePaths.events(code), {
      address: addressOf(n),
      cookie: `${cookieName(PLAYER_COOKIE, code)}=${"0".repeat(32)}`,
    });
    if (`${res.status} ${body.replace(/"now":\d+/, "")}` !== reference) unlike += 1;
  });
  const streamMs = performance.now() - streamStart;
  const streamCpuMs = (server.cpuMs() ?? NaN) - streamCpu;
  return {
    addresses,
    seconds: SECONDS,
    joinPosts,
    joinPostsPerSecond: Math.round(joinPosts / (joinMs / 1000)),
    serverCpuMsPerJoinPost: round(joinCpuMs / joinPosts, 3),
    lookedUp,
    refused429: refused,
    everyRefusalHadRetryAfter: retryAfter,
    gamesFound: found,
    streamRequests,
    streamRequestsPerSecond: Math.round(streamRequests / (streamMs / 1000)),
    serverCpuMsPerStreamRequest: round(streamCpuMs / streamRequests, 3),
    streamAnswersUnlikeNoGame: unlike,
  };
}

ensureBuild(log, { whenStale: true });
const port = await freePort(3390);
const base = `http://${HOST}:${port}`;
const dir = path.join(root, "bench", ".data", "attack-live");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const env = benchServerEnv(
  { port, databasePath: path.join(dir, "app.db"), name: "attack-live" },
  { FLY_APP_NAME: "attack-live-bench", LIVE_GAME_MAX_STREAMS_PER_ADDRESS: "1000000" },
);
const hostCount = Math.ceil(LIVE_LIMITS.maxGames / HOSTING_LIMITS.gamesPerHost);
const seed = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/live-game-seed.ts", String(hostCount)], {
  cwd: root,
  env,
  encoding: "utf8",
});
if (seed.status !== 0) throw new Error(`the seed failed: ${seed.stderr || seed.stdout}`);
const { hosts } = JSON.parse(seed.stdout.trim().split("\n").pop()!) as { hosts: { cookie: string; classId: string }[] };
const server = new ServerProcess(process.execPath, [SERVER_ENTRY], { env });
const atStart = loadAverage();
try {
  await server.waitForHealth(`${base}/healthcheck`, 30_000);
  // 500 games open, each teacher's 3 from their school's own address.
  const real = new Set<string>();
  for (const [k, host] of hosts.entries()) {
    for (let g = 0; g < HOSTING_LIMITS.gamesPerHost && real.size < LIVE_LIMITS.maxGames; g++) {
      const { res } = await request(base, livePaths.host, {
        method: "POST",
        form: { classId: host.classId, operations: "addition", difficulty: "easy", duration: "60" },
        address: `10.0.${k >> 8}.${k & 255}`,
        cookie: host.cookie,
      });
      const code = new RegExp(`/live/(\\d{${JOIN_CODE_LENGTH}})/host`).exec(res.headers.get("location") ?? "")?.[1];
      if (!code) throw new Error(`hosting answered ${res.status}`);
      real.add(code);
    }
  }
  log(`${real.size} games open`);
  const missing = codeFrom(seeded(99));
  const answer = await request(base, livePaths.events(missing), {
    address: "198.51.100.1",
    cookie: `${cookieName(PLAYER_COOKIE, missing)}=${"0".repeat(32)}`,
  });
  const reference = `${answer.res.status} ${answer.body.replace(/"now":\d+/, "")}`;

  const scans = [await scan(base, server, 1, 41, reference), await scan(base, server, 100, 42, reference)];
  for (const s of scans) {
    log(
      `${s.addresses} address(es): ${s.joinPostsPerSecond} join posts/s (${s.serverCpuMsPerJoinPost} ms CPU each), ${s.lookedUp} looked up, ${s.refused429} refused (429), ${s.gamesFound} found; ${s.streamRequestsPerSecond} stream requests/s (${s.serverCpuMsPerStreamRequest} ms CPU each), ${s.streamAnswersUnlikeNoGame} unlike no game`,
    );
  }

  // Time: the event stream's answer to a stranger, for the real codes and missing ones, interleaved.
  const realCodes = [...real];
  const random = seeded(7);
  const times = { real: [] as number[], missing: [] as number[] };
  let unlike = 0;
  for (let n = 0; n < TIMING_SAMPLES * 2; n++) {
    const which = n % 2 === 0 ? "real" : "missing";
    const code = which === "real" ? realCodes[n % realCodes.length]! : codeFrom(random);
    const started = performance.now();
    const { res, body } = await request(base, livePaths.events(code), {
      address: "198.51.100.7",
      cookie: `${cookieName(PLAYER_COOKIE, code)}=${"ab".repeat(16)}`,
    });
    times[which].push(performance.now() - started);
    if (`${res.status} ${body.replace(/"now":\d+/, "")}` !== reference) unlike += 1;
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: round(percentile(sorted, 0.5), 3), p90: round(percentile(sorted, 0.9), 3) };
  };
  const timing = { samples: TIMING_SAMPLES, realMs: stats(times.real), missingMs: stats(times.missing), unlike };
  log(`stream answer time: real ${JSON.stringify(timing.realMs)} ms, missing ${JSON.stringify(timing.missingMs)} ms`);

  // The docs' arithmetic (docs/decisions/0072): at most 8 looked-up codes a day per address.
  const perAddressPerDay = 8;
  const expectedFoundPerDay = (10_000 * perAddressPerDay * LIVE_LIMITS.maxGames) / 10 ** JOIN_CODE_RANDOM_DIGITS;
  writeResults("attack-live", {
    ...machine(),
    loadAverage: { atStart, atEnd: loadAverage() },
    settings: {
      gamesOpen: real.size,
      codeSpace: 10 ** JOIN_CODE_RANDOM_DIGITS,
      concurrency: CONCURRENCY,
      secondsPerScan: SECONDS,
      what: "guest join POSTs with random well-formed codes (a right check digit), then event-stream GETs with a forged player secret, from 1 and 100 addresses (Fly-Client-IP)",
    },
    scans,
    timing,
    arithmetic: {
      lookedUpPerAddressPerDay: perAddressPerDay,
      addresses: 10_000,
      gamesOpen: LIVE_LIMITS.maxGames,
      expectedFoundPerDay,
      goal: "< 0.01",
      met: expectedFoundPerDay < 0.01,
    },
    pass:
      scans.every((s) => s.gamesFound === 0 && s.streamAnswersUnlikeNoGame === 0 && s.everyRefusalHadRetryAfter) &&
      unlike === 0,
  });
} finally {
  await server.stop();
}
