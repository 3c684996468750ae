import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testSmtpServer } from "./smtp-test-server";
import type { Outcome } from "./route-call";

/*
 * An address for sign-in links alone (docs/product.md#weekly-digest, docs/product.md#guessing-login-codes,
 * docs/decisions/0070-logins-that-no-guesser-can-close.md): a teacher without one is asked for it on the dashboard,
 * gives it on the weekly e-mail's page with the box left empty, confirms it from the mail (a real SMTP server on a
 * local port), gets no digest at it, and then, on a new browser at a new address while /teacher-login is guessed at
 * from many places, gets in through the sign-in link mailed there.
 */

const MONDAY = Date.UTC(2026, 10, 30, 8, 0);
const smtp = testSmtpServer();

let db: typeof import("~/db/client.server").db;
let limits: typeof import("~/limits/rate-limit.server");
let job: typeof import("~/jobs/weekly-digest.server");
let digestPage: typeof import("~/routes/school/teacher-digest");
let confirmPage: typeof import("~/routes/digest/confirm");
let dashboard: typeof import("~/routes/school/teacher-dashboard");
let teacherLogin: typeof import("~/routes/school/teacher-login");
let linkPage: typeof import("~/routes/school/teacher-login-link");
let fixtures: typeof import("./school-fixtures");
let call: typeof import("./route-call");

beforeAll(async () => {
  process.env.SMTP_URL = await smtp.listen();
  process.env.SITE_URL = "https://mathssprint.example";
  db = (await import("~/db/client.server")).db;
  limits = await import("~/limits/rate-limit.server");
  job = await import("~/jobs/weekly-digest.server");
  digestPage = await import("~/routes/school/teacher-digest");
  confirmPage = await import("~/routes/digest/confirm");
  dashboard = await import("~/routes/school/teacher-dashboard");
  teacherLogin = await import("~/routes/school/teacher-login");
  linkPage = await import("~/routes/school/teacher-login-link");
  fixtures = await import("./school-fixtures");
  call = await import("./route-call");
});

afterAll(() => smtp.close());

beforeEach(() => {
  limits.resetLimits();
  smtp.reset();
  db.$client.prepare("DELETE FROM audit_log").run();
  vi.spyOn(console, "log").mockImplementation(() => {});
});

type Route = { loader?: unknown; action?: unknown };
function run(
  kind: "loader" | "action",
  route: Route,
  url: string,
  options: { from?: string; cookie?: string; body?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<Outcome> {
  const request = call.formRequest(`https://mathssprint.example${url}`, { body: options.body, cookie: options.cookie });
  const fn = route[kind] as (args: never) => Promise<unknown>;
  return call.outcome(() =>
    fn({ request, params: options.params ?? {}, context: { clientAddress: options.from ?? "192.0.2.30" } } as never),
  );
}

const row = (teacherId: string) =>
  db.$client
    .prepare(
      "SELECT digest_email AS email, digest_confirmed_at AS confirmed, digest_sent_week AS week, login_code AS code FROM teachers WHERE id = ?",
    )
    .get(teacherId) as { email: string | null; confirmed: number | null; week: string | null; code: string };

/** A received mail's text, quoted-printable undone. */
const textOf = (data: string) => data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
const linkIn = (data: string, path: string) =>
  new URL(new RegExp(`https://mathssprint\\.example${path}[\\w.-]+`).exec(textOf(data))![0]).pathname;

let tags = 0;
async function teacher() {
  tags += 1;
  const school = fixtures.makeSchool(`Sign-in ${tags}`);
  return { ...school, cookie: await fixtures.schoolCookie({ teacherId: school.teacherId }) };
}

describe("an address for sign-in links alone", () => {
  it("is asked for on the dashboard, confirmed without the digest, and lets the teacher in during an attack", async () => {
    const me = await teacher();
    const email = `sign-in-${tags}@school.example`;
    const home = await run("loader", dashboard, "/teacher-dashboard", { cookie: me.cookie });
    expect(home.data).toMatchObject({ signInAddress: false });

    // The box left empty, the address given: a mail to confirm it, in words of its own.
    const saved = await run("action", digestPage, "/teacher-dashboard/digest", { cookie: me.cookie, body: { email } });
    expect(saved.location).toBe("/teacher-dashboard/digest");
    expect((await call.flashOf(saved.response))?.title).toBe(
      `Nearly done! We sent a link to ${email}. Open it to confirm your address.`,
    );
    expect(row(me.teacherId)).toMatchObject({ email, confirmed: null, week: "off" });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    expect(smtp.received[0]!.to).toEqual([email]);
    expect(smtp.received[0]!.data).toContain("Subject: Confirm your e-mail address for Maths Sprint");
    const page = await run("loader", digestPage, "/teacher-dashboard/digest", { cookie: me.cookie });
    expect(page.data).toMatchObject({ state: "pending-sign-in", email });

    const confirm = linkIn(smtp.received[0]!.data, "/digest/confirm/");
    const params = { token: confirm.split("/").pop()! };
    const shown = await run("loader", confirmPage, confirm, { params });
    expect(shown.data).toMatchObject({ email, digest: false, done: false });
    expect(row(me.teacherId).confirmed).toBeNull();
    const done = await run("action", confirmPage, confirm, { params, body: {} });
    expect(done.data).toMatchObject({ digest: false, done: true });
    expect(row(me.teacherId).confirmed).not.toBeNull();
    // Not the digest: the change log says an address for sign-in links, and no digest is sent to it.
    expect(db.$client.prepare("SELECT action, actor_id AS actor FROM audit_log").all()).toEqual([
      { action: "sign-in-address.confirmed", actor: me.teacherId },
    ]);
    expect((await run("loader", digestPage, "/teacher-dashboard/digest", { cookie: me.cookie })).data).toMatchObject({
      state: "sign-in",
    });
    expect((await run("loader", dashboard, "/teacher-dashboard", { cookie: me.cookie })).data).toMatchObject({
      signInAddress: true,
    });
    smtp.reset();
    await job.runWeeklyDigest({ at: MONDAY, force: true });
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(0);

    // The attack: wrong codes from 200 places spend the pool every new place shares.
    for (let i = 0; i < 200; i++)
      await run("action", teacherLogin, "/teacher-login", {
        from: `10.41.${i >> 8}.${i & 255}`,
        body: { code: String(20_000_000 + i * 7919) },
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    smtp.reset();
    const place = "198.51.100.230";
    const right = await run("action", teacherLogin, "/teacher-login", {
      from: place,
      body: { code: row(me.teacherId).code },
    });
    const wrong = await run("action", teacherLogin, "/teacher-login", {
      from: "198.51.100.231",
      body: { code: "12345678" },
    });
    expect([right.status, wrong.status]).toEqual([429, 429]);
    expect(call.refusal(right).errors).toEqual(call.refusal(wrong).errors);
    expect(right.data).toMatchObject({ signInLink: true });
    expect(wrong.data).toMatchObject({ signInLink: true });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    expect(smtp.received[0]!.to).toEqual([email]);
    const link = linkIn(smtp.received[0]!.data, "/teacher-login/link/");
    const token = { token: link.split("/").pop()! };
    expect((await run("loader", linkPage, link, { from: place, params: token })).status).toBe(200);
    const signedIn = await run("action", linkPage, link, { from: place, params: token, body: {} });
    expect(signedIn.location).toBe("/teacher-dashboard");
  }, 60_000);

  it("refuses a bad address with the box empty too, the input kept, and writes and sends nothing", async () => {
    const me = await teacher();
    for (const email of ["not an address", `${"a".repeat(250)}@x.example`]) {
      const o = await run("action", digestPage, "/teacher-dashboard/digest", { cookie: me.cookie, body: { email } });
      expect(o.status).toBe(400);
      const result = (o.data as { result: { initialValue: Record<string, string> } }).result;
      expect(result.initialValue.email).toBe(email);
    }
    expect(row(me.teacherId)).toMatchObject({ email: null, confirmed: null, week: null });
    expect(smtp.received).toHaveLength(0);
  });

  it("turns the digest on and off at a confirmed address with no new mail; emptying the address ends its links", async () => {
    const me = await teacher();
    const email = `both-${tags}@school.example`;
    db.$client
      .prepare("UPDATE teachers SET digest_email = ?, digest_confirmed_at = ?, digest_sent_week = 'off' WHERE id = ?")
      .run(email, Date.now(), me.teacherId);
    const on = await run("action", digestPage, "/teacher-dashboard/digest", {
      cookie: me.cookie,
      body: { digest: "on", email },
    });
    expect((await call.flashOf(on.response))?.title).toBe("The weekly e-mail is on. You will get one each week.");
    expect(row(me.teacherId).week).toBeNull();
    const off = await run("action", digestPage, "/teacher-dashboard/digest", { cookie: me.cookie, body: { email } });
    expect((await call.flashOf(off.response))?.title).toBe("The weekly e-mail is off.");
    expect(row(me.teacherId)).toMatchObject({ email, week: "off" });
    expect(smtp.received).toHaveLength(0);

    const tokens = await import("~/school/teacher-sign-in-links.server");
    const students = await import("~/models/students.server");
    const token = tokens.signInToken(students.teacherSignInOf({ id: me.teacherId })!, Date.now());
    const forgot = await run("action", digestPage, "/teacher-dashboard/digest", {
      cookie: me.cookie,
      body: { email: "" },
    });
    expect((await call.flashOf(forgot.response))?.title).toBe(
      "We forgot your e-mail address. We will not send you anything.",
    );
    expect(row(me.teacherId)).toMatchObject({ email: null, confirmed: null, week: null });
    const link = `/teacher-login/link/${token}`;
    expect((await run("loader", linkPage, link, { params: { token } })).status).toBe(404);
  });
});
