import { createCookie } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requireStudent, requireTeacher } from "~/auth/school-session.server";
import { db } from "~/db/client.server";
import { poolSize } from "~/limits/school-login-limits.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { deleteSchoolSessions } from "~/models/sessions.server";
import { countLoginAccounts, insertStudent } from "~/models/students.server";
import * as studentLogin from "~/routes/school/student-login";
import * as studentLogout from "~/routes/school/student-logout";
import * as teacherLogin from "~/routes/school/teacher-login";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { oneLine } from "~/utils/flash";
import { SCHOOL_LOGIN_LIMIT_MESSAGES as L, SCHOOL_LOGIN_MESSAGES as M } from "~/utils/school-login-messages";
import { knownLoginsCookie } from "~/routes/school/known-logins.server";
import { cookieSet, flashOf, formRequest, outcome, refusal } from "./route-call";

/*
 * The code logins (docs/product.md#login-codes): a right code starts a school session; every wrong code gets one
 * answer wherever it was tried; only failures are counted, and never close a place with credit or a class's link
 * (docs/decisions/0038-logins-a-right-code-opens.md).
 */

const INVALID = oneLine(M.invalidCode);
const FAILED = oneLine(M.loginFailed);

function makeClass(teacherId: string, schoolId: string) {
  const loginKey = newClassLoginKey();
  const id = insertClass({ name: `Class ${loginKey.slice(0, 4)}`, schoolId, teacherId, loginKey });
  const pupil = withFreshLoginCode((loginCode) =>
    insertStudent({
      name: "Ada",
      classId: id,
      loginCode,
      timesTables: [],
      allowedOperations: ["addition"],
      difficulty: "easy",
    }),
  );
  return { id, loginKey, student: { id: pupil.value, code: pupil.code } };
}

function makeSchool() {
  const schoolId = insertSchool("Hill Primary");
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Ms Rahman", email: null, schoolId, loginCode }),
  );
  return {
    schoolId,
    teacher: { id: teacher.value, code: teacher.code },
    classA: makeClass(teacher.value, schoolId),
    classB: makeClass(teacher.value, schoolId),
  };
}

let school: ReturnType<typeof makeSchool>;
let address = 0;
/** A different client address for each call unless one is given. */
const nextAddress = () => `198.51.100.${(address = (address + 1) % 250)}`;

function post(
  route: { action: (args: never) => Promise<unknown> },
  url: string,
  code: string,
  {
    params = {},
    from = nextAddress(),
    cookie = "",
  }: { params?: Record<string, string>; from?: string; cookie?: string } = {},
) {
  const request = formRequest(url, { body: { code }, cookie });
  return outcome(() => route.action({ request, params, context: { clientAddress: from } } as never));
}

const asTeacher = (code: string, options?: Parameters<typeof post>[3]) =>
  post(teacherLogin, "http://x/teacher-login", code, options);
const asStudent = (code: string, options?: Parameters<typeof post>[3]) =>
  post(studentLogin, "http://x/student-login", code, options);
const throughLink = (classKey: string, code: string, options?: Parameters<typeof post>[3]) =>
  post(studentLogin, `http://x/student-login/${classKey}`, code, { ...options, params: { classKey } });

/** A child's slip of `code`: one of its last digits changed (wrong, but near). */
function slipOf(code: string, i = 0): string {
  const at = 7 - (i % 4);
  return code.slice(0, at) + String((Number(code[at]) + 1 + Math.floor(i / 4)) % 10) + code.slice(at + 1);
}

/** The `__code_tries` cookie a wrong code's answer set (the browser keeps it), as a Cookie header value. */
function triesOf(o: Awaited<ReturnType<typeof post>>): string {
  const set = o.headers?.getSetCookie().find((c) => c.startsWith("__code_tries="));
  return set?.split(";")[0] ?? "";
}

const sessions = () => (db.$client.prepare("SELECT count(*) AS n FROM sessions").get() as { n: number }).n;

beforeEach(() => {
  resetLimits();
  db.$client.prepare("DELETE FROM sessions").run();
  school = makeSchool();
});

describe("a right code", () => {
  it("logs a teacher in: a school session, the welcome, the dashboard", async () => {
    const o = await asTeacher(school.teacher.code);
    expect(o.status).toBe(302);
    expect(o.location).toBe("/teacher-dashboard");
    expect(await flashOf(o.response)).toEqual({ kind: "success", title: "Welcome, Ms Rahman!" });
    const cookie = cookieSet(o.response, "__school");
    const teacher = await requireTeacher(formRequest("http://x/teacher-dashboard", { cookie }));
    expect(teacher).toMatchObject({ teacherId: school.teacher.id, name: "Ms Rahman", schoolName: "Hill Primary" });
    // A teacher's session is no pupil's.
    const asPupil = await outcome(() => requireStudent(formRequest("http://x/student-game", { cookie })));
    expect(asPupil.location).toBe("/student-login");
  });

  it("logs a pupil in on the plain page and through their class's link, spaces and dashes dropped", async () => {
    const plain = await asStudent(school.classA.student.code);
    expect(plain.location).toBe("/student-game");
    const spaced = `${school.classA.student.code.slice(0, 4)} ${school.classA.student.code.slice(4)}`;
    const link = await throughLink(school.classA.loginKey, spaced);
    expect(link.location).toBe("/student-game");
    const cookie = cookieSet(link.response, "__school");
    const pupil = await requireStudent(formRequest("http://x/student-game", { cookie }));
    expect(pupil).toMatchObject({ studentId: school.classA.student.id, name: "Ada", teacherName: "Ms Rahman" });
  });

  it("a new login ends the browser's last school session; logout ends the session and the cookie", async () => {
    const first = cookieSet((await asStudent(school.classA.student.code)).response, "__school");
    const second = cookieSet((await asTeacher(school.teacher.code, { cookie: first })).response, "__school");
    expect(sessions()).toBe(1);
    const loggedOut = await outcome(() =>
      studentLogout.action({ request: formRequest("http://x/student-logout", { cookie: second, body: {} }) } as never),
    );
    expect(loggedOut.location).toBe("/student-login");
    expect(loggedOut.response?.headers.getSetCookie().join()).toMatch(/__school=;.*Max-Age=0/);
    expect(sessions()).toBe(0);
  });

  it("a new code (regenerated) ends the sessions of the old one", async () => {
    const cookie = cookieSet((await asStudent(school.classA.student.code)).response, "__school");
    deleteSchoolSessions({ studentId: school.classA.student.id });
    const after = await outcome(() => requireStudent(formRequest("http://x/student-game", { cookie })));
    expect(after.location).toBe("/student-login");
  });

  it("someone already logged in goes straight to their page", async () => {
    const cookie = cookieSet((await asTeacher(school.teacher.code)).response, "__school");
    const page = await outcome(() =>
      teacherLogin.loader({ request: formRequest("http://x/teacher-login", { cookie }) } as never),
    );
    expect(page.location).toBe("/teacher-dashboard");
    // The pupils' page is still shown to a teacher (a pupil may use the teacher's computer).
    const pupils = await outcome(() =>
      studentLogin.loader({ request: formRequest("http://x/student-login", { cookie }), params: {} } as never),
    );
    expect(pupils.status).toBe(200);
  });
});

describe("a wrong or malformed code", () => {
  it.each(["", "1234567", "123456789", "abcdefgh", "1234567a", "x".repeat(100)])(
    "'%s' is refused next to the field with 'Invalid Code', and counts as no guess",
    async (code) => {
      for (let i = 0; i < 70; i++) {
        const o = await asStudent(code, { from: "203.0.113.1" });
        expect(o.status).toBe(400);
        expect(refusal(o).errors.code).toEqual([INVALID]);
      }
      expect(sessions()).toBe(0);
      expect((await asStudent(school.classA.student.code, { from: "203.0.113.1" })).status).toBe(302);
    },
  );

  it("every wrong code gets the same answer: unknown, a teacher's code for pupils, another class's code", async () => {
    const answers = [
      await asStudent("99999999"),
      await asTeacher("99999999"),
      await asStudent(school.teacher.code),
      await asTeacher(school.classA.student.code),
      await throughLink(school.classB.loginKey, school.classA.student.code),
    ];
    for (const o of answers) {
      expect(o.status).toBe(401);
      expect(refusal(o).errors).toEqual({ "": [FAILED] });
      // The code stays in the field, so a child can fix one wrong digit.
      expect(refusal(o).sent.code).toBeTypeOf("string");
    }
    expect(sessions()).toBe(0);
  });

  it("an unknown or malformed class link is a 404", async () => {
    for (const classKey of ["no-such-class-key-at-all-here", "bad key!", "x"]) {
      const page = await outcome(() =>
        studentLogin.loader({ request: formRequest(`http://x/student-login/k`), params: { classKey } } as never),
      );
      expect(page.status).toBe(404);
      const sent = await throughLink(classKey, school.classA.student.code);
      expect(sent.status).toBe(404);
    }
    expect(sessions()).toBe(0);
  });
});

describe("limits on wrong codes", () => {
  const T0 = Date.UTC(2026, 10, 23, 8, 0, 0);
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  /** A refusal: 429, the message, and Retry-After in seconds. */
  function expectRefused(o: Awaited<ReturnType<typeof post>>, message: string, retryAfter?: number) {
    expect(o.status).toBe(429);
    expect(refusal(o).errors).toEqual({ "": [message] });
    const header = Number(o.headers?.get("Retry-After"));
    if (retryAfter === undefined) expect(header).toBeGreaterThan(0);
    else expect(header).toBe(retryAfter);
  }

  /** An address where a pupil has logged in: a school, with credit. */
  async function schoolAddress(from: string) {
    expect((await asStudent(school.classA.student.code, { from })).status).toBe(302);
    return from;
  }

  it("a whole school behind one address logs in all morning: 300 good logins and a few slips", async () => {
    const from = "192.0.2.50";
    for (let i = 0; i < 300; i++) {
      if (i % 20 === 0) expect((await throughLink(school.classA.loginKey, "99999999", { from })).status).toBe(401);
      expect((await throughLink(school.classA.loginKey, school.classA.student.code, { from })).status).toBe(302);
    }
  });

  it("a class of 60 on the plain page, each slipping once in their browser, all log in: their slips are given back", async () => {
    const from = "192.0.2.51";
    const codes = Array.from({ length: 60 }, (_, i) => {
      const made = withFreshLoginCode((loginCode) =>
        insertStudent({
          name: `Pupil ${i}`,
          classId: school.classA.id,
          loginCode,
          timesTables: [],
          allowedOperations: ["addition"],
          difficulty: "easy",
        }),
      );
      return made.code;
    });
    for (const code of codes) {
      later(20_000);
      const slip = await asStudent(slipOf(code), { from });
      expect(slip.status).toBe(401);
      expect((await asStudent(code, { from, cookie: triesOf(slip) })).status).toBe(302);
    }
  });

  it("30 wrong codes on each page from one address never stop a right code from anywhere else (issue 26.3)", async () => {
    const attacker = "203.0.113.66";
    const school1 = await schoolAddress("192.0.2.70");
    for (let hour = 0; hour < 2; hour++) {
      const answers = [];
      // 30 on each page, every hour.
      for (let i = 0; i < 60; i++)
        answers.push(
          (i % 2 === 0
            ? await asStudent("99999999", { from: attacker })
            : await asTeacher("99999999", { from: attacker })
          ).status,
        );
      expect((await asStudent(school.classB.student.code, { from: "198.51.100.201" })).status).toBe(302);
      expect((await asTeacher(school.teacher.code, { from: "198.51.100.202" })).status).toBe(302);
      expect((await asStudent(school.classA.student.code, { from: school1 })).status).toBe(302);
      expect((await asTeacher(school.teacher.code, { from: school1 })).status).toBe(302);
      // Two are checked the first hour, one the next (after its wait); the rest wait, and are not checked.
      expect(answers.filter((status) => status === 401)).toHaveLength(hour === 0 ? 2 : 1);
      expect(answers.filter((status) => status === 429)).toHaveLength(hour === 0 ? 58 : 59);
      later(HOUR);
    }
  });

  it("30 wrong codes through a class link close neither the link nor the plain page to anyone else (issue 26.3)", async () => {
    const attacker = "203.0.113.67";
    for (let i = 0; i < 30; i++)
      expect((await throughLink(school.classA.loginKey, "99999999", { from: attacker })).status).toBe(401);
    const link = await throughLink(school.classA.loginKey, school.classA.student.code, { from: "198.51.100.203" });
    expect(link.status).toBe(302);
    expect((await asStudent(school.classA.student.code, { from: "198.51.100.204" })).status).toBe(302);
    // The plain page's own allowance for the attacker is untouched by the link's.
    expect((await asStudent("99999999", { from: attacker })).status).toBe(401);
  });

  it("a new place: 2 wrong codes, then waits of 10 minutes, 1 hour, 6 hours and a day, forgotten after a day", async () => {
    const from = "203.0.113.70";
    const right = school.classA.student.code;
    for (let i = 0; i < 2; i++) expect((await asStudent("99999999", { from })).status).toBe(401);
    for (const [wait, seconds] of [
      [10 * MINUTE, 600],
      [HOUR, 3600],
      [6 * HOUR, 21_600],
    ] as const) {
      // Even a right code waits: nothing is checked, so the answer tells nothing about the code.
      expectRefused(await asStudent(right, { from }), L.studentWaitHere, seconds);
      expectRefused(await asTeacher(school.teacher.code, { from }), L.teacherWaitHere, seconds);
      later(wait / 2);
      expectRefused(await asStudent(right, { from }), L.studentWaitHere, seconds / 2);
      later(wait / 2);
      expect((await asStudent("99999999", { from })).status).toBe(401);
    }
    expectRefused(await asStudent(right, { from }), L.studentWaitHere, 86_400);
    // Its class's link has an allowance of its own.
    expect((await throughLink(school.classA.loginKey, "99999999", { from })).status).toBe(401);
    // A day without a wrong code forgets them: 5 checked in 31 hours and 10 minutes.
    later(24 * HOUR);
    for (let i = 0; i < 2; i++) expect((await asStudent("99999999", { from })).status).toBe(401);
    expectRefused(await asStudent(right, { from }), L.studentWaitHere, 600);
  });

  it("credit: each pupil who logged in from an address gives it 2 wrong codes a day, from at most 3 addresses", async () => {
    const places = ["192.0.2.90", "192.0.2.91", "192.0.2.92", "192.0.2.93"];
    for (const from of places) expect((await asStudent(school.classA.student.code, { from })).status).toBe(302);
    // The first three: 2 on credit and 2 as a new place, then a wait.
    for (const from of places.slice(0, 3)) {
      for (let i = 0; i < 4; i++) expect((await asStudent("99999999", { from })).status).toBe(401);
      expectRefused(await asStudent("99999999", { from }), L.studentWaitHere, 600);
    }
    // The fourth got no credit from the same pupil.
    for (let i = 0; i < 2; i++) expect((await asStudent("99999999", { from: places[3] })).status).toBe(401);
    expectRefused(await asStudent("99999999", { from: places[3] }), L.studentWaitHere, 600);
    // A day on, the credit is back.
    later(24 * HOUR);
    expect((await asTeacher("99999999", { from: places[0] })).status).toBe(401);
  });

  it("a pool for new places: once spent, a new place is sent to the class link; credit and links still open", async () => {
    const school1 = await schoolAddress("192.0.2.100");
    const pool = poolSize("student", countLoginAccounts("students"));
    expect(pool).toBe(135);
    for (let i = 0; i < pool; i++) {
      const from = `10.1.${Math.floor(i / 500)}.${Math.floor(i / 2) % 250}`;
      expect((await asStudent("99999999", { from })).status).toBe(401);
    }
    expectRefused(await asStudent(school.classA.student.code, { from: "198.51.100.210" }), L.studentBusy);
    // A place with credit logs in and has its wrong codes checked; a class link opens from anywhere.
    expect((await asStudent(school.classB.student.code, { from: school1 })).status).toBe(302);
    expect((await asStudent("99999999", { from: school1 })).status).toBe(401);
    expect(
      (await throughLink(school.classA.loginKey, school.classA.student.code, { from: "198.51.100.211" })).status,
    ).toBe(302);
    // Which gave that place credit: its next visit opens the plain page.
    expect((await asStudent(school.classA.student.code, { from: "198.51.100.211" })).status).toBe(302);
    // The teachers' page has a pool of its own.
    expect((await asTeacher(school.teacher.code, { from: "198.51.100.212" })).status).toBe(302);
    // A day later the pool is back.
    later(48 * HOUR);
    expect((await asStudent(school.classA.student.code, { from: "198.51.100.213" })).status).toBe(302);
  });

  it("the teachers' pool, once spent, asks new places to use the school's computers", async () => {
    const pool = poolSize("teacher", countLoginAccounts("teachers"));
    for (let i = 0; i < pool; i++) {
      const from = `10.2.${Math.floor(i / 500)}.${Math.floor(i / 2) % 250}`;
      expect((await asTeacher("99999999", { from })).status).toBe(401);
    }
    expectRefused(await asTeacher(school.teacher.code, { from: "198.51.100.220" }), L.teacherBusy);
    const school1 = await schoolAddress("192.0.2.101");
    expect((await asTeacher(school.teacher.code, { from: school1 })).status).toBe(302);
    expect((await asStudent(school.classA.student.code, { from: "198.51.100.221" })).status).toBe(302);
  });

  it("a class link: 60 wrong codes from a new place, then growing waits; the class's pool; a school's own allowance", async () => {
    const from = "203.0.113.80";
    const key = school.classA.loginKey;
    for (let i = 0; i < 60; i++) {
      if (i === 30) later(20 * MINUTE); // under the 60 a ten minutes of any address
      expect((await throughLink(key, "99999999", { from })).status).toBe(401);
    }
    expectRefused(await throughLink(key, school.classA.student.code, { from }), L.wait, 60);
    // Another class's link is another allowance.
    expect((await throughLink(school.classB.loginKey, "99999999", { from })).status).toBe(401);
    later(MINUTE);
    expect((await throughLink(key, "99999999", { from })).status).toBe(401);
    expectRefused(await throughLink(key, "99999999", { from }), L.wait, 300);

    // The class's pool for new places: spent by many, it closes the link to new places only.
    later(10 * MINUTE);
    const pool = poolSize("classLink", countLoginAccounts({ classId: school.classA.id }));
    expect(pool).toBe(1500);
    for (let n = 61; n < pool; n += 60) {
      const many = `10.3.${Math.floor(n / 250)}.${n % 250}`;
      for (let i = 0; i < Math.min(60, pool - n); i++) await throughLink(key, "99999999", { from: many });
      later(10 * MINUTE);
    }
    expectRefused(await throughLink(key, school.classA.student.code, { from: "198.51.100.230" }), L.classBusy);
    const school1 = await schoolAddress("192.0.2.102");
    expect((await throughLink(key, school.classA.student.code, { from: school1 })).status).toBe(302);
    // A school has room for 150 unexplained slips a day through one class's link.
    for (let i = 0; i < 150; i++) {
      if (i % 50 === 0) later(20 * MINUTE);
      expect((await throughLink(key, "99999999", { from: school1 })).status).toBe(401);
    }
    expectRefused(await throughLink(key, school.classA.student.code, { from: school1 }), L.wait, 60);
  });

  it("one address: after 60 wrong codes in ten minutes, even a right code waits there, and nowhere else", async () => {
    const from = await schoolAddress("192.0.2.60");
    for (let i = 0; i < 60; i++) {
      const key = i % 2 === 0 ? school.classA.loginKey : school.classB.loginKey;
      expect((await throughLink(key, "99999999", { from })).status).toBe(401);
    }
    expectRefused(await throughLink(school.classA.loginKey, school.classA.student.code, { from }), L.wait);
    expectRefused(await asStudent(school.classA.student.code, { from }), L.wait);
    expect((await throughLink(school.classA.loginKey, school.classA.student.code)).status).toBe(302);
    later(20 * MINUTE);
    expect((await asStudent(school.classA.student.code, { from })).status).toBe(302);
  });

  describe("explained failures: a right code from the same browser gives its wrong codes back", () => {
    const RIGHT = () => school.classA.student.code;

    /** A school behind one address: its teacher and two pupils logged in there, so its credit is the cap, 6. */
    async function busySchool(from: string) {
      expect((await asTeacher(school.teacher.code, { from })).status).toBe(302);
      expect((await asStudent(school.classA.student.code, { from })).status).toBe(302);
      expect((await asStudent(school.classB.student.code, { from })).status).toBe(302);
      return from;
    }

    /** Wrong codes nobody explains that the address still has checked (credit, then a new place's 2) before a wait. */
    async function unexplainedLeft(from: string) {
      let checked = 0;
      for (let answer = await asStudent("99999999", { from }); answer.status === 401; checked++) {
        if (checked > 20) throw new Error("no limit met");
        answer = await asStudent("99999999", { from });
      }
      expectRefused(await asStudent(RIGHT(), { from }), L.studentWaitHere, 600);
      return checked;
    }

    /** Slips of `near` from one browser, the cookie carried from answer to answer as a browser does. */
    async function slips(from: string, times: number, cookie = "", near = RIGHT()) {
      for (let i = 0; i < times; i++) {
        const slip = await asStudent(slipOf(near, i), { from, cookie });
        expect(slip.status).toBe(401);
        cookie = triesOf(slip);
      }
      return cookie;
    }

    it("an insider at an address 300 accounts vouch for gets 6 unexplained wrong codes on credit a day, not 600", async () => {
      const from = "192.0.2.150";
      for (let i = 0; i < 300; i++) {
        const pupil = withFreshLoginCode((loginCode) =>
          insertStudent({
            name: `Pupil ${i}`,
            classId: school.classA.id,
            loginCode,
            timesTables: [],
            allowedOperations: ["addition"],
            difficulty: "easy",
          }),
        );
        expect((await asStudent(pupil.code, { from })).status).toBe(302);
      }
      later(16 * HOUR); // midnight: one whole day of the daily counts
      const answers: number[] = [];
      for (let i = 0; i < 144; i++) {
        answers.push((await asStudent("99999999", { from })).status);
        later(10 * MINUTE);
      }
      // 6 on the address's credit, then a new place's 5 in a day (2, then after 10 minutes, 1 hour, 6 hours).
      expect(answers.filter((status) => status === 401)).toHaveLength(6 + 5);
      // The school's children meanwhile: the plain page waits there; their class's link opens.
      expectRefused(await asStudent(RIGHT(), { from }), L.studentWaitHere);
      expect((await throughLink(school.classA.loginKey, RIGHT(), { from })).status).toBe(302);
    });

    it("a child who mistypes twice, then types the right code, costs the school nothing", async () => {
      const from = await busySchool("192.0.2.151");
      const cookie = await slips(from, 2);
      expect((await asStudent(RIGHT(), { from, cookie })).status).toBe(302);
      expect(await unexplainedLeft(from)).toBe(6 + 2);
    });

    it("so does a class: 30 children, each slipping 3 times a day in their browsers, morning and afternoon", async () => {
      const from = await busySchool("192.0.2.152");
      const codes = Array.from({ length: 30 }, (_, i) => {
        const made = withFreshLoginCode((loginCode) =>
          insertStudent({
            name: `Pupil ${i}`,
            classId: school.classA.id,
            loginCode,
            timesTables: [],
            allowedOperations: ["addition"],
            difficulty: "easy",
          }),
        );
        return made.code;
      });
      for (let session = 0; session < 2; session++) {
        for (const [i, code] of codes.entries()) {
          later(20_000);
          const cookie = await slips(from, session === 0 ? i % 4 : 3 - (i % 4), "", code);
          expect((await asStudent(code, { from, cookie })).status).toBe(302);
        }
        later(4 * HOUR);
      }
      expect(await unexplainedLeft(from)).toBe(6 + 2);
    });

    it("an account gives back at most 3 wrong codes a day", async () => {
      const from = await busySchool("192.0.2.153");
      for (let round = 0; round < 5; round++) {
        const cookie = await slips(from, 1);
        expect((await asStudent(RIGHT(), { from, cookie })).status).toBe(302);
      }
      // 3 given back, 2 spent of the 6.
      expect(await unexplainedLeft(from)).toBe(4 + 2);
      later(48 * HOUR); // past both days of the daily counts
      const cookie = await slips(from, 1);
      expect((await asStudent(RIGHT(), { from, cookie })).status).toBe(302);
      expect(await unexplainedLeft(from)).toBe(6 + 2);
    });

    it("another pupil's right code on a shared computer explains nothing of guesses typed there before", async () => {
      const from = await busySchool("192.0.2.158");
      let cookie = "";
      for (const guess of ["99999999", "31415926"]) {
        const answer = await asStudent(guess, { from, cookie });
        expect(answer.status).toBe(401);
        cookie = triesOf(answer);
      }
      expect((await asStudent(RIGHT(), { from, cookie })).status).toBe(302);
      expect(await unexplainedLeft(from)).toBe(4 + 2);
    });

    it("a right code gives back only its browser's wrong codes from the same address, in the last 15 minutes", async () => {
      const from = await busySchool("192.0.2.154");
      const cookie = await slips(from, 2);
      later(16 * MINUTE);
      expect((await asStudent(RIGHT(), { from, cookie })).status).toBe(302);
      expect(await unexplainedLeft(from)).toBe(4 + 2);
    });

    it.each([
      ["without the cookie", async () => ""],
      ["with a forged cookie", async (cookie: string) => cookie.replace(/\.[^.]*$/, ".Zm9yZ2Vk")],
      ["with a cookie of another browser (its own wrong code)", async () => await slips("192.0.2.155", 1)],
      ["from another address", async (cookie: string) => cookie],
    ])("nothing of the child's is given back %s", async (how, cookieFor) => {
      const from = await busySchool("192.0.2.155");
      const cookie = await slips(from, 2);
      const sent = await cookieFor(cookie);
      const at = how === "from another address" ? "198.51.100.240" : from;
      expect((await asStudent(RIGHT(), { from: at, cookie: sent })).status).toBe(302);
      // The other browser's own wrong code is given back, the child's two are not.
      const left = how.startsWith("with a cookie of another") ? 4 + 1 + 2 - 1 : 4 + 2;
      expect(await unexplainedLeft(from)).toBe(left);
    });

    it("a wrong code is given back once, and a right code empties the browser's list", async () => {
      const from = await busySchool("192.0.2.156");
      const cookie = await slips(from, 2);
      const first = await asStudent(RIGHT(), { from, cookie });
      expect(first.status).toBe(302);
      expect(first.response?.headers.getSetCookie().join()).toMatch(/__code_tries=[^;]*;.*Max-Age=0/);
      // The same cookie again (kept by a copy of the browser) gives nothing more back.
      expect((await asStudent(school.classB.student.code, { from, cookie })).status).toBe(302);
      expect(await unexplainedLeft(from)).toBe(6 + 2);
      // The cookie: signed, httpOnly, SameSite=Lax, 15 minutes.
      const set = (await asStudent("99999999", { from: "192.0.2.157" })).headers?.getSetCookie().join();
      expect(set).toMatch(/__code_tries=.+; Max-Age=900; Path=\/; HttpOnly; SameSite=Lax/);
    });
  });

  describe("known browsers: a right code from a browser that logged in with it before always opens", () => {
    const INSIDER = "192.0.2.170";

    /** The `__known_logins` cookie a right login set (the browser keeps it), as a Cookie header value. */
    const knownOf = (o: Awaited<ReturnType<typeof post>>) => cookieSet(o.response, "__known_logins");

    /** A right login from `from` in a browser carrying `cookie`: the browser's cookie after it. */
    async function logsIn(login: Promise<Awaited<ReturnType<typeof post>>>) {
      const o = await login;
      expect(o.status).toBe(302);
      return knownOf(o);
    }

    /** The school's address, with credit, then an insider's wrong codes there until the plain pages refuse. */
    async function insiderStopsTheSchool(from = INSIDER) {
      await schoolAddress(from);
      // Its credit, then a new place's 2: the plain pages wait there for 10 minutes.
      for (let wrong = 0; (await asStudent("99999999", { from })).status === 401; wrong++)
        expect(wrong).toBeLessThan(8);
      expectRefused(await asTeacher(school.teacher.code, { from }), L.teacherWaitHere, 600);
      expectRefused(await asStudent(school.classA.student.code, { from }), L.studentWaitHere, 600);
    }

    it("a teacher whose browser logged in before logs in where an insider made the limits refuse (issue 26.3)", async () => {
      const cookie = await logsIn(asTeacher(school.teacher.code, { from: INSIDER }));
      later(HOUR);
      await insiderStopsTheSchool();
      const o = await asTeacher(school.teacher.code, { from: INSIDER, cookie });
      expect(o.location).toBe("/teacher-dashboard");
      // The cookie is refreshed, the teacher still first; a browser without it is still refused.
      expect(await knownLoginsCookie.parse(knownOf(o))).toEqual([
        { kind: "teacher", id: school.teacher.id, since: Date.now() },
      ]);
      expectRefused(await asTeacher(school.teacher.code, { from: INSIDER }), L.teacherWaitHere, 600);
    });

    it("so does a pupil on the plain page; a browser that knows only the teacher is refused as before", async () => {
      const pupil = await logsIn(asStudent(school.classA.student.code, { from: INSIDER }));
      const teacher = await logsIn(asTeacher(school.teacher.code, { from: INSIDER }));
      await insiderStopsTheSchool();
      expect((await asStudent(school.classA.student.code, { from: INSIDER, cookie: pupil })).location).toBe(
        "/student-game",
      );
      // A known teacher is no pupil: on /student-login only pupils are compared.
      expectRefused(await asStudent(school.classA.student.code, { from: INSIDER, cookie: teacher }), L.studentWaitHere);
    });

    it("a wrong code with a known browser is refused as the limits say, and counts against that browser's entry", async () => {
      const cookie = await logsIn(asTeacher(school.teacher.code, { from: INSIDER }));
      await insiderStopsTheSchool();
      const without = await asTeacher("99999999", { from: INSIDER });
      for (let i = 0; i < 10; i++) {
        const o = await asTeacher(slipOf(school.teacher.code, i), { from: INSIDER, cookie });
        expectRefused(o, L.teacherWaitHere, Number(without.headers?.get("Retry-After")));
        expect(o.headers?.get("Set-Cookie") ?? "").not.toMatch(/__code_tries/);
      }
      // 10 wrong compares: the entry waits 10 minutes, so even its right code is refused by the limits' answer.
      expectRefused(await asTeacher(school.teacher.code, { from: INSIDER, cookie }), L.teacherWaitHere, 600);
      // The limits counted none of them: the place's wait is the insider's, unchanged.
      expectRefused(await asStudent(school.classA.student.code, { from: INSIDER }), L.studentWaitHere, 600);
      // The teacher's right login elsewhere refreshes the entry: a new one, with its own count.
      later(MINUTE);
      const fresh = await logsIn(asTeacher(school.teacher.code, { from: "203.0.113.10", cookie }));
      expect((await asTeacher(school.teacher.code, { from: INSIDER, cookie: fresh })).status).toBe(302);
      // The old copy of the cookie still waits.
      expectRefused(await asTeacher(school.teacher.code, { from: INSIDER, cookie }), L.teacherWaitHere);
    });

    it("a forged cookie, another secret's, or an entry older than 90 days is ignored", async () => {
      const old = await logsIn(asTeacher(school.teacher.code, { from: INSIDER }));
      later(91 * 24 * HOUR);
      const entries = [{ kind: "teacher", id: school.teacher.id, since: Date.now() }];
      /** As a browser would send the cookie a Set-Cookie header sets. */
      const sent = (setCookie: string) => setCookie.split(";")[0]!;
      const signed = sent(await knownLoginsCookie.serialize(entries));
      const otherSecret = sent(await createCookie("__known_logins", { secrets: ["not-ours"] }).serialize(entries));
      // Today's entries under the old cookie's signature.
      const payload = decodeURIComponent(signed.split("=")[1]!).split(".")[0]!;
      const forged = `__known_logins=${encodeURIComponent(`${payload}.${decodeURIComponent(old.split("=")[1]!).split(".")[1]}`)}`;
      await insiderStopsTheSchool();
      for (const cookie of [forged, otherSecret, old])
        expectRefused(await asTeacher(school.teacher.code, { from: INSIDER, cookie }), L.teacherWaitHere, 600);
      // The same entries signed with the site's secret: known.
      expect((await asTeacher(school.teacher.code, { from: INSIDER, cookie: signed })).status).toBe(302);
    });

    it("the cookie keeps the newest 5 accounts: the oldest is no longer known", async () => {
      let cookie = "";
      const pupils = [school.classA.student, school.classB.student];
      for (let i = 0; i < 4; i++) pupils.push(makeClass(school.teacher.id, school.schoolId).student);
      for (const pupil of pupils) cookie = await logsIn(asStudent(pupil.code, { from: "203.0.113.11", cookie }));
      const known = (await knownLoginsCookie.parse(cookie)) as Array<{ id: string }>;
      expect(known.map((login) => login.id)).toEqual(
        pupils
          .slice(1)
          .reverse()
          .map((pupil) => pupil.id),
      );
      later(HOUR);
      await insiderStopsTheSchool();
      expectRefused(await asStudent(pupils[0]!.code, { from: INSIDER, cookie }), L.studentWaitHere);
      expect((await asStudent(pupils[5]!.code, { from: INSIDER, cookie })).status).toBe(302);
    });

    it("through a class link the limits refuse, a known pupil of another class is not let in; the class's is", async () => {
      let cookie = await logsIn(asStudent(school.classB.student.code, { from: "203.0.113.12" }));
      cookie = await logsIn(asStudent(school.classA.student.code, { from: "203.0.113.12", cookie }));
      const from = "203.0.113.13";
      for (let i = 0; i < 60; i++)
        expect((await throughLink(school.classA.loginKey, "99999999", { from })).status).toBe(401);
      expectRefused(await throughLink(school.classA.loginKey, school.classA.student.code, { from }), L.wait);
      expectRefused(await throughLink(school.classA.loginKey, school.classB.student.code, { from, cookie }), L.wait);
      expect((await throughLink(school.classA.loginKey, school.classA.student.code, { from, cookie })).status).toBe(
        302,
      );
    });
  });
});
