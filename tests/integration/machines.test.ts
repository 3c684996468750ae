import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spacedJoinCode as spaced } from "~/live/join-code";
import { startFlyFront, type FlyFront } from "./fly-front";
import { productionBuild, startServer, type ServerProcess } from "./server-process";

/*
 * Live games on every machine (docs/decisions/0088-live-games-on-every-machine.md), with three machines really
 * running: a primary and two replicas, separate production server processes on one SQLite file (each replica told
 * it is one as LiteFS tells it, by a `.primary` file in its LITEFS_DIR; tests/integration/replica.test.ts), each
 * with its own FLY_MACHINE_ID, behind ./fly-front.ts, which replays `fly-replay` answers as Fly's proxy does. A
 * test picks the machine a request lands on with `fly-force-instance-id`, as a client of Fly may.
 */

/** Ports: the front on 3380, the machines in 3381-3389 (clear of the end-to-end suites' 3300-3370). */
const FRONT_PORT = 3380;
const PORTS: [number, number] = [3381, 3389];
const SECRET = "machines-test-secret-0123456789-abcdef";
const P = "machine-p";
const A = "machine-a";
const B = "machine-b";
const SECOND_TEACHER = "machines-teacher-2";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-machines-"));
const databasePath = path.join(dir, "app.db");
const machines = new Map<string, ServerProcess>();
let front: FlyFront;
let seed: { teacherCode: string; secondTeacherCode: string; pupils: Map<string, string> };
/** Games each machine may hold (LIVE_GAME_MAX_GAMES): small, so that a test fills a machine (decision 0094). */
const CAPACITY: Record<string, string> = { [P]: "1", [A]: "1", [B]: "2" };
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
      LIVE_GAME_MAX_GAMES: CAPACITY[id]!,
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
  // A second teacher, given the demo school's second class: two hosts, to fill every machine (decision 0094).
  const secondTeacherCode = "80142957";
  const sqlite = new Database(databasePath);
  sqlite
    .prepare("INSERT INTO teachers (id, name, school_id, login_code) VALUES (?, ?, 'demo-school', ?)")
    .run(SECOND_TEACHER, "Mr Osei", secondTeacherCode);
  sqlite.prepare("UPDATE classes SET teacher_id = ? WHERE id = 'demo-class-2'").run(SECOND_TEACHER);
  sqlite.close();
  seed = {
    teacherCode: /teacher .*: code (\d{8})/.exec(seeded.stdout)![1]!,
    secondTeacherCode,
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

/** A write to the database file as if by the primary (a row taken away to stand for one not replicated yet). */
function write(sql: string, ...params: unknown[]): void {
  const sqlite = new Database(databasePath);
  try {
    sqlite.prepare(sql).run(...params);
  } finally {
    sqlite.close();
  }
}

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
    get: async (on: string, urlPath: string) =>
      keep(
        await fetch(`${front.url}${urlPath}`, {
          redirect: "manual",
          headers: { Cookie: cookie(), "fly-force-instance-id": on },
        }),
      ),
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

async function teacher(on: string, code = seed.teacherCode): Promise<Browser> {
  const it = browser();
  expect((await it.post(on, "/teacher-login", { code })).status).toBe(302);
  return it;
}

async function pupil(name: string, on: string): Promise<Browser> {
  const it = browser();
  expect((await it.post(on, "/student-login", { code: seed.pupils.get(name)! })).status).toBe(302);
  return it;
}

const classId = () => query<{ id: string }>("SELECT id FROM classes WHERE name = 'Year 3 Owls'")[0]!.id;
const SECOND_CLASS = "demo-class-2";
const studentId = (name: string) => query<{ id: string }>("SELECT id FROM students WHERE name = ?", name)[0]!.id;
const runsOf = (name: string) =>
  // The seed's own runs (ids "demo-…") left out: the live games' runs only.
  query<{ id: string }>(
    "SELECT id FROM game_runs WHERE student_id = ? AND id NOT LIKE 'demo-%' ORDER BY id",
    studentId(name),
  );
const placeOf = (code: string) =>
  query<{ machine_id: string }>("SELECT machine_id FROM live_game_machines WHERE code = ?", code)[0]?.machine_id;

/** The host's form for a class game, sent with the request landing on `on`. */
const openGame = (who: Browser, on: string, klass = classId()) =>
  who.post(on, "/live/host", { classId: klass, difficulty: "easy", duration: "30", operations: "addition" });

/** Opens a class game with the request landing on `on`; returns its code once the primary has noted its machine. */
async function host(who: Browser, on: string, klass = classId()): Promise<string> {
  const opened = await openGame(who, on, klass);
  expect(opened.status, await opened.clone().text()).toBe(302);
  const code = /\/live\/(\d{11})\/host$/.exec(opened.headers.get("location") ?? "")![1]!;
  await until(
    "the game's machine noted",
    () => placeOf(code),
    (machine) => machine !== undefined,
  );
  return code;
}

/** The host closes a game, the request landing on `on`. */
async function close(who: Browser, on: string, code: string) {
  expect((await who.post(on, `/live/${code}/host`, { intent: "close" })).status).toBe(302);
  await until(
    "the game's row gone",
    () => placeOf(code),
    (machine) => machine === undefined,
  );
}

// The machines' own requests (renewals, every 500 ms) pass the front too: a test reads the entries of its own path.
const lastReplayOf = (urlPath: string) => front.replays.filter((each) => each.path === urlPath).at(-1);
const lastServedOf = (urlPath: string) => front.served.filter((each) => each.path === urlPath).at(-1);

type Lease = { machine_id: string; games: number; alive_until: number };
/** Every machine's lease row, by machine (shown as an object when a wait fails). */
class Leases extends Map<string, Lease> {
  toJSON() {
    return Object.fromEntries(this);
  }
}
const leases = () =>
  new Leases(
    query<Lease>("SELECT machine_id, games, alive_until FROM live_machines").map((row) => [row.machine_id, row]),
  );

/** Waits until each machine named has renewed its lease showing this many games. */
const leasesShow = (games: Record<string, number>) =>
  until(`leases showing ${JSON.stringify(games)}`, leases, (rows) =>
    Object.entries(games).every(([id, count]) => rows.get(id)?.games === count),
  );

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

// One story: A is killed in the second test and started again in the fifth; the primary goes away and comes back
// in the fourth and fifth. Each test closes its games, so that the next finds every machine empty.
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
      await close(teacherOnA, B, code);
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
      await close(teacherOnB, P, onB);
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
      await close(teacherOnB, P, code);
    } finally {
      stream.close();
    }
  }, 60_000);

  it("the primary away longer than the lease: no machine takes a healthy game as stopped", async () => {
    await startMachine(A);
    await leasesShow({ [A]: 0 });
    const teacherOnB = await teacher(B);
    const code = await host(teacherOnB, B);
    const amara = await pupil("Amara Okafor", A);
    await join(amara, A, code);
    const stream = amara.follow(A, `/live/${code}/events`);
    try {
      expect((await teacherOnB.post(A, `/live/${code}/host`, { intent: "start" })).status).toBe(302);
      await playOne(amara, A, code, stream);
      const primary = machines.get(P)!;
      primary.child.kill("SIGKILL");
      await primary.exited;
      // No renewal can be written: every machine's lease runs out, and well past it.
      const frozen = Math.max(...[...leases().values()].map((lease) => lease.alive_until));
      await until(
        "every lease run out",
        () => Date.now(),
        (at) => at > frozen + 1_500,
      );
      // B's game, asked for on A, is still B's: A sends it there, and B answers with the round being played.
      const again = amara.follow(A, `/live/${code}/events`);
      try {
        const text = await until(
          "B's game answers",
          () => again.text(),
          (seen) => seen.includes("event:"),
        );
        expect(text).toContain("event: state");
        expect(text).not.toContain("event: closed");
      } finally {
        again.close();
      }
      const answered = await amara.json(A, `/live/${code}/answer`, { answers: [{ i: 1, value: "2", t: 0 }] });
      expect(answered.status, await answered.clone().text()).toBe(200);
      expect(stream.text()).not.toContain("event: closed");
      // The primary back: the leases are renewed, and the game plays on.
      await startMachine(P);
      await until(
        "B's lease renewed",
        () => leases().get(B)!.alive_until,
        (aliveUntil) => aliveUntil > Date.now(),
      );
      expect(stream.text()).not.toContain("event: closed");
      await close(teacherOnB, B, code);
    } finally {
      stream.close();
    }
  }, 60_000);

  it("a full machine hands a new game to the machine with room; every machine full, the teacher is refused", async () => {
    await leasesShow({ [P]: 0, [A]: 0, [B]: 0 });
    const first = await teacher(P);
    const second = await teacher(B, seed.secondTeacherCode);
    const games = [await host(first, P), await host(second, B, SECOND_CLASS), await host(second, B, SECOND_CLASS)];
    expect(games.map(placeOf)).toEqual([P, B, B]);
    await leasesShow({ [P]: 1, [A]: 0, [B]: 2 });
    // B is full: the game goes to A, the machine the leases show with room (never to P, full too).
    const handed = await host(first, B);
    expect(placeOf(handed)).toBe(A);
    expect(lastReplayOf("/live/host")).toEqual({
      machine: B,
      path: "/live/host",
      fields: `instance=${A};state=live-full`,
    });
    games.push(handed);
    await leasesShow({ [A]: 1 });
    // Every machine full: a teacher below their own cap meets the refusal, and nothing opens.
    const rows = () => query<{ n: number }>("SELECT count(*) AS n FROM live_game_machines")[0]!.n;
    const before = rows();
    const refused = await openGame(second, A, SECOND_CLASS);
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain(
      "Too many live games are being played right now. Try again in a few minutes.",
    );
    expect(lastReplayOf("/live/host")).toEqual({
      machine: A,
      path: "/live/host",
      fields: "elsewhere=true;state=live-full",
    });
    expect(rows()).toBe(before);
    for (const code of games) await close(placeOf(code) === B ? second : first, P, code);
  }, 60_000);

  it("a teacher's games count on every machine: the host's page lists them all, and a fourth is refused", async () => {
    await leasesShow({ [P]: 0, [A]: 0, [B]: 0 });
    const teacherOnB = await teacher(B);
    const games = [await host(teacherOnB, A), await host(teacherOnB, P), await host(teacherOnB, B)];
    expect(games.map(placeOf)).toEqual([A, P, B]);
    // B holds one of the three; its host page lists all three.
    const page = await (await teacherOnB.get(B, "/live/host")).text();
    for (const code of games) expect(page).toContain(`href="/live/${code}/host"`);
    // B has room for another game, but the teacher holds three: refused there, as on any machine.
    await leasesShow({ [B]: 1 });
    const refused = await openGame(teacherOnB, B);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You have 3 live games open. Close one before you open another.");
    expect(lastServedOf("/live/host")).toMatchObject({ machine: B, method: "POST" });
    for (const code of games) await close(teacherOnB, P, code);
  }, 60_000);

  it("a pupil's dashboard on B shows Join for the class's game on A, and the Join reaches it", async () => {
    const teacherOnA = await teacher(A);
    const code = await host(teacherOnA, A);
    const amara = await pupil("Amara Okafor", B);
    const dashboard = await (await amara.get(B, "/student-game")).text();
    expect(dashboard).toContain("Your class is playing a live game");
    expect(dashboard).toContain(`action="/live?code=${code}"`);
    const joined = await amara.post(B, `/live?code=${code}`, { intent: "pupil", code });
    expect(joined.headers.get("location")).toBe(`/live/${code}`);
    expect(lastServedOf(`/live?code=${code}`)).toMatchObject({ machine: A, method: "POST" });
    await close(teacherOnA, B, code);
    expect(await (await amara.get(B, "/student-game")).text()).not.toContain("Your class is playing a live game");
  }, 60_000);

  it("a join before the game's row reaches a replica goes through the primary; strangers learn nothing", async () => {
    const teacherOnP = await teacher(P);
    const onP = await host(teacherOnP, P);
    // The row not on B yet (one file here: taken away, as B would not have it in the moment after opening).
    write("DELETE FROM live_game_machines WHERE code = ?", onP);
    const amara = await pupil("Amara Okafor", B);
    await join(amara, B, onP);
    expect(front.replays).toContainEqual({
      machine: B,
      path: `/live?code=${onP}`,
      fields: `instance=${P};state=live-find`,
    });
    expect(lastServedOf(`/live?code=${onP}`)).toMatchObject({ machine: P, method: "POST" });
    const stream = amara.follow(B, `/live/${onP}/events`);
    try {
      await until(
        "her stream, from P",
        () => stream.text(),
        (text) => text.includes("event: state"),
      );
    } finally {
      stream.close();
    }

    // A stranger on B: a class's game on A (its row there) and a code no game has are answered alike.
    const onA = await host(teacherOnP, A);
    const missing = "00000000000" === onA ? "00000000001" : "00000000000";
    const stranger = browser();
    const same = (text: string) => text.replace(/nonce="[^"]*"/g, "").replace(/"now":\d+/g, "");
    const answers = async (code: string) => {
      const joinPage = await stranger.get(B, `/live?code=${code}`);
      const joined = await stranger.post(B, `/live?code=${code}`, {
        intent: "guest",
        code,
        adjective: "Brave",
        animal: "Otter",
      });
      const events = await fetch(`${front.url}/live/${code}/events`, { headers: { "fly-force-instance-id": B } });
      return [
        joinPage.status,
        same(await joinPage.text())
          .replaceAll(code, "CODE")
          .replaceAll(spaced(code), "CODE"),
        joined.status,
        same(await joined.text())
          .replaceAll(code, "CODE")
          .replaceAll(spaced(code), "CODE"),
        events.status,
        same(await events.text()),
      ];
    };
    const real = await answers(onA);
    expect(real[2]).toBe(404);
    expect(await answers(missing)).toEqual(real);
    for (const code of [onP, onA]) await close(teacherOnP, B, code);
  }, 60_000);
});
