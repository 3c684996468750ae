// A developer's tool, not a benchmark (it writes no results): two server builds loaded side by side in one process,
// Remix's handler called for one path in alternating batches, CPU time per request. Paired batches a moment apart
// see the same machine, so a change's effect shows within a few per cent where a load test here drifts by a fifth
// (docs/decisions/0027-performance-floors.md). It leaves out HTTP and Express, which both builds share.
//
// Make the other build with `npx remix vite:build` and copy build/ away, then, with the database to read:
//   DATABASE_PATH=bench/.data/stack/app.db npx tsx bench/ab.ts <old build dir> build "/leaderboard?board=hard" [pairs]
// The path /game/finish times finishes instead (bench/lib/ab-finishes.ts), each a new visitor at a new address;
// /game/finish?flood, with ENABLE_TEST_ROUTES=1, all of them on the boards under one address.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { finish, prepareFinishes } from "./lib/ab-finishes";

const [dirA, dirB, page, pairsArg] = process.argv.slice(2);
if (!dirA || !dirB || !page?.startsWith("/")) {
  console.error("Usage: npx tsx bench/ab.ts <build dir A> <build dir B> <path> [pairs of batches, default 20]");
  process.exit(2);
}
const PAIRS = Number(pairsArg ?? 20);
const BATCH = 200;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-ab-session-secret".padEnd(40, "x");
process.env.HOUSEKEEPING = "off";

const FINISHES = page.startsWith("/game/finish");
const FINISHES_AT_ONCE = 10;
const builds = {
  A: (await import(pathToFileURL(path.resolve(dirA, "server", "index.js")).href)) as ServerBuild,
  B: (await import(pathToFileURL(path.resolve(dirB, "server", "index.js")).href)) as ServerBuild,
};
const handlers = { A: createRequestHandler(builds.A, "production"), B: createRequestHandler(builds.B, "production") };
const headers = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36", accept: "text/html" };

/** CPU microseconds per request over one batch (the whole process: V8's helper threads included). */
async function batch(which: "A" | "B"): Promise<number> {
  const handle = handlers[which];
  if (FINISHES) {
    // Started untimed, finished timed: the finish is the request measured.
    const runs = await prepareFinishes(handle, BATCH, page.includes("flood"));
    const before = process.cpuUsage();
    // In groups, as finishes arriving together share their commit (docs/decisions/0029-checkpoints-and-shared-commits.md).
    for (let i = 0; i < runs.length; i += FINISHES_AT_ONCE) {
      const statuses = await Promise.all(runs.slice(i, i + FINISHES_AT_ONCE).map((run) => finish(builds[which], run)));
      const failed = statuses.find((status) => status !== 200);
      if (failed) throw new Error(`${which} answered ${failed} for a finish`);
    }
    const used = process.cpuUsage(before);
    return (used.user + used.system) / BATCH;
  }
  const before = process.cpuUsage();
  for (let i = 0; i < BATCH; i++) {
    const response = await handle(new Request(`http://localhost:3000${page}`, { headers }), {
      cspNonce: "ab",
      clientAddress: "127.0.0.1",
    });
    if (response.status >= 500) throw new Error(`${which} answered ${response.status} for ${page}`);
    await response.arrayBuffer();
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / BATCH;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
// Warm-up: both builds' code compiled and their statements prepared before anything is timed.
for (let i = 0; i < 3; i++) {
  await batch("A");
  await batch("B");
}
const a: number[] = [];
const b: number[] = [];
const ratios: number[] = [];
for (let i = 0; i < PAIRS; i++) {
  // Each pair in the other order from the last, so neither build always runs on a warmer process.
  const [first, second] = i % 2 === 0 ? (["A", "B"] as const) : (["B", "A"] as const);
  const times = { [first]: await batch(first), [second]: await batch(second) } as Record<"A" | "B", number>;
  a.push(times.A);
  b.push(times.B);
  ratios.push(times.B / times.A);
}
console.log(
  `${page}: A ${median(a).toFixed(0)} µs, B ${median(b).toFixed(0)} µs of CPU a request; ` +
    `B/A ${median(ratios).toFixed(3)} (median of ${PAIRS} pairs of ${BATCH}; spread ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`,
);
process.exit(0);
