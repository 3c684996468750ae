import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testSmtpServer } from "./smtp-test-server";
import type { Outcome } from "./route-call";

/*
 * The weekly digest (docs/product.md#weekly-digest) against a real SQLite file and a real SMTP server (the
 * smtp-server package on a local port): the teacher's opt-in and its confirmation link, the job (one mail per
 * confirmed teacher, its headers, never twice a week, never on a replica, giving the week back when the mail fails),
 * and the unsubscribe link (forged, another teacher's, GET writes nothing), with the role matrix of the new routes.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Monday 30 November 2026, 08:00 in London: the default DIGEST_DAY=mon and DIGEST_HOUR=7 make it due.
const MONDAY = Date.UTC(2026, 10, 30, 8, 0);

const smtp = testSmtpServer();
const received = smtp.received;

let job: typeof import("~/jobs/weekly-digest.server");
let dbClient: typeof import("~/db/client.server");
let appConfig: typeof import("~/config.server").config;
let tokens: typeof import("~/school/digest-tokens.server");
let limits: typeof import("~/limits/rate-limit.server");
let settingsPage: typeof import("~/routes/school/teacher-digest");
let confirmPage: typeof import("~/routes/digest/confirm");
let unsubscribePage: typeof import("~/routes/digest/unsubscribe");
let fixtures: typeof import("./school-fixtures");
let cookieSet: typeof import("./route-call").cookieSet;
let flashOf: typeof import("./route-call").flashOf;
let formRequest: typeof import("./route-call").formRequest;
let outcome: typeof import("./route-call").outcome;

beforeAll(async () => {
  // The app reads its configuration once, when first imported: set the mail settings first.
  process.env.SMTP_URL = await smtp.listen();
  process.env.MAIL_FROM = "Maths Sprint <no-reply@mathssprint.example>";
  process.env.SITE_URL = "https://mathssprint.example";
  job = await import("~/jobs/weekly-digest.server");
  dbClient = await import("~/db/client.server");
  appConfig = (await import("~/config.server")).config;
  tokens = await import("~/school/digest-tokens.server");
  limits = await import("~/limits/rate-limit.server");
  settingsPage = await import("~/routes/school/teacher-digest");
  confirmPage = await import("~/routes/digest/confirm");
  unsubscribePage = await import("~/routes/digest/unsubscribe");
  fixtures = await import("./school-fixtures");
  ({ cookieSet, flashOf, formRequest, outcome } = await import("./route-call"));
});

afterAll(async () => {
  await smtp.close();
});

beforeEach(() => {
  smtp.reset();
  limits.resetLimits();
  sql("UPDATE teachers SET digest_email = NULL, digest_confirmed_at = NULL, digest_sent_week = NULL");
  sql("DELETE FROM audit_log");
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const sql = (statement: string, ...params: unknown[]) => dbClient.db.$client.prepare(statement).run(...params);
const row = <T>(statement: string, ...params: unknown[]) => dbClient.db.$client.prepare(statement).get(...params) as T;
const digestOf = (teacherId: string) =>
  row<{ email: string | null; confirmed: number | null; week: string | null }>(
    `SELECT digest_email AS email, digest_confirmed_at AS confirmed, digest_sent_week AS week FROM teachers WHERE id = ?`,
    teacherId,
  );
const auditActions = () =>
  (
    dbClient.db.$client.prepare("SELECT action, actor_id AS actorId FROM audit_log ORDER BY id").all() as {
      action: string;
      actorId: string;
    }[]
  ).map((r) => `${r.action} ${r.actorId}`);

let tags = 0;
/** A school with a teacher, a class and a pupil (`Pupil {tag}`), and the teacher's school session. */
async function teacher(digest: "on" | "pending" | "off" = "off") {
  tags += 1;
  const tag = `T${tags}`;
  const school = fixtures.makeSchool(tag);
  const email = `teacher${tags}@school.example`;
  if (digest !== "off")
    sql(
      "UPDATE teachers SET digest_email = ?, digest_confirmed_at = ? WHERE id = ?",
      email,
      digest === "on" ? MONDAY - 7 * DAY : null,
      school.teacherId,
    );
  return { ...school, tag, email, cookie: await fixtures.schoolCookie({ teacherId: school.teacherId }) };
}

function game(studentId: string, completedAt: number, accuracy: number, score: number) {
  sql(
    `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, completed_at)
     VALUES (?, ?, ?, 60, ?, ?)`,
    studentId,
    score,
    score,
    accuracy,
    completedAt,
  );
}

/** A received mail's headers (unfolded) and its parts' bodies, quoted-printable undone. */
function parsed(data: string) {
  const [head] = data.split(/\r?\n\r?\n/);
  const headers = head!.replace(/\r?\n[ \t]+/g, " ");
  const body = Buffer.from(
    data.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  )
    .toString("utf8")
    .replace(/\r\n/g, "\n");
  return { headers, body };
}

/** Makes this process believe it is a LiteFS replica (the `.primary` file names another host) during `run`. */
async function asReplica<T>(run: () => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-"));
  fs.writeFileSync(path.join(dir, ".primary"), `not-${os.hostname()}\n`);
  const before = appConfig.litefsDir;
  appConfig.litefsDir = dir;
  try {
    return await run();
  } finally {
    appConfig.litefsDir = before;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const CONTEXT = { clientAddress: "192.0.2.10" };
type Route = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
const get = (route: Route, url: string, cookie = "", params: Record<string, string> = {}): Promise<Outcome> =>
  outcome(async () => route.loader!({ request: formRequest(url, { cookie }), params, context: CONTEXT } as never));
const post = (
  route: Route,
  url: string,
  body: Record<string, string>,
  cookie = "",
  params: Record<string, string> = {},
): Promise<Outcome> =>
  outcome(async () =>
    route.action!({ request: formRequest(url, { cookie, body }), params, context: CONTEXT } as never),
  );

describe("the job", () => {
  it("sends one mail to each teacher with a confirmed address, with the week's figures and the unsubscribe headers", async () => {
    const on = await teacher("on");
    const pending = await teacher("pending");
    const off = await teacher("off");
    const noClass = await teacher("on");
    sql("DELETE FROM students WHERE class_id = ?", noClass.classId);
    sql("DELETE FROM classes WHERE id = ?", noClass.classId);
    game(on.studentId, MONDAY - 2 * DAY, 90, 20);
    game(on.studentId, MONDAY - 9 * DAY, 60, 12);

    const report = await job.runWeeklyDigest({ at: MONDAY });
    expect(report).toMatchObject({ ran: true, due: true, week: "2026-W49", sent: 1, skipped: 1, failed: 0 });
    expect(received.map((m) => m.to)).toEqual([[on.email]]);
    const { headers, body } = parsed(received[0]!.data);
    expect(headers).toContain("Subject: Maths Sprint: your classes this week");
    const unsubscribe = `https://mathssprint.example/digest/unsubscribe/${tokens.unsubscribeToken(on.teacherId)}`;
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(body).toContain(`Hello Teacher ${on.tag},`);
    expect(body).toContain(`== Class ${on.tag} ==\n1 of 1 pupil played this week (1 game).`);
    expect(body).toContain(`- Pupil ${on.tag}: accuracy up 30 points, best score 20, up from 12`);
    expect(body).toContain(unsubscribe);
    expect(body).toContain(`https://mathssprint.example/teacher-dashboard?class=${on.classId}`);
    expect(body).toContain("Content-Type: text/html");
    // The week is marked for the teachers it was for, and for no one else.
    expect(digestOf(on.teacherId).week).toBe("2026-W49");
    expect(digestOf(noClass.teacherId).week).toBe("2026-W49");
    expect(digestOf(pending.teacherId).week).toBeNull();
    expect(digestOf(off.teacherId).week).toBeNull();
  });

  it("never sends twice in a week, even from a new run later that week, and sends again the next week", async () => {
    const on = await teacher("on");
    await job.runWeeklyDigest({ at: MONDAY });
    await job.runWeeklyDigest({ at: MONDAY + 15 * MINUTE });
    await job.runWeeklyDigest({ at: MONDAY + 5 * DAY });
    expect(received.filter((m) => m.to.includes(on.email))).toHaveLength(1);
    const next = await job.runWeeklyDigest({ at: MONDAY + 7 * DAY });
    expect(next.week).toBe("2026-W50");
    expect(received.filter((m) => m.to.includes(on.email))).toHaveLength(2);
  });

  it("waits for the set day and hour (UK time)", async () => {
    await teacher("on");
    const early = await job.runWeeklyDigest({ at: MONDAY - 2 * 60 * MINUTE });
    expect(early).toMatchObject({ ran: true, due: false, sent: 0 });
    expect(received).toHaveLength(0);
  });

  it("does nothing on a replica, and works again once this instance is the primary", async () => {
    const on = await teacher("on");
    const report = await asReplica(() => job.runWeeklyDigest({ at: MONDAY, force: true }));
    expect(report).toMatchObject({ ran: false, sent: 0 });
    expect(received).toHaveLength(0);
    expect(digestOf(on.teacherId).week).toBeNull();
    expect((await job.runWeeklyDigest({ at: MONDAY })).sent).toBeGreaterThanOrEqual(1);
  });

  it("gives the week back when the mail server refuses, stops the run after 3 failures, and sends on the next run", async () => {
    const four = [await teacher("on"), await teacher("on"), await teacher("on"), await teacher("on")];
    smtp.state.rejecting = true;
    const refused = await job.runWeeklyDigest({ at: MONDAY });
    expect(refused).toMatchObject({ sent: 0, failed: 3 });
    for (const t of four) expect(digestOf(t.teacherId).week).not.toBe("2026-W49");
    smtp.state.rejecting = false;
    const again = await job.runWeeklyDigest({ at: MONDAY + 15 * MINUTE });
    expect(again.failed).toBe(0);
    for (const t of four) expect(received.filter((m) => m.to.includes(t.email))).toHaveLength(1);
  });
});

describe("opting in", () => {
  it("mails a link to the address given; the link's page writes nothing; its button starts the digest", async () => {
    const me = await teacher();
    const saved = await post(
      settingsPage,
      "http://x/teacher-dashboard/digest",
      { digest: "on", email: " ms.rahman@school.example " },
      me.cookie,
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/teacher-dashboard/digest");
    expect((await flashOf(saved.response))?.title).toContain("We sent a link to ms.rahman@school.example");
    expect(digestOf(me.teacherId)).toMatchObject({ email: "ms.rahman@school.example", confirmed: null });
    expect(received.map((m) => m.to)).toEqual([["ms.rahman@school.example"]]);
    const link = /https:\/\/mathssprint\.example\/digest\/confirm\/(\S+)/.exec(parsed(received[0]!.data).body)!;
    const token = link[1]!;

    // The job sends nothing to an address not confirmed.
    await job.runWeeklyDigest({ at: MONDAY, force: true });
    expect(received).toHaveLength(1);

    const page = await get(confirmPage, `http://x/digest/confirm/${token}`, "", { token });
    expect(page.status).toBe(200);
    expect(digestOf(me.teacherId).confirmed).toBeNull();
    const done = await post(confirmPage, `http://x/digest/confirm/${token}`, {}, "", { token });
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ done: true });
    expect(digestOf(me.teacherId).confirmed).not.toBeNull();
    expect(auditActions()).toEqual([`digest.subscribed ${me.teacherId}`]);
    // Pressed twice: the same answer, no second entry.
    await post(confirmPage, `http://x/digest/confirm/${token}`, {}, "", { token });
    expect(auditActions()).toHaveLength(1);
  });

  it("a confirmation link stops working for another address, after a day, or when forged", async () => {
    const me = await teacher();
    const at = Date.now();
    sql("UPDATE teachers SET digest_email = ? WHERE id = ?", "new@school.example", me.teacherId);
    const forOld = tokens.confirmToken(me.teacherId, "old@school.example", at);
    const old = tokens.confirmToken(me.teacherId, "new@school.example", at - 2 * DAY);
    const good = tokens.confirmToken(me.teacherId, "new@school.example", at);
    for (const token of [forOld, old, `${good}x`, "nonsense", good.replace(me.teacherId, "someone")]) {
      expect((await get(confirmPage, `http://x/digest/confirm/${token}`, "", { token })).status).toBe(404);
      expect((await post(confirmPage, `http://x/digest/confirm/${token}`, {}, "", { token })).status).toBe(404);
    }
    expect(digestOf(me.teacherId).confirmed).toBeNull();
    expect((await get(confirmPage, "http://x/", "", { token: good })).status).toBe(200);
  });

  it("refuses a ticked box without a good address, with the input kept, and writes nothing", async () => {
    const me = await teacher();
    for (const [email, message] of [
      ["", "Enter your e-mail address"],
      ["not an address", "Enter an e-mail address like name@example.com"],
      [`${"a".repeat(250)}@x.example`, "Your e-mail address must be 254 characters or fewer"],
    ] as const) {
      const o = await post(settingsPage, "http://x/teacher-dashboard/digest", { digest: "on", email }, me.cookie);
      expect(o.status).toBe(400);
      const result = (o.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
        .result;
      expect(result.error.email).toEqual([message]);
      expect(result.initialValue.email ?? "").toBe(email);
    }
    const odd = await post(settingsPage, "http://x/teacher-dashboard/digest", { digest: "yes" }, me.cookie);
    expect(odd.status).toBe(400);
    expect(digestOf(me.teacherId)).toEqual({ email: null, confirmed: null, week: null });
    expect(received).toHaveLength(0);
  });

  it("limits the mails with a link to 3 an hour for a teacher", async () => {
    const me = await teacher();
    for (let i = 0; i < 3; i++)
      expect(
        (await post(settingsPage, "http://x/", { digest: "on", email: `a${i}@school.example` }, me.cookie)).status,
      ).toBe(302);
    const o = await post(settingsPage, "http://x/", { digest: "on", email: "a9@school.example" }, me.cookie);
    expect(o.status).toBe(429);
    expect(o.headers?.get("Retry-After")).toBeTruthy();
    expect(received).toHaveLength(3);
  });

  it("nothing is written when the mail with the link cannot be sent", async () => {
    const me = await teacher();
    smtp.state.rejecting = true;
    const o = await post(settingsPage, "http://x/", { digest: "on", email: "x@school.example" }, me.cookie);
    expect(o.status).toBe(503);
    expect(digestOf(me.teacherId).email).toBeNull();
  });

  it("unticking stops the digest, in the change log, and keeps the address for sign-in links", async () => {
    const me = await teacher("on");
    const o = await post(settingsPage, "http://x/", { email: me.email }, me.cookie);
    expect((await flashOf(o.response))?.title).toBe("The weekly e-mail is off.");
    expect(digestOf(me.teacherId)).toMatchObject({ email: me.email, week: "off" });
    expect(digestOf(me.teacherId).confirmed).not.toBeNull();
    expect(auditActions()).toEqual([`digest.unsubscribed ${me.teacherId}`]);
    expect((await get(settingsPage, "http://x/", me.cookie)).data).toMatchObject({ state: "sign-in", email: me.email });
    // No digest goes to it; ticking again starts it with no new mail, this week's too.
    await job.runWeeklyDigest({ at: MONDAY, force: true });
    expect(received.filter((m) => m.to.includes(me.email))).toHaveLength(0);
    const again = await post(settingsPage, "http://x/", { digest: "on", email: me.email }, me.cookie);
    expect((await flashOf(again.response))?.title).toBe("The weekly e-mail is on. You will get one each week.");
    expect(digestOf(me.teacherId).week).toBeNull();
    expect(auditActions()).toEqual([`digest.unsubscribed ${me.teacherId}`, `digest.subscribed ${me.teacherId}`]);
    await job.runWeeklyDigest({ at: MONDAY, force: true });
    expect(received.filter((m) => m.to.includes(me.email))).toHaveLength(1);
  });

  it("an address for sign-in links alone is in the change log when confirmed and when forgotten", async () => {
    const me = await teacher();
    await post(settingsPage, "http://x/", { email: "own@school.example" }, me.cookie);
    const token = /https:\/\/mathssprint\.example\/digest\/confirm\/(\S+)/.exec(parsed(received[0]!.data).body)![1]!;
    expect(auditActions()).toEqual([]);
    await post(confirmPage, `http://x/digest/confirm/${token}`, {}, "", { token });
    expect(digestOf(me.teacherId)).toMatchObject({ email: "own@school.example", week: "off" });
    expect(auditActions()).toEqual([`sign-in-address.confirmed ${me.teacherId}`]);
    await post(settingsPage, "http://x/", { email: "" }, me.cookie);
    expect(digestOf(me.teacherId).email).toBeNull();
    expect(auditActions()).toEqual([
      `sign-in-address.confirmed ${me.teacherId}`,
      `sign-in-address.forgotten ${me.teacherId}`,
    ]);
  });

  it("an empty address forgets it, digest and sign-in links both", async () => {
    const me = await teacher("on");
    const o = await post(settingsPage, "http://x/", { email: "" }, me.cookie);
    expect((await flashOf(o.response))?.title).toBe("We forgot your e-mail address. We will not send you anything.");
    expect(digestOf(me.teacherId)).toEqual({ email: null, confirmed: null, week: null });
    expect(auditActions()).toEqual([`digest.unsubscribed ${me.teacherId}`]);
    const unchanged = await post(settingsPage, "http://x/", { email: " " }, me.cookie);
    expect((await flashOf(unchanged.response))?.title).toBe("Nothing changed.");
  });
});

describe("the unsubscribe link", () => {
  it("GET shows the button and writes nothing; POST stops that teacher only, and says so", async () => {
    const me = await teacher("on");
    const other = await teacher("on");
    const token = tokens.unsubscribeToken(me.teacherId);
    const page = await get(unsubscribePage, `http://x/digest/unsubscribe/${token}`, "", { token });
    expect(page.status).toBe(200);
    expect(page.headers?.get("Cache-Control") ?? "no-store").toBe("no-store");
    expect(digestOf(me.teacherId).confirmed).not.toBeNull();
    // A mail program's one-click: the body RFC 8058 gives, no cookie.
    const done = await post(
      unsubscribePage,
      `http://x/digest/unsubscribe/${token}`,
      { "List-Unsubscribe": "One-Click" },
      "",
      {
        token,
      },
    );
    expect(done).toMatchObject({ status: 200, data: { done: true } });
    expect(digestOf(me.teacherId)).toMatchObject({ email: null, confirmed: null });
    expect(digestOf(other.teacherId).confirmed).not.toBeNull();
    expect(auditActions()).toEqual([`digest.unsubscribed ${me.teacherId}`]);
    // Again: the same answer, nothing more recorded.
    expect((await post(unsubscribePage, "http://x/", {}, "", { token })).status).toBe(200);
    expect(auditActions()).toHaveLength(1);
  });

  it("a forged token, or one with another teacher's id, is the same 404, and nothing is written", async () => {
    const me = await teacher("on");
    const other = await teacher("on");
    const mine = tokens.unsubscribeToken(me.teacherId);
    const signature = mine.split(".")[1]!;
    for (const token of [
      `${other.teacherId}.${signature}`,
      `${me.teacherId}.x`,
      "x",
      "",
      `${mine}.more`,
      "a".repeat(500),
    ]) {
      const page = await get(unsubscribePage, "http://x/", "", { token });
      expect(page.status).toBe(404);
      expect(page.data).toBe("This link does not work. It may be old, or mistyped.");
      expect((await post(unsubscribePage, "http://x/", {}, "", { token })).status).toBe(404);
    }
    expect(digestOf(me.teacherId).confirmed).not.toBeNull();
    expect(digestOf(other.teacherId).confirmed).not.toBeNull();
    expect(auditActions()).toEqual([]);
  });

  it("links that open nothing are limited per address, with Retry-After, and a refusal checks no token", async () => {
    const me = await teacher("on");
    for (let i = 0; i < 20; i++)
      expect((await get(unsubscribePage, "http://x/", "", { token: `bad${i}` })).status).toBe(404);
    const refused = await get(unsubscribePage, "http://x/", "", { token: "bad" });
    expect(refused.status).toBe(429);
    expect(refused.headers?.get("Retry-After")).toBeTruthy();
    const good = tokens.unsubscribeToken(me.teacherId);
    expect((await post(unsubscribePage, "http://x/", {}, "", { token: good })).status).toBe(429);
    expect(digestOf(me.teacherId).confirmed).not.toBeNull();
  });
});

describe("who may open the teacher's digest page", () => {
  it("only a signed-in teacher, who sees their own; everyone else is led to the teacher login and nothing is written", async () => {
    const me = await teacher("on");
    const member = await fixtures.memberSession("member", `Digest ${tags}`);
    const admin = await fixtures.memberSession("admin", `Digest ${tags}`);
    const pupil = await fixtures.schoolCookie({ studentId: me.studentId });
    const page = await get(settingsPage, "http://x/teacher-dashboard/digest", me.cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "on", email: me.email });
    for (const cookie of ["", member.cookie, admin.cookie, pupil]) {
      expect((await get(settingsPage, "http://x/teacher-dashboard/digest", cookie)).location).toBe("/teacher-login");
      // Forgetting the address, and giving one for sign-in links alone (docs/product.md#weekly-digest).
      for (const body of [{ email: "" }, { email: "stranger@school.example" }]) {
        const o = await post(settingsPage, "http://x/teacher-dashboard/digest", body, cookie);
        expect(o.location).toBe("/teacher-login");
      }
    }
    expect(digestOf(me.teacherId).confirmed).not.toBeNull();
    expect(received).toHaveLength(0);
    expect(cookieSet(page.response, "__school")).toBe("");
  });
});
