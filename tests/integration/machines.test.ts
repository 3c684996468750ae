import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFlyFront, type FlyFront } from "./fly-front";
import { productionBuild, startServer, type ServerProcess } from "./server-process";

/*
 * Live games on every machine (docs/decisions/0088-live-games-on-every-machine.md), with three machines really
 * running: a primary and two replicas, separate production server processes on one SQLite file (each replica told
 * it is one as LiteFS tells it, by a `.primary` file in its LITEFS_DIR; tests/integration/replica.test.ts), each
 * with its own FLY_MACHINE_ID, behind ./fly-front.ts, which replays `fly-replay` answers as Fly's proxy does. A
 * test picks the machine a request lands on with `fly-force-instance-id`, as a client of Fly may.
 */

/** Ports: the front on 3370, the machines in 3371-3379. */
const FRONT_PORT = 3370;
const PORTS: [number, number] = [3371, 3379];
const SECRET = "machines-test-secret-0123456789-abcdef";
const P = "machine-p";
const A = "machine-a";
const B = "machine-b";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-machines-"));
const databasePath = path.join(dir, "app.db");
const machines = new Map<string, ServerProcess>();
let front: FlyFront;
let seed: { teacherCode: string; pupils: Map<string, string> };
let buildDirOf = "";

/** Starts (or starts again) one machine: its own LITEFS_DIR and FLY_MACHINE_ID, the front's origin as SITE_URL. */
async function startMachine(id: string) {
  const server = await startServer({
    buildDir: buildDirOf,
    databasePath,
    ports: PORTS,
    env: {
      LITEFS_DIR: path.join(dir, `litefs-${id}`),
      FLY_MACHINE_ID: id,
      SITE_URL: front.url,
      SESSION_SECRET: SECRET,
      LIVE_MACHINE_LEASE_MS: "1500",
    },
  });
  machines.set(id, server);
}

beforeAll(async () => {
  const buildDir = await productionBuild();
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...process.env, DATABASE_PATH: databasePath, NODE_ENV: "development" },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`The seed failed:\n${seeded.stdout}${seeded.stderr}`);
  seed = {
    teacherCode: /teacher .*: code (\d{8})/.exec(seeded.stdout)![1]!,
    pupils: new Map([...seeded.stdout.matchAll(/^ {4}(.*): code (\d{8})$/gm)].map((m) => [m[1]!, m[2]!])),
  };
  front = await startFlyFront(() => [...machines].map(([id, server]) => ({ id, baseUrl: server.baseUrl })), FRONT_PORT);
  buildDirOf = buildDir;
  for (const id of [P, A, B]) {
    const litefsDir = path.join(dir, `litefs-${id}`);
    fs.mkdirSync(litefsDir);
    // LiteFS writes the primary's name, with a newline, on replicas only.
    if (id !== P) fs.writeFileSync(path.join(litefsDir, ".primary"), `${P}\n`);
    await startMachine(id);
  }
}, 240_000);

afterAll(async () => {
  for (const server of machines.values()) server.kill();
  await front?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function query<T>(sql: string, ...params: unknown[]): T[] {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    return sqlite.prepare(sql).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}

/** Waits for a state, checking every 50 ms; fails with the last value after the time given. */
async function until<T>(what: string, read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A browser: its cookies, and requests through the front landing on the machine it names. */
function browser() {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const keep = (response: Response) => {
    for (const set of response.headers.getSetCookie()) {
      const [pair = ""] = set.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  return {
    cookie,
    post: async (on: string, urlPath: string, form: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
      return keep(
        await fetch(`${front.url}${urlPath}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: front.url,
            Cookie: cookie(),
            "fly-force-instance-id": on,
          },
          body,
        }),
      );
    },
    json: (on: string, urlPath: string, value: unknown) =>
      fetch(`${front.url}${urlPath}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie(), "fly-force-instance-id": on },
        body: JSON.stringify(value),
      }),
    /** An event stream (as EventSource opens it), read as text until closed. */
    follow: (on: string, urlPath: string) => {
      let text = "";
      let status = 0;
      let ended = false;
      const request = http.get(
        `${front.url}${urlPath}`,
        { agent: false, headers: { Cookie: cookie(), "fly-force-instance-id": on, Accept: "text/event-stream" } },
        (response) => {
          status = response.statusCode ?? 0;
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("close", () => (ended = true));
        },
      );
      request.on("error", () => (ended = true));
      return { text: () => text, status: () => status, ended: () => ended, close: () => request.destroy() };
    },
  };
}

type Browser = ReturnType<typeof browser>;

async function teacher(on: string): Promise<Browser> {
  const it = browser();
  expect((await it.post(on, "/teacher-login", { code: seed.teacherCode })).status).toBe(302);
  return it;
}

async function pupil(name: string, on: string): Promise<Browser> {
  const it = browser();
  expect((await it.post(on, "/student-login", { code: seed.pupils.get(name)! })).status).toBe(302);
  return it;
}

const classId = () => query<{ id: string }>("SELECT id FROM classes WHERE name = 'Year 3 Owls'")[0]!.id;
const studentId = (name: string) => query<{ id: string }>("SELECT id FROM students WHERE name = ?", name)[0]!.id;
const runsOf = (name: string) =>
  // The seed's own runs (ids "demo-…") left out: the live games' runs only.
  query<{ id: string }>(
    "SELECT id FROM game_runs WHERE student_id = ? AND id NOT LIKE 'demo-%' ORDER BY id",
    studentId(name),
  );
const placeOf = (code: string) =>
  query<{ machine_id: string }>("SELECT machine_id FROM live_game_machines WHERE code = ?", code)[0]?.machine_id;

/** Opens a class game with the request landing on `on`; returns its code once the primary has noted its machine. */
async function host(who: Browser, on: string): Promise<string> {
  const opened = await who.post(on, "/live/host", {
    classId: classId(),
    difficulty: "easy",
    duration: "30",
    operations: "addition",
  });
  expect(opened.status).toBe(302);
  const code = /\/live\/(\d{11})\/host$/.exec(opened.headers.get("location") ?? "")![1]!;
  await until(
    "the game's machine noted",
    () => placeOf(code),
    (machine) => machine !== undefined,
  );
  return code;
}

async function join(who: Browser, on: string, code: string) {
  const joined = await who.post(on, `/live?code=${code}`, { intent: "pupil", code });
  expect(joined.status, await joined.clone().text()).toBe(302);
  expect(joined.headers.get("location")).toBe(`/live/${code}`);
}

/** The player's stream shows the round being played; then one answer, through the machine given. */
async function playOne(who: Browser, on: string, code: string, stream: ReturnType<Browser["follow"]>) {
  await until(
    "the round started",
    () => stream.text(),
    (text) => text.includes('"phase":"playing"'),
    10_000,
  );
  const answered = await who.json(on, `/live/${code}/answer`, { answers: [{ i: 0, value: "1", t: 0 }] });
  expect(answered.status, await answered.clone().text()).toBe(200);
}

// One story: A is killed in the second test and stays down, the primary goes away and comes back in the last.
describe("live games on three machines", { shuffle: false }, () => {
  it("a teacher hosts on replica A; pupils on B and on the primary play the game; its results are written once", async () => {
    const teacherOnA = await teacher(A);
    const code = await host(teacherOnA, A);
    expect(placeOf(code)).toBe(A);
    const amara = await pupil("Amara Okafor", B);
    const ben = await pupil("Ben Carter", P);
    await join(amara, B, code);
    await join(ben, P, code);
    const amaraStream = amara.follow(B, `/live/${code}/events`);
    const benStream = ben.follow(P, `/live/${code}/events`);
    try {
      // Every request of the game was answered by A, wherever it landed.
      expect((await teacherOnA.post(B, `/live/${code}/host`, { intent: "start" })).status).toBe(302);
      await playOne(amara, B, code, amaraStream);
      await playOne(ben, P, code, benStream);
      expect((await teacherOnA.post(P, `/live/${code}/host`, { intent: "end" })).status).toBe(302);
      await until(
        "the podium",
        () => amaraStream.text(),
        (text) => text.includes('"phase":"podium"'),
      );
      const amaraRuns = await until(
        "Amara's run written",
        () => runsOf("Amara Okafor"),
        (rows) => rows.length === 1,
      );
      expect(runsOf("Ben Carter")).toHaveLength(1);
      const gameRequests = front.served.filter(
        (each) => each.path.startsWith(`/live/${code}`) || each.path.includes(code),
      );
      expect(new Set(gameRequests.map((each) => each.machine))).toEqual(new Set([A]));

      // The same results sent again (a retry after a lost answer) write nothing and get the same run back.
      const body = JSON.stringify({
        sentAt: Date.now(),
        ask: {
          op: "results",
          round: {
            code,
            spec: { mode: "live" },
            seed: "0",
            startedAt: 0,
            finishedAt: 1,
            pupils: [{ studentId: studentId("Amara Okafor"), answers: [], runId: amaraRuns[0]!.id }],
          },
        },
      });
      const signature = crypto.createHmac("sha256", SECRET).update(`live-primary:${body}`).digest("base64url");
      const again = await fetch(`${front.url}/live-primary`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-live-signature": signature, "fly-force-instance-id": B },
        body,
      });
      expect(await again.json()).toEqual({ ok: true, runIds: [amaraRuns[0]!.id] });
      expect(runsOf("Amara Okafor")).toEqual(amaraRuns);
      // Ben erased by his teacher (on the primary): A's game forgets him at once, and his page is told.
      const erased = await teacherOnA.post(P, `/teacher-dashboard?class=${classId()}`, {
        intent: "delete-student",
        studentId: studentId("Ben Carter"),
      });
      expect(erased.status).toBe(302);
      await until(
        "Ben's page told he was removed",
        () => benStream.text(),
        (text) => text.includes("event: removed"),
      );
      // Unsigned, it is refused.
      const forged = await fetch(`${front.url}/live-primary`, {
        method: "POST",
        body,
        headers: { "x-live-signature": "x" },
      });
      expect(forged.status).toBe(403);
    } finally {
      amaraStream.close();
      benStream.close();
    }
  }, 60_000);

  it("replica A killed mid-game: its players are told the game stopped; a game on B finishes, written once", async () => {
    const teacherOnA = await teacher(A);
    const onA = await host(teacherOnA, A);
    const teacherOnB = await teacher(B);
    const onB = await host(teacherOnB, B);
    expect([placeOf(onA), placeOf(onB)]).toEqual([A, B]);
    const chloe = await pupil("Chloé Martin", P);
    const dev = await pupil("Dev Patel", P);
    await join(chloe, B, onA);
    await join(dev, P, onB);
    const chloeStream = chloe.follow(B, `/live/${onA}/events`);
    const devStream = dev.follow(A, `/live/${onB}/events`);
    const devRunsBefore = runsOf("Dev Patel").length;
    try {
      expect((await teacherOnA.post(P, `/live/${onA}/host`, { intent: "start" })).status).toBe(302);
      expect((await teacherOnB.post(P, `/live/${onB}/host`, { intent: "start" })).status).toBe(302);
      await playOne(chloe, P, onA, chloeStream);
      await playOne(dev, P, onB, devStream);

      machines.get(A)!.child.kill("SIGKILL");
      await machines.get(A)!.exited;
      await until("Chloé's stream cut", () => chloeStream.ended(), Boolean);
      // Her page comes back as EventSource does, landing on B, until it is told the game stopped.
      const told = await until(
        "Chloé told the game stopped",
        async () => {
          const again = chloe.follow(B, `/live/${onA}/events`);
          await until("an answer", () => again.ended() || again.text().includes("event:"), Boolean, 5_000);
          again.close();
          return again.text();
        },
        (text) => text.includes("event: closed"),
      );
      expect(told).toContain('"reason":"restart"');

      // Dev's game on B plays on and finishes; its results reach the primary once.
      const devAgain = dev.follow(P, `/live/${onB}/events`);
      try {
        await until(
          "Dev's game still playing",
          () => devAgain.text(),
          (text) => text.includes('"phase":"playing"'),
        );
        expect((await teacherOnB.post(P, `/live/${onB}/host`, { intent: "end" })).status).toBe(302);
        await until(
          "the podium on B",
          () => devAgain.text(),
          (text) => text.includes('"phase":"podium"'),
        );
        await until(
          "Dev's run written",
          () => runsOf("Dev Patel").length,
          (count) => count === devRunsBefore + 1,
        );
      } finally {
        devAgain.close();
      }
      // B still holds its game (its lease renewed); A's game wrote nothing.
      expect(placeOf(onB)).toBe(B);
      expect(runsOf("Chloé Martin")).toHaveLength(0);
    } finally {
      chloeStream.close();
      devStream.close();
    }
  }, 90_000);

  it("refuses the machines' own requests from anyone without the secret, writing nothing", async () => {
    const rows = () => query<{ n: number }>("SELECT count(*) AS n FROM live_game_machines")[0]!.n;
    const before = rows();
    const ask = { op: "place", code: "48271903562", machineId: "intruder" };
    const signed = (sentAt: number) => {
      const body = JSON.stringify({ sentAt, ask });
      return {
        body,
        signature: crypto.createHmac("sha256", SECRET).update(`live-primary:${body}`).digest("base64url"),
      };
    };
    for (const urlPath of ["/live-primary", "/live/machine"]) {
      const send = (body: string, headers: Record<string, string> = {}, method = "POST") =>
        fetch(`${front.url}${urlPath}`, {
          method,
          headers: { "Content-Type": "application/json", "fly-force-instance-id": B, ...headers },
          body: method === "POST" ? body : undefined,
        });
      expect((await send("", {}, "GET")).status, urlPath).toBe(405);
      const fresh = signed(Date.now());
      expect((await send(fresh.body)).status, `${urlPath} unsigned`).toBe(403);
      expect((await send(fresh.body, { "x-live-signature": "not-it" })).status, `${urlPath} forged`).toBe(403);
      const stale = signed(Date.now() - 10 * 60 * 1000);
      expect((await send(stale.body, { "x-live-signature": stale.signature })).status, `${urlPath} stale`).toBe(403);
      expect((await send("x".repeat(1_100_000))).status, `${urlPath} too large`).toBe(413);
    }
    expect(rows()).toBe(before);
  }, 30_000);

  it("the primary away at the podium: the game's machine retries, and the results are written once it is back", async () => {
    const teacherOnB = await teacher(B);
    const code = await host(teacherOnB, B);
    const amara = await pupil("Amara Okafor", B);
    await join(amara, B, code);
    const stream = amara.follow(B, `/live/${code}/events`);
    const before = runsOf("Amara Okafor").length;
    try {
      expect((await teacherOnB.post(B, `/live/${code}/host`, { intent: "start" })).status).toBe(302);
      await playOne(amara, B, code, stream);
      const primary = machines.get(P)!;
      primary.child.kill("SIGKILL");
      await primary.exited;
      // The round ends on B while no primary answers: the podium is shown, the results wait.
      expect((await teacherOnB.post(B, `/live/${code}/host`, { intent: "end" })).status).toBe(302);
      await until(
        "the podium",
        () => stream.text(),
        (text) => text.includes('"phase":"podium"'),
      );
      expect(runsOf("Amara Okafor")).toHaveLength(before);
      await startMachine(P);
      await until(
        "Amara's run written",
        () => runsOf("Amara Okafor").length,
        (count) => count === before + 1,
      );
    } finally {
      stream.close();
    }
  }, 60_000);
});
