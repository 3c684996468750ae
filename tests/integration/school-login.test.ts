import { beforeEach, describe, expect, it } from "vitest";
import { requireStudent, requireTeacher } from "~/auth/school-session.server";
import { db } from "~/db/client.server";
import { SCHOOL_LOGIN_BUSY, SCHOOL_LOGIN_RULES, SCHOOL_LOGIN_WAIT } from "~/limits/school-login-limits.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { deleteSchoolSessions } from "~/models/sessions.server";
import { insertStudent } from "~/models/students.server";
import * as studentLogin from "~/routes/school/student-login";
import * as studentLogout from "~/routes/school/student-logout";
import * as teacherLogin from "~/routes/school/teacher-login";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { oneLine } from "~/utils/flash";
import { SCHOOL_LOGIN_MESSAGES as M } from "~/utils/school-login-messages";
import { cookieSet, flashOf, formRequest, outcome, refusal } from "./route-call";

/*
 * The code logins (docs/product.md#login-codes): a right code starts a school session; every wrong code gets one
 * answer wherever it was tried; only failures are counted, per address, per class link and across the site.
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
  it("a whole school behind one address logs in all morning: 300 good logins and a few slips", async () => {
    const from = "192.0.2.50";
    for (let i = 0; i < 300; i++) {
      if (i % 20 === 0) expect((await throughLink(school.classA.loginKey, "99999999", { from })).status).toBe(401);
      expect((await throughLink(school.classA.loginKey, school.classA.student.code, { from })).status).toBe(302);
    }
  });

  it("one address: after its allowance of wrong codes, even a right code waits", async () => {
    const from = "192.0.2.60";
    const max = SCHOOL_LOGIN_RULES.perAddress.max;
    // Spread over places, so no other limit is reached first.
    for (let i = 0; i < max; i++) {
      const place = i % 3;
      const o =
        place === 0
          ? await throughLink(school.classA.loginKey, "99999999", { from })
          : place === 1
            ? await throughLink(school.classB.loginKey, "99999999", { from })
            : await asTeacher("99999999", { from });
      expect(o.status).toBe(401);
    }
    const refused = await throughLink(school.classA.loginKey, school.classA.student.code, { from });
    expect(refused.status).toBe(429);
    expect(refusal(refused).errors).toEqual({ "": [SCHOOL_LOGIN_WAIT] });
    expect(refused.headers?.get("Retry-After") ?? "").not.toBe("");
    // Another address is not held up.
    expect((await throughLink(school.classA.loginKey, school.classA.student.code)).status).toBe(302);
  });

  it("the plain pupils' page: after the site's allowance, every address waits, but class links still work", async () => {
    for (let i = 0; i < SCHOOL_LOGIN_RULES.studentSite.max; i++) expect((await asStudent("99999999")).status).toBe(401);
    const refused = await asStudent(school.classA.student.code);
    expect(refused.status).toBe(429);
    expect(refusal(refused).errors).toEqual({ "": [SCHOOL_LOGIN_BUSY] });
    expect((await throughLink(school.classA.loginKey, school.classA.student.code)).status).toBe(302);
    expect((await asTeacher(school.teacher.code)).status).toBe(302);
  });

  it("a class link: after the class's allowance, that class waits, other classes do not", async () => {
    for (let i = 0; i < SCHOOL_LOGIN_RULES.perClass.max; i++)
      expect((await throughLink(school.classA.loginKey, "99999999")).status).toBe(401);
    expect((await throughLink(school.classA.loginKey, school.classA.student.code)).status).toBe(429);
    expect((await throughLink(school.classB.loginKey, school.classB.student.code)).status).toBe(302);
  });

  it("the teachers' page has a site-wide allowance of its own", async () => {
    for (let i = 0; i < SCHOOL_LOGIN_RULES.teacherSite.max; i++) expect((await asTeacher("99999999")).status).toBe(401);
    expect((await asTeacher(school.teacher.code)).status).toBe(429);
    expect((await asStudent(school.classA.student.code)).status).toBe(302);
  });
});
