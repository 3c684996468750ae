import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { handleLeaderboardEvents } from "~/realtime/leaderboard-events.server";
import type { RunTicket } from "~/runs/tokens.server";
import { lifecycle } from "~/lifecycle.server";
import { shutDownGracefully } from "../../server/shutdown";
import { honestAnswers } from "./helpers";
import { productionBuild, startRun, startServer, type ServerProcess } from "./server-process";

/*
 * Graceful shutdown (docs/decisions/0020-backups-and-shutdown.md): on SIGTERM the server stops accepting, ends
 * event streams with a `retry:` hint, lets requests in flight finish (cut after SHUTDOWN_GRACE_MS), closes the
 * database and exits 0.
 */

/** Ports for the servers this file starts (crash tests 3500-3509, shutdown tests 3510-3519). */
const PORTS: [number, number] = [3510, 3519];
const servers: ServerProcess[] = [];
// Outside tmp/vitest, which another test run starting meanwhile would empty.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-shutdown-"));
afterAll(() => {
  servers.forEach((server) => server.kill());
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An open event stream, read as it comes: `connected` once its headers arrive, `ended` with all it sent. */
function openEventStream(baseUrl: string) {
  let text = "";
  let connect!: () => void;
  const connected = new Promise<void>((resolve) => (connect = resolve));
  const ended = new Promise<string>((resolve, reject) => {
    const request = http.get(`${baseUrl}/leaderboard/events?board=normal`, { agent: false }, (response) => {
      connect();
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve(text));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
  return { connected, ended };
}

/** A POST whose body is sent in two parts, so that it is in flight for as long as the test likes. */
function slowPost(baseUrl: string, urlPath: string, headers: Record<string, string>, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  let request!: http.ClientRequest;
  const answered = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      request = http.request(
        `${baseUrl}${urlPath}`,
        { method: "POST", agent: false, headers: { ...headers, "Content-Length": String(bytes.length) } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
    },
  );
  request.write(bytes.subarray(0, half));
  return { answered, finish: () => request.end(bytes.subarray(half)) };
}

async function refusesConnections(baseUrl: string): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${baseUrl}/healthcheck`);
    } catch {
      return true;
    }
    await sleep(50);
  }
  return false;
}

describe("graceful shutdown of the production server", () => {
  it("on SIGTERM ends event streams with a retry hint, finishes the request in flight, closes the database, exits 0", async () => {
    const buildDir = await productionBuild();
    const databasePath = path.join(dir, "clean.db");
    const server = await startServer({ buildDir, databasePath, ports: PORTS });
    servers.push(server);

    const run = await startRun(server.baseUrl);
    const stream = openEventStream(server.baseUrl);
    await stream.connected;
    const answers = honestAnswers({ spec: run.spec, seed: run.seed } as RunTicket, 2, { gapMs: 400 });
    const finish = slowPost(
      server.baseUrl,
      "/game/finish",
      { "Content-Type": "application/json", Cookie: run.cookie },
      JSON.stringify({ token: run.token, answers }),
    );
    // The finish is in the app, waiting for the rest of its body, when the signal comes.
    await sleep(500);
    server.child.kill("SIGTERM");

    expect(await stream.ended).toMatch(/^retry: \d{4}\n\n$/m);
    expect(await refusesConnections(server.baseUrl)).toBe(true);
    finish.finish();
    const reply = await finish.answered;
    expect(reply.status, reply.body).toBe(200);
    const { runId } = JSON.parse(reply.body) as { runId: string };

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/SIGTERM received[\s\S]*1 event stream\(s\) told to reconnect[\s\S]*Shut down\./);
    // Closed cleanly: the write-ahead log was folded into the file and removed.
    expect(fs.existsSync(`${databasePath}-wal`)).toBe(false);
    const file = new Database(databasePath, { readonly: true });
    expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(file.prepare("select count(*) from game_runs where id = ?").pluck().get(runId)).toBe(1);
    file.close();
  }, 60_000);

  it("cuts a request still unfinished after SHUTDOWN_GRACE_MS, and still exits 0", async () => {
    const buildDir = await productionBuild();
    const databasePath = path.join(dir, "cut.db");
    const server = await startServer({ buildDir, databasePath, ports: PORTS, env: { SHUTDOWN_GRACE_MS: "1000" } });
    servers.push(server);

    const stuck = slowPost(server.baseUrl, "/game/finish", { "Content-Type": "application/json" }, '{"token":"x"}');
    const outcome = stuck.answered.then(
      () => "answered",
      (error: NodeJS.ErrnoException) => error.code,
    );
    await sleep(300);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const waited = Date.now() - signalled;
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeLessThan(5000);
    expect(await outcome).toBe("ECONNRESET");
    expect(server.output()).toMatch(/1 connection\(s\) still busy after 1000 ms were cut/);
  }, 60_000);
});

describe("the app's side of a shutdown (in this process)", () => {
  it("ends open streams with a spread-out retry hint, answers new ones with it at once, and closes the database", async () => {
    const feed = http.createServer((req, res) => handleLeaderboardEvents(req, res, "127.0.0.1"));
    await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
    const feedUrl = `http://127.0.0.1:${(feed.address() as { port: number }).port}`;
    const open = openEventStream(feedUrl);
    await open.connected;

    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    await shutDownGracefully(server, { graceMs: 500, app: lifecycle });
    expect(logged).toHaveBeenCalledWith("Shutting down: no new connections, 1 event stream(s) told to reconnect.");
    logged.mockRestore();

    const retry = Number(/^: open\n\nretry: (\d+)\n\n$/.exec(await open.ended)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(1000);
    expect(retry).toBeLessThan(5000);
    const late = await fetch(`${feedUrl}/leaderboard/events?board=normal`);
    expect(late.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(await late.text()).toMatch(/^retry: \d+\n\n$/);
    feed.close();
    expect(db.$client.open).toBe(false);
  });
});
