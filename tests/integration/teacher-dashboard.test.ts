import { cardKeyOf } from "~/school/card-keys.server";
import crypto from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requireStudent, schoolSignInAndRedirect } from "~/auth/school-session.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { studentPerformance } from "~/db/schema";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { listStudentsOfClass } from "~/models/students.server";
import { findStudent, insertStudent } from "~/models/students.server";
import * as cards from "~/routes/school/teacher-cards";
import * as dashboard from "~/routes/school/teacher-dashboard";
import * as exportRoute from "~/routes/school/teacher-export";
import * as overview from "~/routes/school/teacher-overview";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { CSV_BOM } from "~/utils/csv";
import { oneLine } from "~/utils/flash";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";
import { cookieSet, flashOf, formRequest, outcome, refusal, type Outcome } from "./route-call";

/*
 * The teacher dashboard's server side (docs/product.md#teachers): every loader and action needs a teacher's
 * session; a teacher reaches only their own classes and students (anyone else's id is a 404 and nothing is
 * written); refused forms keep their input; a new code ends the student's sessions; the CSV is safe to open.
 */

type Fixture = {
  teacherId: string;
  cookie: string;
  classes: { id: string; loginKey: string; studentId: string }[];
};

let n = 0;

function addStudent(classId: string, name: string, settings: Partial<{ operations: string[] }> = {}) {
  return withFreshLoginCode((loginCode) =>
    insertStudent({
      name,
      classId,
      loginCode,
      timesTables: [],
      allowedOperations: (settings.operations ?? ["addition"]) as never,
      difficulty: "easy",
    }),
  );
}

async function sessionCookie(owner: { teacherId: string } | { studentId: string }) {
  const response = await schoolSignInAndRedirect(new Request("http://x/"), owner, { to: "/" });
  return cookieSet(response, "__school");
}

/** A school with a teacher and two classes (named so "Class A" sorts first), one student in each. */
async function makeTeacher(): Promise<Fixture> {
  n += 1;
  const schoolId = insertSchool(`School ${n}`);
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Teacher ${n}`, email: null, schoolId, loginCode }),
  );
  const classes = ["Class B", "Class A"].map((name) => {
    const loginKey = newClassLoginKey();
    const id = insertClass({ name: `${name} ${n}`, schoolId, teacherId: teacher.value, loginKey });
    return { id, loginKey, studentId: addStudent(id, `Pupil of ${name} ${n}`).value };
  });
  return { teacherId: teacher.value, cookie: await sessionCookie({ teacherId: teacher.value }), classes };
}

let me: Fixture;
let other: Fixture;

beforeEach(async () => {
  me = await makeTeacher();
  other = await makeTeacher();
});

afterEach(() => {
  vi.restoreAllMocks();
  db.$client.exec("DROP TRIGGER IF EXISTS refuse_write");
});

const url = (path: string) => `http://x${path}`;
const [A, B] = [1, 0]; // classes[1] is "Class A", the first by name.

function load(route: { loader: (args: never) => Promise<unknown> }, path: string, cookie = me.cookie) {
  return outcome(() => route.loader({ request: formRequest(url(path), { cookie }), params: {}, context: {} } as never));
}

function post(body: Record<string, string | string[]>, { path = "/teacher-dashboard", cookie = me.cookie } = {}) {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) for (const v of [value].flat()) form.append(key, v);
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(url(path), { method: "POST", headers, body: form.toString() });
  return outcome(() => dashboard.action({ request, params: {}, context: {} } as never));
}

const count = (table: string) => (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const sessionsOf = (studentId: string) =>
  (db.$client.prepare("SELECT count(*) AS n FROM sessions WHERE student_id = ?").get(studentId) as { n: number }).n;

/** Makes the database refuse every write to `table` (a trigger), as a full disk or a broken file would. */
function refuseWrites(table: string, event: "INSERT" | "UPDATE" | "DELETE") {
  db.$client.exec(
    `CREATE TRIGGER refuse_write BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
  );
}

function addGames(studentId: string, accuracies: number[], { daysApart = 1, from = Date.now() } = {}) {
  accuracies.forEach((accuracy, i) =>
    db
      .insert(studentPerformance)
      .values({
        studentId,
        score: Math.round(accuracy / 10),
        totalQuestions: 10,
        timeTaken: 60,
        accuracy,
        completedAt: from - (accuracies.length - 1 - i) * daysApart * 86_400_000,
      })
      .run(),
  );
}

const dataOf = <T = Record<string, unknown>>(o: Outcome) => o.data as T;

describe("who may come in", () => {
  it("no session, or a student's, leads to the teacher login from every page and form", async () => {
    const before = count("students");
    const student = await sessionCookie({ studentId: me.classes[A]!.studentId });
    for (const cookie of ["", student]) {
      for (const route of [dashboard, overview, cards, exportRoute]) {
        const o = await load(route, `/teacher-dashboard?class=${me.classes[A]!.id}`, cookie);
        expect(o.status).toBe(302);
        expect(o.location).toBe("/teacher-login");
      }
      const o = await post({ intent: "add-student", classId: me.classes[A]!.id, name: "X" }, { cookie });
      expect(o.location).toBe("/teacher-login");
    }
    expect(count("students")).toBe(before);
  });

  it("pages ask not to be cached", () => {
    for (const route of [dashboard, overview, cards]) {
      expect(route.headers({} as never)).toEqual({ "Cache-Control": "no-store" });
    }
  });
});

describe("the dashboard page", () => {
  it("shows the teacher and school, their classes by name, the first class's students with their cards", async () => {
    addGames(me.classes[A]!.studentId, [50, 70, 90, 85, 95, 100]);
    const o = await load(dashboard, "/teacher-dashboard");
    const page = dataOf<{
      name: string;
      schoolName: string;
      classes: { ok: true; value: { id: string; name: string }[] };
      selected: { id: string };
      students: { ok: true; value: { id: string; performance: Record<string, unknown> }[] };
    }>(o);
    expect(page.name).toMatch(/^Teacher \d+$/);
    expect(page.schoolName).toMatch(/^School \d+$/);
    expect(page.classes.value.map((c) => c.name)).toEqual([
      expect.stringMatching(/^Class A/),
      expect.stringMatching(/^Class B/),
    ]);
    expect(page.selected.id).toBe(me.classes[A]!.id);
    expect(page.students.value).toHaveLength(1);
    const performance = page.students.value[0]!.performance as {
      recent: { accuracy: number }[];
    } & Record<string, unknown>;
    expect(performance).toMatchObject({ games: 6, averageScore: 82, colour: "green", best: 100, latest: 100 });
    expect(performance.recent.map((g) => g.accuracy)).toEqual([100, 95, 85, 90, 70]);
  });

  it("another teacher's class, student to edit or to delete is a 404", async () => {
    const theirs = other.classes[A]!;
    for (const path of [
      `/teacher-dashboard?class=${theirs.id}`,
      "/teacher-dashboard?class=no-such-class",
      "/teacher-dashboard?class=%27%20OR%201%3D1",
      `/teacher-dashboard?class=${me.classes[A]!.id}&edit=${theirs.studentId}`,
      `/teacher-dashboard?class=${me.classes[A]!.id}&delete=${theirs.studentId}`,
      `/teacher-dashboard?class=${me.classes[A]!.id}&new-code=${theirs.studentId}`,
      `/teacher-dashboard?class=${me.classes[A]!.id}&new-code=not-an-id`,
      // My own student, but not in the class shown.
      `/teacher-dashboard?class=${me.classes[A]!.id}&new-code=${me.classes[B]!.studentId}`,
      `/teacher-dashboard?class=${me.classes[A]!.id}&edit=${me.classes[B]!.studentId}`,
    ]) {
      const o = await load(dashboard, path);
      expect(o.status, path).toBe(404);
      expect([M.classNotFound, M.studentNotFound]).toContain(o.data);
    }
  });

  it("?edit= opens a student's form; ?delete= is the confirmation page", async () => {
    const mine = me.classes[A]!;
    const edit = dataOf(await load(dashboard, `/teacher-dashboard?class=${mine.id}&edit=${mine.studentId}`));
    expect(edit.editing).toBe(mine.studentId);
    const del = dataOf(await load(dashboard, `/teacher-dashboard?class=${mine.id}&delete=${mine.studentId}`));
    expect(del.deleting).toEqual({ id: mine.studentId, name: expect.stringMatching(/^Pupil of Class A/) });
    // A new code's confirmation step (docs/product.md#confirmation-steps): named, nothing changed yet.
    const codeBefore = listStudentsOfClass(mine.id).find((s) => s.id === mine.studentId)!.loginCode;
    const step = dataOf(await load(dashboard, `/teacher-dashboard?class=${mine.id}&new-code=${mine.studentId}`));
    expect(step.newCode).toEqual({ id: mine.studentId, name: expect.stringMatching(/^Pupil of Class A/) });
    expect(listStudentsOfClass(mine.id).find((s) => s.id === mine.studentId)!.loginCode).toBe(codeBefore);
  });

  it("a teacher without classes sees none; a failed read says 'Failed to fetch classes'", async () => {
    const schoolId = insertSchool("Empty School");
    const teacherId = withFreshLoginCode((loginCode) =>
      insertTeacher({ name: "New Teacher", email: null, schoolId, loginCode }),
    ).value;
    const cookie = await sessionCookie({ teacherId });
    expect(dataOf(await load(dashboard, "/teacher-dashboard", cookie))).toMatchObject({
      classes: { ok: true, value: [] },
      selected: null,
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const select = db.select.bind(db);
    // The read of the teacher's classes fails (the session check before it still works).
    vi.spyOn(db, "select").mockImplementation(((...args: Parameters<typeof select>) => {
      if (new Error().stack?.includes("listClassesOfTeacher")) throw new Error("disk gone");
      return select(...args);
    }) as typeof select);
    expect(dataOf(await load(dashboard, "/teacher-dashboard"))).toMatchObject({ classes: { ok: false } });
  });
});

describe("adding a student", () => {
  it("adds them to the class with a new 8-digit code: 'Student created with login code' and the code", async () => {
    const klass = me.classes[B]!;
    const o = await post({
      intent: "add-student",
      classId: klass.id,
      name: "  Zoë O'Brien  ",
      operations: ["multiplication", "addition"],
      timesTables: ["5", "2"],
      difficulty: "medium",
    });
    expect(o.status).toBe(302);
    expect(o.location).toBe(`/teacher-dashboard?class=${klass.id}`);
    const flash = await flashOf(o.response);
    expect(flash?.kind).toBe("success");
    const code = /^Student created with login code (\d{8})$/.exec(flash?.title ?? "")?.[1];
    expect(code).toBeDefined();
    const row = db.$client.prepare("SELECT * FROM students WHERE login_code = ?").get(code) as Record<string, string>;
    expect(row).toMatchObject({ name: "Zoë O'Brien", class_id: klass.id, difficulty: "medium" });
    expect(JSON.parse(row.allowed_operations!)).toEqual(["addition", "multiplication"]);
    expect(JSON.parse(row.times_tables!)).toEqual(["2", "5"]);
  });

  it("takes the defaults: easy, no times tables", async () => {
    const o = await post({ intent: "add-student", classId: me.classes[A]!.id, name: "Ben", operations: "addition" });
    expect(o.status).toBe(302);
    const row = db.$client.prepare("SELECT * FROM students WHERE name = 'Ben'").get() as Record<string, string>;
    expect(row).toMatchObject({ difficulty: "easy", times_tables: "[]", allowed_operations: '["addition"]' });
  });

  it.each([
    [{ name: "   ", operations: "addition" }, { name: [M.nameRequired] }],
    [{ name: "Ada" }, { operations: [M.operationsRequired] }],
    [{ name: "Ada", operations: "cooking" }, { operations: [M.operationsRequired] }],
    [{ name: "x".repeat(61), operations: "addition" }, { name: [M.nameLong] }],
    [{ name: "Ada", operations: "addition", timesTables: ["2", "13"] }, { timesTables: [M.timesTablesInvalid] }],
    [{ name: "Ada", operations: "addition", difficulty: "extreme" }, { difficulty: [M.difficultyInvalid] }],
  ])("refuses %j field by field, keeps the input, writes nothing", async (fields, errors) => {
    const before = count("students");
    const o = await post({ intent: "add-student", classId: me.classes[A]!.id, ...fields });
    expect(o.status).toBe(400);
    expect(dataOf(o).intent).toBe("add-student");
    expect(refusal(o).errors).toEqual(errors);
    expect(refusal(o).sent.name).toBe(fields.name);
    expect(count("students")).toBe(before);
  });

  it("into another teacher's class, or no class: a 404 and nothing written", async () => {
    const before = count("students");
    for (const classId of [other.classes[A]!.id, "", "no-such-class"]) {
      const o = await post({ intent: "add-student", classId, name: "Intruder", operations: "addition" });
      expect(o.status).toBe(404);
    }
    const o = await post({ intent: "add-student", name: "Intruder", operations: "addition" });
    expect(o.status).toBe(404);
    expect(count("students")).toBe(before);
  });

  it("a failed write: 'Failed to create student' with the input kept; no free code: 'Failed to generate student code'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const before = count("students");
    refuseWrites("students", "INSERT");
    const o = await post({ intent: "add-student", classId: me.classes[A]!.id, name: "Cy", operations: "addition" });
    expect(o.status).toBe(500);
    expect(refusal(o).errors).toEqual({ "": [M.createFailed] });
    expect(refusal(o).sent.name).toBe("Cy");
    db.$client.exec("DROP TRIGGER refuse_write");

    // Every draw hits a code in use.
    const taken = Number(findStudent(me.classes[A]!.studentId)!.loginCode);
    vi.spyOn(crypto, "randomInt").mockImplementation((() => taken) as never);
    const none = await post({ intent: "add-student", classId: me.classes[A]!.id, name: "Cy", operations: "addition" });
    expect(none.status).toBe(500);
    expect(refusal(none).errors).toEqual({ "": [M.codeFailed] });
    expect(count("students")).toBe(before);
  });
});

describe("editing a student", () => {
  const edit = (studentId: string, fields: Record<string, string | string[]>) =>
    post({ intent: "edit-student", studentId, ...fields });

  it("saves name and settings: 'Student information updated successfully'", async () => {
    const mine = me.classes[A]!;
    const o = await edit(mine.studentId, {
      name: " Ada L ",
      operations: ["division", "subtraction"],
      timesTables: "12",
      difficulty: "hard",
    });
    expect(o.location).toBe(`/teacher-dashboard?class=${mine.id}`);
    expect(await flashOf(o.response)).toEqual({ kind: "success", title: M.updated });
    expect(findStudent(mine.studentId)).toMatchObject({
      name: "Ada L",
      allowedOperations: ["subtraction", "division"],
      timesTables: ["12"],
      difficulty: "hard",
    });
  });

  it("no name or no operation: 'Validation Error: Name is required and at least one operation must be selected'", async () => {
    const mine = me.classes[A]!;
    const before = findStudent(mine.studentId);
    const o = await edit(mine.studentId, { name: "", difficulty: "hard" });
    expect(o.status).toBe(400);
    expect(dataOf(o)).toMatchObject({ intent: "edit-student", target: mine.studentId });
    const { errors, sent } = refusal(o);
    expect(Object.keys(errors)[0]).toBe("");
    expect(errors).toEqual({
      "": ["Validation Error: Name is required and at least one operation must be selected"],
      name: [M.nameRequired],
      operations: [M.operationsRequired],
    });
    expect(oneLine(M.validation)).toBe(errors[""]![0]);
    expect(sent.difficulty).toBe("hard");
    expect(findStudent(mine.studentId)).toEqual(before);
  });

  it("another teacher's student: a 404 and nothing changed", async () => {
    const theirs = other.classes[A]!.studentId;
    const before = findStudent(theirs);
    const o = await edit(theirs, { name: "Hacked", operations: "addition" });
    expect(o.status).toBe(404);
    expect(o.data).toBe(M.studentNotFound);
    expect(findStudent(theirs)).toEqual(before);
  });

  it("a failed write: 'Failed to update student information', the input kept", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    refuseWrites("students", "UPDATE");
    const o = await edit(me.classes[A]!.studentId, { name: "New name", operations: "addition" });
    expect(o.status).toBe(500);
    expect(refusal(o).errors).toEqual({ "": [M.updateFailed] });
    expect(refusal(o).sent.name).toBe("New name");
  });
});

describe("deleting a student", () => {
  it("deletes them with their results and sessions: 'Student deleted successfully'", async () => {
    const mine = me.classes[A]!;
    addGames(mine.studentId, [80, 90]);
    await sessionCookie({ studentId: mine.studentId });
    const o = await post({ intent: "delete-student", studentId: mine.studentId });
    expect(o.location).toBe(`/teacher-dashboard?class=${mine.id}`);
    expect(await flashOf(o.response)).toEqual({ kind: "success", title: M.deleted });
    expect(findStudent(mine.studentId)).toBeUndefined();
    expect(sessionsOf(mine.studentId)).toBe(0);
    expect(
      db.$client.prepare("SELECT count(*) AS n FROM student_performance WHERE student_id = ?").get(mine.studentId),
    ).toEqual({ n: 0 });
  });

  it("another teacher's student: a 404 and still there", async () => {
    const theirs = other.classes[A]!.studentId;
    const o = await post({ intent: "delete-student", studentId: theirs });
    expect(o.status).toBe(404);
    expect(findStudent(theirs)).toBeDefined();
  });

  it("a failed delete: 'Failed to delete student'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    refuseWrites("students", "DELETE");
    const o = await post({ intent: "delete-student", studentId: me.classes[A]!.studentId });
    expect(await flashOf(o.response)).toEqual({ kind: "error", title: M.deleteFailed });
    expect(findStudent(me.classes[A]!.studentId)).toBeDefined();
  });
});

describe("a new login code", () => {
  it("replaces the code and ends the student's sessions: 'Login code regenerated successfully'", async () => {
    const mine = me.classes[A]!;
    const old = findStudent(mine.studentId)!.loginCode;
    const cookie = await sessionCookie({ studentId: mine.studentId });
    await expect(requireStudent(formRequest(url("/student-game"), { cookie }))).resolves.toBeDefined();
    const o = await post({ intent: "regenerate-code", studentId: mine.studentId });
    expect(o.location).toBe(`/teacher-dashboard?class=${mine.id}`);
    const fresh = findStudent(mine.studentId)!.loginCode;
    expect(fresh).toMatch(/^[1-9]\d{7}$/);
    expect(fresh).not.toBe(old);
    expect(await flashOf(o.response)).toEqual({
      kind: "success",
      title: "Login code regenerated successfully",
      description: `New login code: ${fresh}`,
    });
    expect(sessionsOf(mine.studentId)).toBe(0);
    const after = await outcome(() => requireStudent(formRequest(url("/student-game"), { cookie })));
    expect(after.location).toBe("/student-login");
  });

  it("another teacher's student: a 404, the code and sessions untouched", async () => {
    const theirs = other.classes[A]!.studentId;
    const old = findStudent(theirs)!.loginCode;
    await sessionCookie({ studentId: theirs });
    const o = await post({ intent: "regenerate-code", studentId: theirs });
    expect(o.status).toBe(404);
    expect(findStudent(theirs)!.loginCode).toBe(old);
    expect(sessionsOf(theirs)).toBe(1);
  });

  it("a failed write: 'Failed to generate student code', the old code and sessions kept", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const mine = me.classes[A]!;
    const old = findStudent(mine.studentId)!.loginCode;
    await sessionCookie({ studentId: mine.studentId });
    refuseWrites("sessions", "DELETE");
    const o = await post({ intent: "regenerate-code", studentId: mine.studentId });
    expect(await flashOf(o.response)).toEqual({ kind: "error", title: M.codeFailed });
    // One transaction: the code did not change without the sessions ending.
    expect(findStudent(mine.studentId)!.loginCode).toBe(old);
    expect(sessionsOf(mine.studentId)).toBe(1);
  });
});

describe("malformed forms", () => {
  it("an unknown intent is a plain 400", async () => {
    expect((await post({ intent: "drop-tables" })).status).toBe(400);
    expect((await post({})).status).toBe(400);
  });
});

describe("the class overview", () => {
  it("lists every student with games this week, average, trend and last game, sorted by the query", async () => {
    const klass = me.classes[A]!;
    const second = addStudent(klass.id, "Aaron").value;
    addGames(klass.studentId, [40, 50, 80, 90], { daysApart: 3 });
    addGames(second, [95]);
    type Row = { name: string; gamesThisWeek: number; averageScore: number | null; trend: number | null };
    const rows = async (query: string) =>
      dataOf<{ rows: { ok: true; value: Row[] } }>(await load(overview, `/teacher-dashboard/overview?${query}`)).rows
        .value;
    const byName = await rows(`class=${klass.id}`);
    expect(byName.map((r) => r.name)).toEqual(["Aaron", expect.stringMatching(/^Pupil of Class A/)]);
    expect(byName[1]).toMatchObject({ gamesThisWeek: 3, averageScore: 65, trend: 40 });
    expect(byName[0]).toMatchObject({ gamesThisWeek: 1, averageScore: 95, trend: null });
    const lowestFirst = await rows(`class=${klass.id}&sort=average&dir=asc`);
    expect(lowestFirst.map((r) => r.averageScore)).toEqual([65, 95]);
  });

  it("another teacher's class is a 404; no class leads to the dashboard", async () => {
    expect((await load(overview, `/teacher-dashboard/overview?class=${other.classes[A]!.id}`)).status).toBe(404);
    expect((await load(overview, "/teacher-dashboard/overview")).location).toBe("/teacher-dashboard");
  });
});

describe("the login cards", () => {
  it("give each student's code, their card's own address and its QR code, and the class's link once", async () => {
    const klass = me.classes[A]!;
    const o = await load(cards, `/teacher-dashboard/cards?class=${klass.id}`);
    type Card = { id: string; loginCode: string; address: string; link: string; qr: { size: number; path: string } };
    const page = dataOf<{ link: string; students: Card[] }>(o);
    expect(page.link).toBe(`${config.siteUrl}/student-login/${klass.loginKey}`);
    expect(page.link).toMatch(/^https?:\/\//);
    const code = findStudent(klass.studentId)!.loginCode;
    const key = cardKeyOf(klass.studentId, code);
    expect(page.students).toEqual([
      {
        id: klass.studentId,
        name: expect.any(String),
        loginCode: code,
        address: `${new URL(config.siteUrl).host}/c/${key}`,
        link: `${config.siteUrl}/c/${key}`,
        qr: { size: expect.any(Number), path: expect.stringMatching(/^M\d+ \d+h\d+v1h-\d+z/) },
      },
    ]);
    expect(page.students[0]!.qr.size).toBeGreaterThanOrEqual(21);
  });

  it("another teacher's class is a 404", async () => {
    expect((await load(cards, `/teacher-dashboard/cards?class=${other.classes[A]!.id}`)).status).toBe(404);
  });
});

describe("the results export", () => {
  it("is a UTF-8 CSV with a BOM, names quoted and formulas neutralised, as an attachment", async () => {
    const klass = me.classes[A]!;
    const quoted = addStudent(klass.id, 'O\'Brien, "Jo"').value;
    const formula = addStudent(klass.id, '=HYPERLINK("http://evil")').value;
    addGames(quoted, [80, 90], { from: Date.UTC(2026, 6, 1, 9, 0) });
    addGames(formula, [50], { from: Date.UTC(2026, 0, 5, 14, 30) });
    const o = await load(exportRoute, `/teacher-dashboard/export?class=${klass.id}`);
    const response = o.response!;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="class-a-\d+-results-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1).split("\r\n")).toEqual([
      "Student,Completed (UK time),Score,Questions,Accuracy (%),Time taken (s)",
      `'=HYPERLINK("http://evil")`.replace(/^(.*)$/, (s) => `"${s.replace(/"/g, '""')}"`) +
        ",2026-01-05 14:30,5,10,50,60",
      '"O\'Brien, ""Jo""",2026-06-30 10:00,8,10,80,60',
      '"O\'Brien, ""Jo""",2026-07-01 10:00,9,10,90,60',
      "",
    ]);
  });

  it("another teacher's class is a plain 404; no class leads to the dashboard", async () => {
    const o = await load(exportRoute, `/teacher-dashboard/export?class=${other.classes[A]!.id}`);
    expect(o.status).toBe(404);
    expect(await o.response!.text()).toBe(M.classNotFound);
    expect((await load(exportRoute, "/teacher-dashboard/export")).location).toBe("/teacher-dashboard");
  });
});
