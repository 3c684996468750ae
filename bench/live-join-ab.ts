// A developer's tool, not a benchmark (it writes no results): two production builds (`node <dir>/server.js`, each
// with its own copy of one seeded database) pinned to one core, taking turns, each round a new game hosted and 30
// requests of each step of a pupil's join (docs/decisions/0065-live-game-capacity.md#joining), a guest's join
// page, a board page and a bare page; the server's CPU time (/proc) per request of each, and B's gain over A.
//
// Make the other build with `npm run build` and copy build/ away (cp -r build tmp/A), change, build, then:
//   npx tsx bench/live-join-ab.ts tmp/A build [rounds, default 16]
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { HOST_COOKIE, PLAYER_COOKIE, cookieName, livePaths } from "~/live/protocol";
import { USER_AGENT } from "./lib/finishes";
import { cookieOf, postForm } from "./lib/forms";
import { HOST, ServerProcess, benchServerEnv, freePort, onCore, root, seedDemo, twoCores } from "./lib/server";

const [dirA, dirB, roundsArg] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error("Usage: npx tsx bench/live-join-ab.ts <build dir A> <build dir B> [rounds, default 16]");
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 16);
const N = 30;
const dir = path.join(root, "bench", ".data", "live-join-ab");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const seedEnv = benchServerEnv({ port: 1, databasePath: path.join(dir, "seed.db"), name: "live-game" });
seedDemo(seedEnv);
const seeded = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/live-game-seed.ts", "1"], {
  cwd: root,
  env: seedEnv,
  encoding: "utf8",
});
if (seeded.status !== 0) throw new Error(`the live game seed failed: ${seeded.stderr || seeded.stdout}`);
type Pupil = { cookie: string };
const teacher = (
  JSON.parse(seeded.stdout.trim().split("\n").pop()!) as {
    hosts: { cookie: string; classId: string; pupils: Pupil[] }[];
  }
).hosts[0]!;

const core = twoCores()?.[0] ?? null;
type Side = { name: "A" | "B"; base: string; server: ServerProcess };
const sides: Side[] = [];
for (const [name, buildDir] of [
  ["A", dirA],
  ["B", dirB],
] as const) {
  const port = await freePort(name === "A" ? 3663 : 3664);
  const database = path.join(dir, `${name}.db`);
  copyFileSync(path.join(dir, "seed.db"), database);
  const env = benchServerEnv({ port, databasePath: database, name: "live-game" }, { BUILD_DIR: buildDir });
  const [command, args] = onCore(core, process.execPath, [path.join(buildDir, "server.js")]);
  sides.push({ name, base: `http://${HOST}:${port}`, server: new ServerProcess(command, args, { env }) });
}

async function get(base: string, address: string, cookie?: string) {
  const res = await fetch(base + address, {
    redirect: "manual",
    headers: { ...(cookie ? { cookie } : {}), "user-agent": USER_AGENT },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${address} answered ${res.status}`);
}

const totals = { A: {} as Record<string, number>, B: {} as Record<string, number> };
try {
  for (const { server, base } of sides) await server.waitForHealth(`${base}/healthcheck`, 30_000);
  // Round 0 warms both up and is not counted; A goes first in even rounds, B in odd ones.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const { name, base, server } of round % 2 ? [...sides].reverse() : sides) {
      const hosted = await postForm(
        base,
        livePaths.host,
        // Guests let in, so the guest's join page shows its word lists (decision 0071).
        { classId: teacher.classId, operations: ["multiplication"], difficulty: "easy", duration: "60", guests: "on" },
        teacher.cookie,
      );
      const code = /\/live\/(\d{11})\/host/.exec(hosted.headers.get("location") ?? "")?.[1];
      const host = code && cookieOf(hosted, cookieName(HOST_COOKIE, code));
      if (!code || !host) throw new Error(`hosting a game answered ${hosted.status}`);
      const players: string[] = [];
      const steps: [string, (i: number) => Promise<void>][] = [
        ["board page", () => get(base, "/leaderboard?period=daily&board=normal")],
        ["bare page (/about)", () => get(base, "/about")],
        ["join page (pupil)", (i) => get(base, `${livePaths.join}?code=${code}`, teacher.pupils[i]!.cookie)],
        ["join page (guest)", () => get(base, `${livePaths.join}?code=${code}`)],
        [
          "join (POST)",
          async (i) => {
            const res = await postForm(base, livePaths.join, { intent: "pupil", code }, teacher.pupils[i]!.cookie);
            const player = cookieOf(res, cookieName(PLAYER_COOKIE, code));
            if (!player) throw new Error(`a pupil's join answered ${res.status} without a player`);
            players[i] = player;
          },
        ],
        ["player's page", (i) => get(base, livePaths.player(code), `${teacher.pupils[i]!.cookie}; ${players[i]}`)],
      ];
      for (const [step, run] of steps) {
        const before = server.cpuMs()!;
        for (let i = 0; i < N; i++) await run(i);
        if (round > 0) totals[name][step] = (totals[name][step] ?? 0) + server.cpuMs()! - before;
      }
      // Closed, so that the teacher opens the next round's (3 open games a host: decision 0072).
      await postForm(base, livePaths.screen(code), { intent: "close" }, `${teacher.cookie}; ${host}`);
    }
  }
  for (const step of Object.keys(totals.A)) {
    const [a, b] = [totals.A[step]! / (ROUNDS * N), totals.B[step]! / (ROUNDS * N)];
    console.log(
      `${step.padEnd(20)} A ${a.toFixed(2)} ms  B ${b.toFixed(2)} ms  gain ${(100 * (1 - b / a)).toFixed(1)} %`,
    );
  }
} finally {
  for (const { server } of sides) await server.stop();
}
