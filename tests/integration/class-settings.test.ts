import { beforeEach, describe, expect, it } from "vitest";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { db } from "~/db/client.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { findStudent, insertStudent } from "~/models/students.server";
import * as settingsPage from "~/routes/school/teacher-class-settings";
import * as dashboard from "~/routes/school/teacher-dashboard";
import { studentSpec } from "~/runs/student.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { TEACHER_MESSAGES as T } from "~/utils/teacher-messages";
import { cookieSet, flashOf, formRequest, outcome, refusal } from "./route-call";

/*
 * The class settings (docs/product.md#teachers): one form sets operations, times tables, difficulty, extra time and
 * calm mode for every pupil of a teacher's own class, all or none; a pupil's own form then sets them back. Another
 * teacher's class, a forged id or bad input is refused and nothing is written.
 */

type Teacher = { cookie: string; classId: string; pupils: string[] };

let n = 0;

function addPupil(classId: string, name: string): string {
  return withFreshLoginCode((loginCode) =>
    insertStudent({
      name,
      classId,
      loginCode,
      timesTables: ["3"],
      allowedOperations: ["addition"],
      difficulty: "easy",
    }),
  ).value;
}

async function makeTeacher(pupils = 3): Promise<Teacher> {
  n += 1;
  const schoolId = insertSchool(`Settings School ${n}`);
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Settings Teacher ${n}`, email: null, schoolId, loginCode }),
  ).value;
  const classId = insertClass({ name: `Class ${n}`, schoolId, teacherId, loginKey: newClassLoginKey() });
  const signedIn = await schoolSignInAndRedirect(new Request("http://x/"), { teacherId }, { to: "/" });
  return {
    cookie: cookieSet(signedIn, "__school"),
    classId,
    pupils: Array.from({ length: pupils }, (_, i) => addPupil(classId, `Pupil ${n}.${i}`)),
  };
}

let me: Teacher;
let other: Teacher;

beforeEach(async () => {
  me = await makeTeacher();
  other = await makeTeacher(2);
});

function post(
  route: typeof settingsPage | typeof dashboard,
  path: string,
  body: Record<string, string | string[]>,
  cookie = me.cookie,
) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const one of [v].flat()) params.append(k, one);
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie });
  const request = new Request(`http://x${path}`, { method: "POST", headers, body: params.toString() });
  return outcome(() => route.action({ request, params: {}, context: { clientAddress: "203.0.113.9" } } as never));
}

const setClass = (body: Record<string, string | string[]>, cookie?: string) =>
  post(settingsPage, `/teacher-dashboard/settings?class=${me.classId}`, { intent: "class-settings", ...body }, cookie);

const snapshot = () => JSON.stringify(db.$client.prepare("SELECT * FROM students ORDER BY id").all());

const CALM_AND_DOUBLE = {
  operations: ["multiplication", "division"],
  timesTables: ["7", "8"],
  difficulty: "medium",
  extraTime: "2",
  calm: "on",
};

describe("the class settings form", () => {
  it("sets every pupil of the class at once, and no one else; back on the class's page with a message", async () => {
    const before = other.pupils.map((id) => findStudent(id));
    const o = await setClass({ classId: me.classId, ...CALM_AND_DOUBLE });
    expect(o.status).toBe(302);
    expect(o.location).toBe(`/teacher-dashboard?class=${me.classId}`);
    expect((await flashOf(o.response))?.title).toBe(T.classSettingsSaved(`Class ${n - 1}`));
    for (const id of me.pupils) {
      expect(findStudent(id)).toMatchObject({
        allowedOperations: ["multiplication", "division"],
        timesTables: ["7", "8"],
        difficulty: "medium",
        extraTime: 2,
        calm: true,
      });
      // The pupil's next game: × 2 and calm, sealed in its spec.
      expect(studentSpec(id)).toMatchObject({ extraTime: 2, calm: true });
    }
    expect(other.pupils.map((id) => findStudent(id))).toEqual(before);
  });

  it("then one pupil's own form sets them back to normal, the others keep the class's settings", async () => {
    await setClass({ classId: me.classId, ...CALM_AND_DOUBLE });
    const [first, second] = me.pupils as [string, string];
    const o = await post(dashboard, `/teacher-dashboard?class=${me.classId}&edit=${first}`, {
      intent: "edit-student",
      studentId: first,
      name: "Back to normal",
      operations: "addition",
      extraTime: "1",
    });
    expect(o.status).toBe(302);
    expect(findStudent(first)).toMatchObject({ extraTime: 1, calm: false });
    expect(studentSpec(first)).toEqual({
      mode: "student",
      difficulty: "easy",
      operations: ["addition"],
      timesTables: [],
    });
    expect(findStudent(second)).toMatchObject({ extraTime: 2, calm: true });
  });

  it("takes × 1.5, no times tables and calm mode off (absent) too", async () => {
    await setClass({ classId: me.classId, operations: "subtraction", difficulty: "hard", extraTime: "1.5" });
    for (const id of me.pupils)
      expect(findStudent(id)).toMatchObject({ timesTables: [], extraTime: 1.5, calm: false, difficulty: "hard" });
  });

  it.each([
    [{ operations: [] as string[] }, "operations", T.operationsRequired],
    [{ extraTime: "3" }, "extraTime", T.extraTimeInvalid],
    [{ extraTime: "" }, "extraTime", T.extraTimeInvalid],
    [{ calm: "yes" }, "calm", T.calmInvalid],
    [{ timesTables: ["13"] }, "timesTables", T.timesTablesInvalid],
    [{ difficulty: "impossible" }, "difficulty", T.difficultyInvalid],
  ])("refuses %j with the field's message, the input kept, nothing written", async (bad, field, message) => {
    const before = snapshot();
    const o = await setClass({ classId: me.classId, ...CALM_AND_DOUBLE, ...bad });
    expect(o.status).toBe(400);
    const { errors, sent } = refusal(o);
    expect(errors[field]).toEqual([message]);
    expect(sent.difficulty ?? sent.extraTime).toBeDefined();
    expect(snapshot()).toBe(before);
  });

  it("writes every pupil or none: a write failing part way leaves the class as it was", async () => {
    const before = snapshot();
    const last = me.pupils[2]!;
    db.$client.exec(
      `CREATE TRIGGER fail_one BEFORE UPDATE ON students WHEN NEW.id = '${last}' BEGIN SELECT RAISE(ABORT, 'no'); END`,
    );
    try {
      const o = await setClass({ classId: me.classId, ...CALM_AND_DOUBLE });
      expect(o.status).toBe(500);
      expect(refusal(o).errors[""]).toEqual([T.classSettingsFailed]);
    } finally {
      db.$client.exec("DROP TRIGGER fail_one");
    }
    expect(snapshot()).toBe(before);
  });
});

describe("only the teacher's own class", () => {
  it.each([
    ["another teacher's class", () => other.classId],
    ["an unknown class", () => "no-such-class"],
    ["a forged id", () => "' OR 1=1 --"],
    ["no class", () => ""],
  ])("%s: 404, nothing written", async (_name, classId) => {
    const before = snapshot();
    const o = await setClass({ classId: classId(), ...CALM_AND_DOUBLE });
    expect(o.status).toBe(404);
    expect(o.data).toBe(T.classNotFound);
    expect(snapshot()).toBe(before);
  });

  it("the page of another teacher's class is a 404; without a teacher's session, the login", async () => {
    const load = (cookie: string, classId: string) =>
      outcome(() =>
        settingsPage.loader({
          request: formRequest(`http://x/teacher-dashboard/settings?class=${classId}`, { cookie }),
          params: {},
          context: {},
        } as never),
      );
    expect((await load(me.cookie, me.classId)).data).toMatchObject({
      classId: me.classId,
      className: `Class ${n - 1}`,
    });
    expect((await load(me.cookie, other.classId)).status).toBe(404);
    expect((await load("", me.classId)).location).toBe("/teacher-login");
    const before = snapshot();
    const o = await setClass({ classId: me.classId, ...CALM_AND_DOUBLE }, "");
    expect(o.location).toBe("/teacher-login");
    expect(snapshot()).toBe(before);
  });

  it("an unknown intent at the page: 400, nothing written", async () => {
    const before = snapshot();
    const o = await post(settingsPage, "/teacher-dashboard/settings", { intent: "edit-student", classId: me.classId });
    expect(o.status).toBe(400);
    expect(snapshot()).toBe(before);
  });
});
