// The server CPU of a finish as a request (bench/fact-cost.bench.ts): the production server on a throwaway database,
// runs started through /game/start as new visitors (bench/lib/finishes.ts), then finished through /game/finish, 16 at
// a time as on a busy server; the server process's CPU time (/proc) over each slice of finishes, divided by the
// finishes. The stack bench measures the same on its 10-million-entry data set with 50 at a time
// (bench/stack.bench.ts). First, as on a busy day there, today's board is filled with BUSY_BOARD better games than
// the measured ones, so each finish's place is read as there (docs/decisions/0027-performance-floors.md: a game
// below the board's cut-off is told no place, without counting); on an empty board every finish would count the
// day's games so far, a cost of the board's size rather than of the finish. Both kinds are 5-minute games scoring
// 30 and 20, at or under that board's open score of 100 (docs/decisions/0075-top-places-checked-by-a-person.md):
// none waits for a person, so the better games are on the board, and no finish here reads the top places (what
// that read adds is bench/top-place-cost.bench.ts's).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { USER_AGENT, startRuns, type PreparedFinish } from "./finishes";
import { HOST, SERVER_ENTRY, ServerProcess, benchServerEnv, ensureBuild, freePort, sleep } from "./server";

const SLICE = 300;
/** Today's games ahead of the measured ones: more than the rows a place is counted from (RANK_ROWS_READ). */
const BUSY_BOARD = 5_200;
/** Finishes in flight at once, as on a busy server (the stack bench sends 50). */
const CONNECTIONS = 16;

export async function measureFinishRequestCpu(
  slices: number,
  log: (line: string) => void,
): Promise<{ cpuMsPerFinish: number; perSlice: number[] }> {
  ensureBuild(log, { whenStale: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), "finish-cpu-"));
  const port = await freePort(3394);
  const base = `http://${HOST}:${port}`;
  const env = benchServerEnv(
    { port, databasePath: path.join(dir, "app.db"), name: "finish-cpu" },
    // Fly's edge sets Fly-Client-IP: each run here is a different player at a different address.
    { FLY_APP_NAME: "finish-cpu-bench" },
  );
  const server = new ServerProcess(process.execPath, [SERVER_ENTRY], { env });
  try {
    await server.waitForHealth(`${base}/healthcheck`, 30_000);
    // The busy board's games score 30; the measured ones (one slice more than measured: the first warms the
    // server up) 20.
    const busy = await startRuns(base, BUSY_BOARD, log, 30);
    const { finishes, readyAt } = await startRuns(base, SLICE * (slices + 1), log);
    log(`  waiting ${Math.round((busy.readyAt - Date.now()) / 1000)} s for the runs' answers to be due`);
    await sleep(Math.max(0, busy.readyAt - Date.now()));
    await finishAll(base, busy.finishes, busy.finishes.length);
    log(`  today's board filled with ${BUSY_BOARD} better games`);
    await sleep(Math.max(0, readyAt - Date.now()));
    const perSlice: number[] = [];
    for (let slice = 0; slice <= slices; slice += 1) {
      const before = server.cpuMs();
      await finishAll(base, finishes, SLICE);
      const after = server.cpuMs();
      if (before === null || after === null) throw new Error("no /proc: the server's CPU time cannot be read");
      if (slice > 0) perSlice.push((after - before) / SLICE);
    }
    const sorted = [...perSlice].sort((a, b) => a - b);
    return { cpuMsPerFinish: sorted[Math.floor(sorted.length / 2)]!, perSlice };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sends `count` of the prepared finishes (taken from the end of the list), CONNECTIONS at a time. */
async function finishAll(base: string, finishes: PreparedFinish[], count: number): Promise<void> {
  let left = count;
  const send = async () => {
    while (left > 0) {
      left -= 1;
      const finish = finishes.pop()!;
      const res = await fetch(`${base}/game/finish`, {
        method: "POST",
        body: finish.body,
        headers: {
          "content-type": "application/json",
          cookie: finish.cookie,
          "fly-client-ip": finish.address,
          "user-agent": USER_AGENT,
        },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/game/finish answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, send));
}
