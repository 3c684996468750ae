import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { requireAdmin, NOT_AN_ADMIN } from "~/auth/roles.server";
import { sessionCookie } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertMemberSession } from "~/models/sessions.server";
import { listSchoolsWithClasses, listTeachers } from "~/models/schools.server";
import { createMember } from "~/models/users.server";
import { action, loader } from "~/routes/admin/admin";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { takeFlash } from "~/utils/flash.server";

/*
 * The admin panel's server side (docs/product.md#admin): every loader and action checks the role first (no
 * session: the login page; a member: 403; an admin: served), forms are refused field by field with nothing
 * written, and a malformed body never makes a 500.
 */

const PASSWORD = "a long admin password";
let passwordHash: string;
let n = 0;

function account(role: "member" | "admin"): { id: string; email: string } {
  n += 1;
  const email = `${role}${n}@example.org`;
  const created = createMember({
    email,
    phone: null,
    passwordHash,
    username: `Test ${role} ${n}`,
    emailVerified: true,
    role,
  });
  if (!created.ok) throw new Error(`could not create ${role}: ${created.taken}`);
  return { id: created.id, email };
}

/** A Cookie header naming a live session of `userId`. */
async function sessionOf(userId: string): Promise<string> {
  n += 1;
  const id = `test-session-${n}-${userId}`;
  insertMemberSession({ id, userId, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  return (await sessionCookie.serialize(id)).split(";")[0]!;
}

type Who = "nobody" | "member" | "admin";
const cookies: Record<Who, string> = { nobody: "", member: "", admin: "" };

function request(
  who: Who,
  { url = "http://x/admin", body }: { url?: string; body?: string | Record<string, string> } = {},
) {
  const headers = new Headers();
  if (cookies[who]) headers.set("Cookie", cookies[who]);
  if (body === undefined) return new Request(url, { headers });
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  const text = typeof body === "string" ? body : new URLSearchParams(body).toString();
  return new Request(url, { method: "POST", headers, body: text });
}

const args = (req: Request, from = "203.0.113.9") => ({ request: req, params: {}, context: { clientAddress: from } });

type Outcome = { status: number; location?: string | null; data?: unknown; response?: Response; headers?: Headers };

/** What a loader or action answered, returned or thrown: a Response (redirects) or data() with its status. */
async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, location: value.headers.get("Location"), response: value };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value };
}

const post = (who: Who, body: Record<string, string> | string, url?: string, from?: string) =>
  outcome(() => action(args(request(who, { body, url }), from)));

/** The flash message a response queued. */
async function flashOf(response: Response | undefined) {
  const setCookie = response?.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!setCookie) return null;
  const { flash } = await takeFlash(new Request("http://x/", { headers: { Cookie: setCookie.split(";")[0]! } }));
  return flash;
}

/** The messages by field of a refused form, and the input sent back. */
function reply(o: Outcome) {
  const data = o.data as {
    intent: string;
    target?: string;
    result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  };
  return {
    intent: data.intent,
    target: data.target,
    errors: data.result.error ?? {},
    sent: data.result.initialValue ?? {},
  };
}

const count = (table: string) => (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

let adminAccount: { id: string; email: string };
let memberAccount: { id: string; email: string };

beforeEach(async () => {
  resetLimits();
  passwordHash ??= await hashPassword(PASSWORD);
  adminAccount = account("admin");
  memberAccount = account("member");
  cookies.admin = await sessionOf(adminAccount.id);
  cookies.member = await sessionOf(memberAccount.id);
});

/** A school with a teacher, made through the panel itself. */
async function schoolWithTeacher(name = "Hill Primary") {
  await post("admin", { intent: "create-school", name });
  const school = listSchoolsWithClasses().find((s) => s.name === name)!;
  await post("admin", { intent: "create-teacher", name: `Teacher of ${name}`, schoolId: school.id });
  const teacher = listTeachers().find((t) => t.schoolId === school.id)!;
  return { school, teacher };
}

describe("requireAdmin", () => {
  it("sends a browser with no session to the admin login page", async () => {
    const o = await outcome(() => requireAdmin(request("nobody")));
    expect(o).toMatchObject({ status: 302, location: "/admin" });
  });

  it("refuses a signed-in member who is not an admin with a plain 403", async () => {
    const o = await outcome(() => requireAdmin(request("member")));
    expect(o).toMatchObject({ status: 403, data: NOT_AN_ADMIN });
  });

  it("returns the signed-in admin", async () => {
    expect(await requireAdmin(request("admin"))).toMatchObject({ userId: adminAccount.id, role: "admin" });
  });

  it("goes by the role now, not the role at sign-in", async () => {
    db.$client.prepare("UPDATE users SET role = 'member' WHERE id = ?").run(adminAccount.id);
    expect(await outcome(() => requireAdmin(request("admin")))).toMatchObject({ status: 403 });
  });
});

describe("/admin loader", () => {
  it("shows the login form to a browser with no session", async () => {
    expect(await outcome(() => loader(args(request("nobody"))))).toEqual({ status: 200, data: { view: "login" } });
  });

  it("refuses a member with 403, on every tab", async () => {
    for (const tab of ["schools", "teachers", "students", "nonsense"]) {
      const o = await outcome(() => loader(args(request("member", { url: `http://x/admin?tab=${tab}` }))));
      expect(o).toMatchObject({ status: 403, data: NOT_AN_ADMIN });
    }
  });

  it("serves an admin each tab, schools by default", async () => {
    const load = async (query: string) =>
      (await outcome(() => loader(args(request("admin", { url: `http://x/admin${query}` }))))).data;
    expect(await load("")).toMatchObject({ view: "schools", schools: { ok: true } });
    expect(await load("?tab=%00")).toMatchObject({ view: "schools" });
    expect(await load("?tab=teachers&edit=abc")).toMatchObject({
      view: "teachers",
      data: { ok: true },
      editing: "abc",
    });
    expect(await load("?tab=teachers&edit=<script>")).toMatchObject({ editing: null });
    expect(await load("?tab=students")).toMatchObject({ view: "students", logins: { ok: true } });
  });
});

describe("/admin actions: the role is checked for every one", () => {
  const forms: Record<string, (ids: { schoolId: string; teacherId: string }) => Record<string, string>> = {
    "create-school": () => ({ intent: "create-school", name: "Role Check School" }),
    "create-class": ({ schoolId, teacherId }) => ({ intent: "create-class", schoolId, name: "Role 1", teacherId }),
    "create-teacher": ({ schoolId }) => ({ intent: "create-teacher", name: "Role Teacher", schoolId }),
    "edit-teacher": ({ teacherId }) => ({ intent: "edit-teacher", teacherId, name: "Renamed" }),
    "regenerate-teacher-code": ({ teacherId }) => ({ intent: "regenerate-teacher-code", teacherId }),
    unknown: () => ({ intent: "drop-tables" }),
  };

  for (const [intent, form] of Object.entries(forms)) {
    it(`${intent}: no session goes to the login page, a member gets 403, and neither writes anything`, async () => {
      const { school, teacher } = await schoolWithTeacher(`School for ${intent}`);
      const before = JSON.stringify([listSchoolsWithClasses(), listTeachers()]);
      const body = form({ schoolId: school.id, teacherId: teacher.id });
      expect(await post("nobody", body)).toMatchObject({ status: 302, location: "/admin" });
      expect(await post("member", body)).toMatchObject({ status: 403, data: NOT_AN_ADMIN });
      expect(JSON.stringify([listSchoolsWithClasses(), listTeachers()])).toBe(before);
    });
  }

  it("an admin's forms are served", async () => {
    const { school, teacher } = await schoolWithTeacher("Served School");
    for (const [intent, form] of Object.entries(forms)) {
      const o = await post("admin", form({ schoolId: school.id, teacherId: teacher.id }));
      if (intent === "unknown") expect(o.status).toBe(400);
      else expect(o, intent).toMatchObject({ status: 302, location: expect.stringMatching(/^\/admin\?tab=/) });
    }
  });
});

describe("the admin login", () => {
  const login = (username: string, password: string, who: Who = "nobody", from?: string) =>
    post(who, { intent: "login", username, password }, undefined, from);
  const FAILED = "Login failed: Invalid username or password";

  it("signs an admin in: a new session, 'Login successful' and the panel", async () => {
    const o = await login(` ${adminAccount.email.toUpperCase()} `, PASSWORD);
    expect(o).toMatchObject({ status: 302, location: "/admin" });
    expect(o.response!.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    expect(await flashOf(o.response)).toEqual({
      kind: "success",
      title: "Login successful",
      description: "Welcome to the admin panel",
    });
  });

  it("says exactly the same for a wrong password, an unknown address and a member who is not an admin", async () => {
    for (const [username, password] of [
      [adminAccount.email, "wrong password!"],
      ["nobody@example.org", PASSWORD],
      [memberAccount.email, PASSWORD],
    ] as const) {
      const o = await login(username, password);
      expect(o.status).toBe(401);
      const r = reply(o);
      expect(r.errors).toEqual({ "": [FAILED] });
      expect(r.sent).toMatchObject({ username });
      expect(r.sent).not.toHaveProperty("password");
    }
  });

  it("asks for a missing username or password next to the field", async () => {
    const o = await post("nobody", { intent: "login", username: " ", password: "" });
    expect(o.status).toBe(400);
    expect(reply(o).errors).toEqual({ username: [M.usernameRequired], password: [M.passwordRequired] });
  });

  describe("wrong passwords slow down the address that sends them, never the account (issue 26.4)", () => {
    const WAIT = "Too many attempts. Please wait a few minutes and try again.";
    const T0 = Date.UTC(2026, 10, 23, 8, 0, 0);
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(T0);
    });
    afterEach(() => vi.useRealTimers());

    it("10 wrong passwords from one address: the right one opens from another address at once, and there after the wait", async () => {
      const attacker = "198.51.100.66";
      const statuses = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await login(adminAccount.email, `wrong ${i}`, "nobody", attacker)).status);
      expect(await login(adminAccount.email, PASSWORD, "nobody", "192.0.2.7")).toMatchObject({
        status: 302,
        location: "/admin",
      });
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
      const waiting = await login(adminAccount.email, PASSWORD, "nobody", attacker);
      expect(waiting.status).toBe(429);
      expect(reply(waiting).errors[""]).toEqual([WAIT]);
      vi.setSystemTime(T0 + 60_000);
      expect(await login(adminAccount.email, PASSWORD, "nobody", attacker)).toMatchObject({ status: 302 });
    });

    it("after 5 free, each wrong password doubles the wait, from a minute up to an hour (Retry-After)", async () => {
      const from = "198.51.100.67";
      for (let i = 0; i < 5; i++) expect((await login(adminAccount.email, "wrong", "nobody", from)).status).toBe(401);
      let at = T0;
      for (const minutes of [1, 2, 4, 8, 16, 32, 60, 60]) {
        // Even the right password waits here: nothing is checked while the address waits.
        const o = await login(adminAccount.email, PASSWORD, "nobody", from);
        expect(o.status).toBe(429);
        expect(reply(o).errors[""]).toEqual([WAIT]);
        expect(o.headers?.get("Retry-After")).toBe(String(minutes * 60));
        at += minutes * 60_000;
        vi.setSystemTime(at);
        expect((await login(adminAccount.email, "wrong", "nobody", from)).status).toBe(401);
      }
    });

    it("a right password is never spent: it forgets the address's wrong ones", async () => {
      const from = "198.51.100.68";
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 4; i++) expect((await login(adminAccount.email, "wrong", "nobody", from)).status).toBe(401);
        expect((await login(adminAccount.email, PASSWORD, "nobody", from)).status).toBe(302);
      }
    });

    it("attempts sent at once meet the limit too: at most 5 are checked", async () => {
      const from = "198.51.100.69";
      const all = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login(adminAccount.email, `wrong ${i}`, "nobody", from)),
      );
      expect(all.filter((o) => o.status === 401)).toHaveLength(5);
      expect(all.filter((o) => o.status === 429)).toHaveLength(7);
    });

    it("a member's right password on the admin form counts as a wrong one", async () => {
      const from = "198.51.100.70";
      for (let i = 0; i < 5; i++) expect((await login(memberAccount.email, PASSWORD, "nobody", from)).status).toBe(401);
      expect((await login(memberAccount.email, PASSWORD, "nobody", from)).status).toBe(429);
    });
  });

  it("sends an admin who is signed in already to the panel, and refuses a member with 403", async () => {
    expect(await login(adminAccount.email, PASSWORD, "admin")).toMatchObject({ status: 302, location: "/admin" });
    expect(await login(adminAccount.email, PASSWORD, "member")).toMatchObject({ status: 403 });
  });
});

describe("schools and classes", () => {
  it("a school's name is required and trimmed; the list is newest first", async () => {
    const schoolsBefore = count("schools");
    const blank = await post("admin", { intent: "create-school", name: "   " });
    expect(blank.status).toBe(400);
    expect(reply(blank)).toMatchObject({ intent: "create-school", errors: { name: [M.schoolNameRequired] } });
    const long = await post("admin", { intent: "create-school", name: "x".repeat(101) });
    expect(reply(long).errors).toEqual({ name: [M.schoolNameLong] });
    expect(count("schools")).toBe(schoolsBefore);

    const made = await post("admin", { intent: "create-school", name: "  Oak Academy  " });
    expect(made).toMatchObject({ status: 302, location: "/admin?tab=schools" });
    expect(await flashOf(made.response)).toEqual({ kind: "success", title: "School created successfully" });
    await post("admin", { intent: "create-school", name: "Elm School" });
    expect(listSchoolsWithClasses().map((s) => s.name)).toEqual(expect.arrayContaining(["Elm School", "Oak Academy"]));
    expect(
      listSchoolsWithClasses()
        .slice(0, 2)
        .map((s) => s.name),
    ).toEqual(["Elm School", "Oak Academy"]);
  });

  it("says 'Failed to create school', input kept, when the write fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    db.$client.exec(
      "CREATE TRIGGER no_schools BEFORE INSERT ON schools BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
    );
    try {
      const o = await post("admin", { intent: "create-school", name: "Doomed School" });
      expect(o.status).toBe(500);
      expect(reply(o)).toMatchObject({ errors: { "": ["Failed to create school"] }, sent: { name: "Doomed School" } });
      expect(logged).toHaveBeenCalled();
    } finally {
      db.$client.exec("DROP TRIGGER no_schools");
      logged.mockRestore();
    }
  });

  it("a class needs a name and one of its school's teachers, and gets a random login key", async () => {
    const { school, teacher } = await schoolWithTeacher("Ash School");
    const other = await schoolWithTeacher("Birch School");
    const make = (body: Record<string, string>) =>
      post("admin", { intent: "create-class", schoolId: school.id, ...body });
    const classesBefore = count("classes");

    const empty = await make({ name: "", teacherId: "" });
    expect(reply(empty)).toMatchObject({
      target: school.id,
      errors: { name: [M.classNameRequired], teacherId: [M.classTeacherRequired] },
    });
    const elsewhere = await make({ name: "Year 3", teacherId: other.teacher.id });
    expect(reply(elsewhere)).toMatchObject({
      errors: { teacherId: [M.classTeacherElsewhere] },
      sent: { name: "Year 3" },
    });
    expect(count("classes")).toBe(classesBefore);

    const made = await make({ name: " Year 3 ", teacherId: teacher.id });
    // On to the new class's page, where its pupils are added.
    const made3 = db.$client
      .prepare("SELECT id FROM classes WHERE name = 'Year 3' AND school_id = ?")
      .get(school.id) as {
      id: string;
    };
    expect(made).toMatchObject({ status: 302, location: `/admin?tab=schools&class=${made3.id}` });
    expect(await flashOf(made.response)).toEqual({ kind: "success", title: "Class created successfully" });
    await make({ name: "Year 4", teacherId: teacher.id });
    const classes = listSchoolsWithClasses().find((s) => s.id === school.id)!.classes;
    expect(classes.map((c) => [c.name, c.teacherName])).toEqual([
      ["Year 4", teacher.name],
      ["Year 3", teacher.name],
    ]);
    const keys = db.$client.prepare("SELECT login_key AS k FROM classes WHERE school_id = ?").all(school.id) as {
      k: string;
    }[];
    expect(keys).toHaveLength(2);
    for (const { k } of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(keys[0]!.k).not.toBe(keys[1]!.k);
    // And a short key for its cards' typeable address (docs/product.md#short-card-address).
    const shortKeys = db.$client.prepare("SELECT short_key AS k FROM classes WHERE school_id = ?").all(school.id) as {
      k: string;
    }[];
    for (const { k } of shortKeys) expect(k).toMatch(/^[2-9a-hjkmnp-z]{6}$/);
    expect(shortKeys[0]!.k).not.toBe(shortKeys[1]!.k);
  });

  it("a class for a school that does not exist says 'Failed to create class' and writes nothing", async () => {
    const { teacher } = await schoolWithTeacher("Cedar School");
    const classesBefore = count("classes");
    for (const schoolId of ["missing-school", "", "../../etc"]) {
      const o = await post("admin", { intent: "create-class", schoolId, name: "Ghost", teacherId: teacher.id });
      expect(o).toMatchObject({ status: 302, location: "/admin?tab=schools" });
      expect(await flashOf(o.response)).toEqual({ kind: "error", title: "Failed to create class" });
    }
    expect(count("classes")).toBe(classesBefore);
  });
});

describe("teachers", () => {
  it("need a name and a school; the e-mail is optional but must be one; each gets an 8-digit code", async () => {
    await post("admin", { intent: "create-school", name: "Pine School" });
    const school = listSchoolsWithClasses()[0]!;
    const teachersBefore = count("teachers");
    const bad = await post("admin", { intent: "create-teacher", name: " ", email: "not-an-email", schoolId: "" });
    expect(reply(bad).errors).toEqual({
      name: [M.teacherNameRequired],
      email: [M.teacherEmailInvalid],
      schoolId: [M.teacherSchoolRequired],
    });
    const noSchool = await post("admin", { intent: "create-teacher", name: "Ms Lee", schoolId: "no-such-school" });
    expect(reply(noSchool)).toMatchObject({
      errors: { schoolId: [M.teacherSchoolRequired] },
      sent: { name: "Ms Lee" },
    });
    expect(count("teachers")).toBe(teachersBefore);

    const made = await post("admin", {
      intent: "create-teacher",
      name: " Ms Lee ",
      email: " Lee@School.Example ",
      schoolId: school.id,
    });
    expect(made).toMatchObject({ status: 302, location: "/admin?tab=teachers" });
    const [teacher] = listTeachers();
    expect(teacher).toMatchObject({ name: "Ms Lee", email: "lee@school.example", schoolName: "Pine School" });
    expect(teacher!.loginCode).toMatch(/^[1-9]\d{7}$/);
    expect(await flashOf(made.response)).toEqual({
      kind: "success",
      title: `Teacher created with code ${teacher!.loginCode}`,
    });

    await post("admin", { intent: "create-teacher", name: "Mr Roe", email: "   ", schoolId: school.id });
    expect(
      listTeachers()
        .slice(0, 2)
        .map((t) => [t.name, t.email]),
    ).toEqual([
      ["Mr Roe", null],
      ["Ms Lee", "lee@school.example"],
    ]);
  });

  it("are edited: name required, e-mail optional; a refusal names the teacher's form and keeps the input", async () => {
    const { teacher } = await schoolWithTeacher("Yew School");
    const refused = await post("admin", { intent: "edit-teacher", teacherId: teacher.id, name: "", email: "x@" });
    expect(reply(refused)).toMatchObject({
      intent: "edit-teacher",
      target: teacher.id,
      errors: { name: [M.teacherNameRequired], email: [M.teacherEmailInvalid] },
      sent: { email: "x@" },
    });
    expect(listTeachers()[0]!.name).toBe(teacher.name);

    const saved = await post("admin", {
      intent: "edit-teacher",
      teacherId: teacher.id,
      name: "Mrs Yew",
      email: "yew@example.org",
    });
    expect(saved).toMatchObject({ status: 302, location: "/admin?tab=teachers" });
    expect(await flashOf(saved.response)).toEqual({ kind: "success", title: "Teacher updated successfully" });
    expect(listTeachers()[0]).toMatchObject({
      name: "Mrs Yew",
      email: "yew@example.org",
      loginCode: teacher.loginCode,
    });

    const gone = await post("admin", { intent: "edit-teacher", teacherId: "no-such-teacher", name: "X" });
    expect(await flashOf(gone.response)).toEqual({ kind: "error", title: "Failed to update teacher" });
  });

  it("get a new code on request; the old one is gone", async () => {
    const { teacher } = await schoolWithTeacher("Fir School");
    const o = await post("admin", { intent: "regenerate-teacher-code", teacherId: teacher.id });
    expect(o).toMatchObject({ status: 302, location: "/admin?tab=teachers" });
    const now = listTeachers()[0]!.loginCode;
    expect(now).toMatch(/^[1-9]\d{7}$/);
    expect(now).not.toBe(teacher.loginCode);
    expect(await flashOf(o.response)).toEqual({ kind: "success", title: `New code generated: ${now}` });

    for (const teacherId of ["no-such-teacher", ""]) {
      const missing = await post("admin", { intent: "regenerate-teacher-code", teacherId });
      expect(await flashOf(missing.response)).toEqual({ kind: "error", title: "Failed to generate new code" });
    }
  });
});

describe("malformed requests", () => {
  it("are answered plainly, never with a 500", async () => {
    const bodies = [
      "",
      "intent",
      "%%%=%%%",
      "intent=create-teacher&name=a&name=b&schoolId[]=x",
      "intent=edit-teacher",
      "intent=create-class&schoolId=x&schoolId=y",
      "intent=login&username=a@b.c&username=d@e.f&password=x&password=y",
      `intent=create-school&name=${"é".repeat(40)}`,
    ];
    for (const body of bodies) {
      const o = await post("admin", body);
      expect(o.status, body).toBeLessThan(500);
    }
    const huge = await post("admin", `intent=create-school&name=${"x".repeat(70_000)}`);
    expect(huge.status).toBe(413);
  });
});
