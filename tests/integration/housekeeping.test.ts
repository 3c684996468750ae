import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testSmtpServer } from "./smtp-test-server";

/*
 * The housekeeping job (app/jobs/housekeeping.server.ts, docs/product.md#privacy-and-retention) against a real
 * SQLite file and a real SMTP server (the smtp-server package on a local port), as in contact.test.ts. The clock
 * is fixed (fake Date), so every row is placed just inside or just past its limit.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);

const smtp = testSmtpServer();
const received = smtp.received;

let job: typeof import("~/jobs/housekeeping.server");
let users: typeof import("~/models/users.server");
let leaderboard: typeof import("~/models/leaderboard.server");
let schools: typeof import("~/models/schools.server");
let setWork: typeof import("~/models/set-work.server");
let codes: typeof import("~/school/login-codes.server");
let dbClient: typeof import("~/db/client.server");
let appConfig: typeof import("~/config.server").config;

beforeAll(async () => {
  // The app reads its configuration once, when first imported: set the mail settings first.
  process.env.SMTP_URL = await smtp.listen();
  process.env.CONTACT_EMAIL = "team@mathssprint.example";
  job = await import("~/jobs/housekeeping.server");
  users = await import("~/models/users.server");
  leaderboard = await import("~/models/leaderboard.server");
  schools = await import("~/models/schools.server");
  setWork = await import("~/models/set-work.server");
  codes = await import("~/school/login-codes.server");
  dbClient = await import("~/db/client.server");
  appConfig = (await import("~/config.server")).config;
});

afterAll(async () => {
  await smtp.close();
});

beforeEach(() => {
  smtp.reset();
  for (const table of ["sessions", "verification_tokens", "daily_leaderboard_entries", "game_runs", "users"]) {
    sql(`DELETE FROM ${table}`);
  }
  sql("DELETE FROM contact_messages");
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function sql(statement: string, ...params: unknown[]) {
  return dbClient.db.$client.prepare(statement).run(...params);
}
const all = <T>(statement: string, ...params: unknown[]) =>
  dbClient.db.$client.prepare(statement).all(...params) as T[];
const ids = (table: string, column = "id") => all<{ id: string | number }>(`SELECT ${column} AS id FROM ${table}`);
const idSet = (table: string, column = "id") => new Set(ids(table, column).map((row) => row.id));

let n = 0;
/** A member (or admin) who signed up `createdAgo` ms before NOW and last signed in `signedInAgo` ms before it. */
function member(createdAgo: number, signedInAgo: number | null, role: "member" | "admin" = "member"): string {
  n += 1;
  const created = users.createMember({
    email: `kid${n}@example.org`,
    phone: null,
    passwordHash: null,
    username: `Tidy Badger ${n}`,
    emailVerified: true,
    role,
  });
  if (!created.ok) throw new Error(`could not create member: ${created.taken}`);
  sql(
    "UPDATE users SET created_at = ?, last_sign_in_at = ? WHERE id = ?",
    NOW - createdAgo,
    signedInAgo === null ? null : NOW - signedInAgo,
    created.id,
  );
  return created.id;
}

function session(id: string, userId: string, expiresAt: number) {
  sql("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", id, userId, expiresAt);
}

function token(hash: string, userId: string, expiresAt: number, usedAt: number | null = null) {
  sql(
    "INSERT INTO verification_tokens (token_hash, kind, user_id, expires_at, used_at) VALUES (?, 'password_reset', ?, ?, ?)",
    hash,
    userId,
    expiresAt,
    usedAt,
  );
}

/** A stored contact message; returns its id. */
function contact(createdAgo: number, mailedAt: number | null = null, text = `Message ${createdAgo}`): number {
  const info = sql(
    "INSERT INTO contact_messages (name, email, subject, message, mailed_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    "Ann Teacher",
    "ann@school.example",
    "Our class",
    text,
    mailedAt,
    NOW - createdAgo,
  );
  return Number(info.lastInsertRowid);
}

const TWO_YEARS = 2 * 365 * DAY;
const YEAR = 365 * DAY;

/** Makes this process believe it is a LiteFS replica (the `.primary` file names another host) during `run`. */
async function asReplica<T>(run: () => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-"));
  fs.writeFileSync(path.join(dir, ".primary"), `not-${os.hostname()}\n`);
  const before = { config: appConfig.litefsDir, env: process.env.LITEFS_DIR };
  appConfig.litefsDir = dir;
  process.env.LITEFS_DIR = dir;
  try {
    return await run();
  } finally {
    appConfig.litefsDir = before.config;
    if (before.env === undefined) delete process.env.LITEFS_DIR;
    else process.env.LITEFS_DIR = before.env;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("housekeeping", () => {
  it("deletes rows past each limit and keeps those inside it", async () => {
    const keeper = member(10 * DAY, DAY);
    session("expired", keeper, NOW - 1);
    session("live", keeper, NOW + DAY);
    session("ends-now", keeper, NOW);

    token("expired-2-days-ago", keeper, NOW - 2 * DAY);
    token("expired-12-hours-ago", keeper, NOW - 12 * 60 * MINUTE);
    token("live", keeper, NOW + 60 * MINUTE);
    token("used-2-days-ago", keeper, NOW + 60 * MINUTE, NOW - 2 * DAY);
    token("used-an-hour-ago", keeper, NOW + 60 * MINUTE, NOW - 60 * MINUTE);

    const oldMember = member(3 * YEAR, TWO_YEARS + DAY);
    const neverSignedInOld = member(TWO_YEARS + DAY, null);
    const oldAdmin = member(3 * YEAR, TWO_YEARS + DAY, "admin");
    const recentMember = member(3 * YEAR, 30 * DAY);
    const neverSignedInRecent = member(YEAR, null);
    const almostTwoYears = member(3 * YEAR, TWO_YEARS - DAY);
    // The old member's scores go with the account, as when a member deletes it (a board row and its best).
    const entryId = leaderboard.recordEntry({
      score: 12,
      totalQuestions: 12,
      accuracy: 100,
      gameType: "normal",
      username: "Tidy Badger",
      userId: oldMember,
      anonId: null,
      runId: null,
      createdAt: NOW - TWO_YEARS - 2 * DAY,
    });
    session("old-member-session", oldMember, NOW - TWO_YEARS);

    const oldMessage = contact(YEAR + DAY, NOW - YEAR - DAY);
    const youngMessage = contact(YEAR - DAY, NOW - YEAR + DAY);

    const report = await job.runHousekeeping();

    expect(report).toMatchObject({ ran: true, sessions: 2, tokens: 2, members: 2, contactMessages: 1, failed: [] });
    expect(idSet("sessions")).toEqual(new Set(["live", "ends-now"]));
    expect(idSet("verification_tokens", "token_hash")).toEqual(
      new Set(["expired-12-hours-ago", "live", "used-an-hour-ago"]),
    );
    expect(idSet("users")).toEqual(new Set([keeper, oldAdmin, recentMember, neverSignedInRecent, almostTwoYears]));
    expect(idSet("users").has(oldMember) || idSet("users").has(neverSignedInOld)).toBe(false);
    expect(idSet("profiles").has(oldMember)).toBe(false);
    expect(all("SELECT * FROM daily_leaderboard_entries WHERE id = ?", entryId)).toEqual([]);
    expect(all("SELECT * FROM leaderboard_bests WHERE entry_id = ?", entryId)).toEqual([]);
    expect(idSet("contact_messages")).toEqual(new Set([youngMessage]));
    expect(idSet("contact_messages").has(oldMessage)).toBe(false);

    // One line with the counts.
    const lines = vi.mocked(console.log).mock.calls.map((call) => String(call[0]));
    expect(lines).toEqual([expect.stringContaining("Housekeeping: deleted 2 expired session(s), 2 token(s)")]);

    // A second run finds nothing to do, and says nothing.
    vi.mocked(console.log).mockClear();
    expect(await job.runHousekeeping()).toMatchObject({ ran: true, sessions: 0, tokens: 0, members: 0 });
    expect(console.log).not.toHaveBeenCalled();
  });

  it("deletes change log entries over a year old and keeps the younger ones", async () => {
    sql("DELETE FROM audit_log");
    const entry = (at: number, name: string) =>
      sql(
        `INSERT INTO audit_log (at, school_id, actor_kind, actor_id, actor_name, action, subject_kind, subject_id, subject_name)
         VALUES (?, NULL, 'admin', 'admin-id', 'An admin', 'school.created', 'school', 'school-id', ?)`,
        at,
        name,
      );
    entry(NOW - YEAR - MINUTE, "over a year");
    entry(NOW - YEAR + MINUTE, "just under a year");
    expect(await job.runHousekeeping()).toMatchObject({ ran: true, auditEntries: 1, failed: [] });
    expect(all("SELECT subject_name AS name FROM audit_log")).toEqual([{ name: "just under a year" }]);
  });

  it("erases set work whose due day is more than 8 weeks past, and keeps newer ended work and open work", async () => {
    sql("DELETE FROM set_work");
    const schoolId = schools.insertSchool("Tidy School");
    const teacherId = codes.withFreshLoginCode((loginCode) =>
      schools.insertTeacher({ name: "Ann Teacher", email: null, schoolId, loginCode }),
    ).value;
    const classId = schools.insertClass({ name: "Oak", schoolId, teacherId, loginKey: codes.newClassLoginKey() });
    // NOW is 15 January 2030 in the UK: 8 weeks before is 20 November 2029.
    const work = (id: string, dueDay: string) =>
      setWork.insertWork({
        id,
        classId,
        setAt: NOW - 90 * DAY,
        targetKind: "games",
        target: 5,
        gameKind: "any",
        dueDay,
        note: null,
      });
    work("ended-long-ago", "2029-10-01");
    work("ended-8-weeks-and-a-day-ago", "2029-11-19");
    work("ended-8-weeks-ago", "2029-11-20");
    work("ended-last-week", "2030-01-08");
    work("due-today", "2030-01-15");
    work("open", "2030-02-01");

    const report = await job.runHousekeeping();

    expect(report).toMatchObject({ ran: true, setWork: 2, failed: [] });
    expect(idSet("set_work")).toEqual(new Set(["ended-8-weeks-ago", "ended-last-week", "due-today", "open"]));
    expect(idSet("classes").has(classId)).toBe(true);
    const lines = vi.mocked(console.log).mock.calls.map((call) => String(call[0]));
    expect(lines).toEqual([expect.stringContaining("2 piece(s) of set work ended over 8 weeks ago")]);
  });

  it("clears the answers of games over 90 days old, keeping their scores, and of held games only once decided", async () => {
    const run = (id: string, ago: number, review: string | null) =>
      sql(
        `INSERT INTO game_runs (id, mode, game_type, anon_id, score, total_questions, accuracy, started_at, finished_at, answers, review)
         VALUES (?, 'solo', 'normal', 'anon-housekeeping', 3, 4, 75, ?, ?, '[{"problem":"1 + 1 = ?"}]', ?)`,
        id,
        NOW - ago - 60_000,
        NOW - ago,
        review,
      );
    run("old", 91 * DAY, null);
    run("old-released", 91 * DAY, "released");
    run("old-held", 91 * DAY, "held");
    run("recent", 89 * DAY, null);

    expect(await job.runHousekeeping()).toMatchObject({ ran: true, runAnswers: 2, failed: [] });
    const rows = all<{ id: string; answers: string; score: number }>(
      "SELECT id, answers, score FROM game_runs ORDER BY id",
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.answers === "[]"]))).toEqual({
      old: true,
      "old-released": true,
      "old-held": false,
      recent: false,
    });
    expect(rows.every((row) => row.score === 3)).toBe(true);
  });

  it("deletes a big backlog in batches", async () => {
    const keeper = member(DAY, DAY);
    const insert = dbClient.db.$client.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)");
    dbClient.db.$client.transaction(() => {
      for (let i = 0; i < 2 * job.HOUSEKEEPING.batchSize + 7; i++) insert.run(`old-${i}`, keeper, NOW - DAY - i);
    })();
    session("live", keeper, NOW + DAY);

    const report = await job.runHousekeeping();

    expect(report.sessions).toBe(2 * job.HOUSEKEEPING.batchSize + 7);
    expect(idSet("sessions")).toEqual(new Set(["live"]));
  });

  it("trims the daily boards' rows that have left their window, in batches, and keeps the rest", async () => {
    const aged = 2 * job.HOUSEKEEPING.batchSize + 7;
    const game = (username: string, createdAt: number) =>
      leaderboard.recordEntry({
        score: 9,
        totalQuestions: 10,
        accuracy: 90,
        gameType: "hard",
        username,
        userId: null,
        anonId: null,
        runId: null,
        createdAt,
      });
    // Games from two days ago, then a long pause: each still inside its own window when recorded.
    dbClient.db.$client.transaction(() => {
      for (let i = 0; i < aged; i++) game(`Paused ${i}`, NOW - 2 * DAY - i);
    })();
    const kept = game("Inside the window", NOW - leaderboard.RECENT_KEEP_MS + MINUTE);

    const report = await job.runHousekeeping();

    expect(report).toMatchObject({ ran: true, boardRows: aged, failed: [] });
    expect(all("SELECT entry_id AS id FROM leaderboard_recent")).toEqual([{ id: kept }]);
    // The games stay, and so do their places on the all-time board.
    expect(ids("daily_leaderboard_entries")).toHaveLength(aged + 1);
    expect(all("SELECT count(*) AS n FROM leaderboard_bests WHERE board = 'hard'")).toEqual([{ n: aged + 1 }]);
    const lines = vi.mocked(console.log).mock.calls.map((call) => String(call[0]));
    expect(lines).toEqual([expect.stringContaining(`${aged} aged daily board row(s)`)]);
  });

  it("does nothing on a replica, and works again once this instance is the primary", async () => {
    const keeper = member(DAY, DAY);
    session("expired", keeper, NOW - 1);
    const old = member(3 * YEAR, TWO_YEARS + DAY);
    contact(YEAR + DAY, NOW - YEAR);
    const unmailed = contact(10 * MINUTE);

    const report = await asReplica(() => job.runHousekeeping());

    expect(report).toMatchObject({ ran: false, sessions: 0, members: 0, contactMessages: 0, mailed: 0 });
    expect(idSet("sessions").has("expired")).toBe(true);
    expect(idSet("users").has(old)).toBe(true);
    expect(ids("contact_messages")).toHaveLength(2);
    expect(received).toEqual([]);
    expect(all("SELECT mailed_at FROM contact_messages WHERE id = ?", unmailed)).toEqual([{ mailed_at: null }]);

    // The primary is asked on every run, not once: the same process as the primary does the work.
    expect(await job.runHousekeeping()).toMatchObject({ ran: true, sessions: 1, members: 1, contactMessages: 1 });
  });

  it("mails contact messages whose mail failed, and marks them mailed", async () => {
    const due = contact(10 * MINUTE, null, "Please mail me again");
    const tooFresh = contact(2 * MINUTE);
    const tooOld = contact(8 * DAY);
    const alreadyMailed = contact(10 * MINUTE, NOW - 9 * MINUTE);

    const report = await job.runHousekeeping();

    expect(report).toMatchObject({ ran: true, mailed: 1, mailFailed: 0, failed: [] });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["team@mathssprint.example"]);
    expect(received[0]!.data).toContain("Please mail me again");
    const mailedAt = (id: number) =>
      all<{ mailed_at: number | null }>("SELECT mailed_at FROM contact_messages WHERE id = ?", id)[0]!.mailed_at;
    expect(mailedAt(due)).toBe(NOW);
    expect(mailedAt(tooFresh)).toBeNull();
    expect(mailedAt(tooOld)).toBeNull();
    expect(mailedAt(alreadyMailed)).toBe(NOW - 9 * MINUTE);

    // Mailed once: the next run does not send it again.
    expect(await job.runHousekeeping()).toMatchObject({ mailed: 0 });
    expect(received).toHaveLength(1);
  });

  it("retries at most 20 messages a run", async () => {
    for (let i = 0; i < 25; i++) contact(10 * MINUTE + i * MINUTE);
    expect(await job.runHousekeeping()).toMatchObject({ mailed: 20 });
    expect(received).toHaveLength(20);
    expect(all("SELECT id FROM contact_messages WHERE mailed_at IS NULL")).toHaveLength(5);
  });

  it("logs a mail that fails again, leaves it unmailed, and never throws", async () => {
    smtp.state.rejecting = true;
    const ids = Array.from({ length: 5 }, (_, i) => contact(10 * MINUTE + i * MINUTE));

    const report = await job.runHousekeeping();

    // The run gives up after a few failures: the mail server is likely down.
    expect(report).toMatchObject({ ran: true, mailed: 0, mailFailed: job.HOUSEKEEPING.retryMailFailuresPerRun });
    expect(report.failed).toEqual([]);
    expect(all("SELECT id FROM contact_messages WHERE mailed_at IS NULL")).toHaveLength(ids.length);
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Housekeeping: contact message \d+ still could not be mailed:/),
      expect.anything(),
    );
  });

  it("keeps going when one step fails", async () => {
    const keeper = member(DAY, DAY);
    session("expired", keeper, NOW - 1);
    const old = member(3 * YEAR, TWO_YEARS + DAY);
    sql("ALTER TABLE contact_messages RENAME TO contact_messages_away");
    try {
      const report = await job.runHousekeeping();
      expect(report).toMatchObject({ ran: true, sessions: 1, members: 1 });
      expect(report.failed).toEqual(["old contact messages", "contact mail retry"]);
    } finally {
      sql("ALTER TABLE contact_messages_away RENAME TO contact_messages");
    }
    expect(idSet("sessions").has("expired")).toBe(false);
    expect(idSet("users").has(old)).toBe(false);
  });

  it("never runs twice at once", async () => {
    const [first, second] = await Promise.all([job.runHousekeeping(), job.runHousekeeping()]);
    expect([first.ran, second.ran]).toEqual([true, false]);
  });

  it("is not started under test", () => {
    const before = new Set(Object.getOwnPropertySymbols(globalThis));
    job.startHousekeeping();
    const added = Object.getOwnPropertySymbols(globalThis).filter((symbol) => !before.has(symbol));
    expect(added).toEqual([]);
  });
});
