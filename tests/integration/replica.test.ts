import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunTicket } from "~/runs/tokens.server";
import { honestAnswers } from "./helpers";
import { productionBuild, startRun, startServer, type ServerProcess } from "./server-process";

/*
 * A primary and a replica (docs/decisions/0023-replicas-and-the-primary.md), as two production server processes
 * on one SQLite file. The replica is made to believe it is one the way LiteFS tells it: its LITEFS_DIR holds a
 * `.primary` file naming the primary (which litefs-js reads). Here both share the file, as a replica shares the
 * primary's data once LiteFS has replicated it; what this proves is the app's side: what the replica serves,
 * what it hears, and that it never writes.
 */

/** Ports for the servers this file starts (crash 3500-3509, shutdown 3510-3519, this file 3520-3529). */
const PORTS: [number, number] = [3520, 3529];
const PRIMARY_ID = "primary-machine-0001";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-replica-"));
const databasePath = path.join(dir, "app.db");
let primary: ServerProcess;
let replica: ServerProcess;
let demo: { admin: { email: string; password: string }; teacherCode: string; pupilCode: string };

beforeAll(async () => {
  const buildDir = await productionBuild();
  // The demo data (a school, its teacher and pupils, an admin) made through the app's own seed.
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...process.env, DATABASE_PATH: databasePath, NODE_ENV: "development" },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`The seed failed:\n${seeded.stdout}${seeded.stderr}`);
  const out = seeded.stdout;
  demo = {
    admin: { email: /username: (\S+)/.exec(out)![1]!, password: /password: (\S+)/.exec(out)![1]! },
    teacherCode: /teacher .*: code (\d{8})/.exec(out)![1]!,
    pupilCode: /^ {4}.*: code (\d{8})$/m.exec(out)![1]!,
  };

  const primaryDir = path.join(dir, "litefs-primary");
  const replicaDir = path.join(dir, "litefs-replica");
  fs.mkdirSync(primaryDir);
  fs.mkdirSync(replicaDir);
  // LiteFS writes the primary's host name, with a newline, on replicas only.
  fs.writeFileSync(path.join(replicaDir, ".primary"), `${PRIMARY_ID}\n`);
  primary = await startServer({ buildDir, databasePath, ports: PORTS, env: { LITEFS_DIR: primaryDir } });
  replica = await startServer({
    buildDir,
    databasePath,
    ports: PORTS,
    // With a provider configured, its callback reaches the code that must write.
    env: { LITEFS_DIR: replicaDir, GOOGLE_CLIENT_ID: "replica-test", GOOGLE_CLIENT_SECRET: "replica-test-secret" },
  });
}, 180_000);

afterAll(() => {
  primary?.kill();
  replica?.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A digest of every row of every table: any write, even one that changes no count, changes it. */
function databaseDigest(): string {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    const hash = crypto.createHash("sha256");
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    for (const table of tables) {
      hash.update(table);
      for (const row of sqlite.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().iterate()) {
        hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("base64") : v)));
      }
    }
    return hash.digest("hex");
  } finally {
    sqlite.close();
  }
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .join("; ");

/** Signs in through the primary (every POST goes there), returning the session cookie. */
async function signIn(urlPath: string, form: Record<string, string>): Promise<string> {
  const response = await fetch(`${primary.baseUrl}${urlPath}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: primary.baseUrl },
    body: new URLSearchParams(form),
  });
  expect(response.status, `sign-in at ${urlPath}`).toBe(302);
  return cookiesOf(response);
}

/** Reads the replica's live feed for one board. */
function followOnReplica(board: string) {
  let text = "";
  const request = http.get(`${replica.baseUrl}/leaderboard/events?board=${board}`, { agent: false }, (response) => {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => (text += chunk));
  });
  return { text: () => text, close: () => request.destroy() };
}

describe("a primary and a replica on one database", () => {
  it("a score finished through the primary shows on the replica's feed and pages within a second", async () => {
    const feed = followOnReplica("normal");
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const run = await startRun(replica.baseUrl);
      // The replica's board, read before the score (and kept: docs/decisions/0035-board-reads-kept-until-a-write.md).
      const board = async () =>
        (
          await fetch(`${replica.baseUrl}/leaderboard?period=daily&board=normal`, { headers: { Cookie: run.cookie } })
        ).text();
      expect(await board()).not.toContain("(You)");
      expect(await board()).not.toContain("(You)");
      // Three honest answers 400 ms apart: the run must have lasted that long before it may finish.
      await new Promise((resolve) => setTimeout(resolve, 900));
      const answers = honestAnswers({ spec: run.spec, seed: run.seed } as RunTicket, 3, { gapMs: 400 });
      const finished = await fetch(`${primary.baseUrl}/game/finish`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: run.cookie },
        body: JSON.stringify({ token: run.token, answers }),
      });
      expect(finished.status).toBe(200);
      const { runId } = (await finished.json()) as { runId: string };
      const answeredAt = Date.now();
      while (!feed.text().includes("event: entry") && Date.now() - answeredAt < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(Date.now() - answeredAt).toBeLessThan(1_000);
      expect(feed.text()).toMatch(/event: entry\ndata: \{"board":"normal","id":\d+\}\n\n/);
      // The primary's write, seen by the replica's process: the kept board is read again.
      expect(await board()).toContain("(You)");

      const results = await fetch(`${replica.baseUrl}/game/results/${runId}`, { headers: { Cookie: run.cookie } });
      expect(results.status).toBe(200);
      const html = await results.text();
      expect(html).toContain(runId);
      // The run's own row on the board beside it, read from the replica.
      expect(html).toContain("Anonymous Player");
    } finally {
      feed.close();
    }
  });

  it("answers every write sent to the replica with fly-replay to the primary, and writes nothing", async () => {
    const before = databaseDigest();
    const run = await startRun(replica.baseUrl);
    const writes: [string, RequestInit][] = [
      [
        "/game/finish",
        {
          headers: { "Content-Type": "application/json", Cookie: run.cookie },
          body: JSON.stringify({ token: run.token, answers: [] }),
        },
      ],
      ["/student-login", { body: new URLSearchParams({ code: demo.pupilCode }) }],
      ["/admin", { body: new URLSearchParams({ intent: "login", username: "x@example.com", password: "nope" }) }],
      ["/contact", { body: new URLSearchParams({ name: "A", email: "a@example.com", message: "Hello there" }) }],
    ];
    for (const [urlPath, init] of writes) {
      const response = await fetch(`${replica.baseUrl}${urlPath}`, {
        ...init,
        method: "POST",
        redirect: "manual",
        headers: { Origin: replica.baseUrl, ...(init.headers as Record<string, string>) },
      });
      expect(response.status, urlPath).toBe(409);
      expect(response.headers.get("fly-replay"), urlPath).toBe(`instance=${PRIMARY_ID}`);
    }
    expect(databaseDigest()).toBe(before);
  });

  it("answers a 2 MB upload with fly-replay before reading its body", async () => {
    const before = databaseDigest();
    const boundary = "----replica-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nschool-logo\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const length = head.length + 2 * 1024 * 1024;
    let sent = 0;
    const answer = await new Promise<{ status: number; replay: string; sentBefore: number }>((resolve, reject) => {
      const request = http.request(
        `${replica.baseUrl}/admin`,
        {
          method: "POST",
          agent: false,
          headers: {
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": String(length),
            Origin: replica.baseUrl,
          },
        },
        (response) => {
          resolve({ status: response.statusCode!, replay: String(response.headers["fly-replay"]), sentBefore: sent });
          response.resume();
          request.destroy();
        },
      );
      request.on("error", (error) => (sent < length ? undefined : reject(error)));
      // The headers and the first 64 KiB; the rest would follow only if the server asked for more.
      request.write(head);
      request.write(Buffer.alloc(64 * 1024));
      sent = head.length + 64 * 1024;
    });
    expect(answer).toEqual({ status: 409, replay: `instance=${PRIMARY_ID}`, sentBefore: head.length + 64 * 1024 });
    expect(databaseDigest()).toBe(before);
  });

  it("serves every page on the replica, to each role, without a server error and without writing", async () => {
    const admin = await signIn("/admin", {
      intent: "login",
      username: demo.admin.email,
      password: demo.admin.password,
    });
    const teacher = await signIn("/teacher-login", { code: demo.teacherCode });
    const pupil = await signIn("/student-login", { code: demo.pupilCode });
    const sqlite = new Database(databasePath, { readonly: true });
    const classId = sqlite.prepare("SELECT id FROM classes ORDER BY name LIMIT 1").pluck().get() as string;
    sqlite.close();
    const pages: [string | null, string[]][] = [
      [
        null,
        [
          "/",
          "/game",
          "/game/start?difficulty=normal&timeLimit=60",
          "/game/play",
          "/leaderboard?period=daily&board=normal",
          "/leaderboard?period=all-time&board=hard",
          "/daily-challenge",
          "/two-player",
          "/about",
          "/privacy",
          "/terms",
          "/contact",
          "/school",
          "/auth",
          "/auth/verify?token=not-a-token",
          "/auth/reset?token=not-a-token",
          "/auth/logout",
          "/auth/google",
          "/teacher-login",
          "/student-login",
          "/healthcheck",
          "/robots.txt",
          "/sitemap.xml",
          "/no-such-page",
        ],
      ],
      [admin, ["/", "/settings", "/admin", "/admin?tab=schools", "/admin?tab=teachers", "/admin?tab=students"]],
      [teacher, ["", "/overview", "/cards", "/export"].map((page) => `/teacher-dashboard${page}?class=${classId}`)],
      [pupil, ["/student-game", "/student-game/start", "/student-game/play", "/student-progress"]],
    ];
    const before = databaseDigest();
    for (const [cookie, paths] of pages) {
      for (const urlPath of paths) {
        const response = await fetch(`${replica.baseUrl}${urlPath}`, {
          redirect: "manual",
          headers: cookie ? { Cookie: cookie } : {},
        });
        await response.arrayBuffer();
        const as = `${urlPath} as ${cookie ? "signed in" : "a visitor"}`;
        expect(response.status, as).toBeLessThan(500);
        // A signed-in page is the page itself (the no-JS game's play page without a game goes back to the start).
        if (cookie && urlPath !== "/student-game/play") expect(response.status, as).toBe(200);
      }
    }
    expect(databaseDigest()).toBe(before);
    expect(replica.output()).not.toMatch(/readonly|SQLITE_/i);
  });

  it("sends an OAuth callback, the one GET that writes, to the primary before the code is spent", async () => {
    const response = await fetch(`${replica.baseUrl}/auth/google/callback?code=abc&state=xyz`, { redirect: "manual" });
    expect(response.status).toBe(409);
    expect(response.headers.get("fly-replay")).toBe(`instance=${PRIMARY_ID}`);
  });
});
