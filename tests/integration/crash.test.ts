import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { RunTicket } from "~/runs/tokens.server";
import { honestAnswers } from "./helpers";
import { productionBuild, startRun, startServer, type ServerProcess, type StartedRun } from "./server-process";

/*
 * A crash during a burst of score finishes (docs/decisions/0020-backups-and-shutdown.md): the production server
 * is killed with SIGKILL while finishes are in flight, then started again on the same file. Every finish that was
 * answered 200 must be in the database, the file must pass PRAGMA integrity_check, and a client retrying a finish
 * whose answer was lost gets its result (200 or 409 with the saved run), never an error or a second entry.
 */

const RUNS = 120;
const CONCURRENCY = 12;
/** SIGKILL once this many finishes have been answered, with others still in flight. */
const KILL_AFTER = 40;

type FinishReply = { ok: boolean; runId?: string; saved?: { runId: string } | null };

/** Ports for the servers this file starts (crash tests 3500-3509, shutdown tests 3510-3519). */
const PORTS: [number, number] = [3500, 3509];
const servers: ServerProcess[] = [];
// Outside tmp/vitest, which another test run starting meanwhile would empty.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-crash-"));
afterAll(() => {
  servers.forEach((server) => server.kill());
  fs.rmSync(dir, { recursive: true, force: true });
});

async function finish(baseUrl: string, run: StartedRun) {
  // Three honest answers 400 ms apart: the timing floors (docs/decisions/0002-timing-floors.md) want the run to
  // have lasted 800 ms.
  const answers = honestAnswers({ spec: run.spec, seed: run.seed } as RunTicket, 3, { gapMs: 400 });
  const response = await fetch(`${baseUrl}/game/finish`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: run.cookie },
    body: JSON.stringify({ token: run.token, answers }),
  });
  return { status: response.status, body: (await response.json()) as FinishReply };
}

describe("kill -9 during a burst of finishes", () => {
  it("keeps every answered finish, and the file passes its integrity check", async () => {
    const buildDir = await productionBuild();
    const databasePath = path.join(dir, "app.db");
    const first = await startServer({ buildDir, databasePath, ports: PORTS });
    servers.push(first);

    const runs: StartedRun[] = [];
    for (let i = 0; i < RUNS; i += CONCURRENCY) {
      runs.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, () => startRun(first.baseUrl)))));
    }
    await new Promise((resolve) => setTimeout(resolve, 900));

    // The burst: CONCURRENCY finishes in flight at any time, SIGKILL as the KILL_AFTER-th answer arrives.
    const answered = new Map<StartedRun, string>();
    const lost: StartedRun[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < runs.length) {
        const run = runs[next++]!;
        if (killed) {
          lost.push(run);
          continue;
        }
        try {
          const { status, body } = await finish(first.baseUrl, run);
          expect(status, JSON.stringify(body)).toBe(200);
          answered.set(run, body.runId!);
          if (answered.size === KILL_AFTER && !killed) {
            killed = true;
            first.child.kill("SIGKILL");
          }
        } catch (error) {
          if (!killed) throw error;
          lost.push(run);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(lost.length).toBeGreaterThan(0);

    const second = await startServer({ buildDir, databasePath, ports: PORTS });
    servers.push(second);
    const file = new Database(databasePath, { readonly: true });
    try {
      expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
      const inRuns = file.prepare("select count(*) from game_runs where id = ?").pluck();
      const inBoard = file.prepare("select count(*) from daily_leaderboard_entries where run_id = ?").pluck();
      for (const runId of answered.values()) {
        expect([inRuns.get(runId), inBoard.get(runId)], runId).toEqual([1, 1]);
      }

      // Retrying is safe: an answered finish gets its saved result, a lost one is saved now or was saved then.
      for (const [run, runId] of answered) {
        const retry = await finish(second.baseUrl, run);
        expect(retry.status).toBe(409);
        expect(retry.body.saved?.runId).toBe(runId);
      }
      for (const run of lost) {
        const retry = await finish(second.baseUrl, run);
        expect([200, 409], JSON.stringify(retry.body)).toContain(retry.status);
        const runId = retry.body.runId ?? retry.body.saved?.runId;
        expect(runId).toBeTruthy();
        expect([inRuns.get(runId), inBoard.get(runId)], runId).toEqual([1, 1]);
      }
      expect(file.prepare("select count(*) from game_runs").pluck().get()).toBe(RUNS);
      expect(file.prepare("select count(*) from daily_leaderboard_entries").pluck().get()).toBe(RUNS);
    } finally {
      file.close();
    }

    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
