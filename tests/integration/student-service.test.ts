import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { sessionCookie } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertMemberSession } from "~/models/sessions.server";
import { findStudent, insertStudent } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import * as admin from "~/routes/admin/admin";
import * as dashboard from "~/routes/school/teacher-dashboard";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { ADMIN_MESSAGES as A } from "~/utils/admin-messages";
import { TEACHER_MESSAGES as T } from "~/utils/teacher-messages";
import { cookieSet, flashOf, outcome } from "./route-call";

/*
 * The one student service (app/school/students.server.ts, docs/decisions/0043-one-student-service.md), through
 * both areas' real actions: a teacher acts on their own classes only, an admin on every school's; an id out of
 * scope, unknown or forged is a 4xx and nothing is written; a student moved out of a teacher's classes is out of
 * their scope at once; each area leads back to its own page.
 */

type Teacher = { teacherId: string; cookie: string; classId: string; studentId: string };

let n = 0;
let adminCookie = "";

function addPupil(classId: string, name: string): string {
  return withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  ).value;
}

/** A school of its own with a teacher, one class and one pupil. */
async function makeTeacher(): Promise<Teacher> {
  n += 1;
  const schoolId = insertSchool(`Scope School ${n}`);
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Scope Teacher ${n}`, email: null, schoolId, loginCode }),
  ).value;
  const classId = insertClass({ name: `Scope Class ${n}`, schoolId, teacherId, loginKey: newClassLoginKey() });
  const signedIn = await schoolSignInAndRedirect(new Request("http://x/"), { teacherId }, { to: "/" });
  return { teacherId, cookie: cookieSet(signedIn, "__school"), classId, studentId: addPupil(classId, `Pupil ${n}`) };
}

beforeAll(async () => {
  const created = createMember({
    email: "scope-admin@example.org",
    phone: null,
    passwordHash: await hashPassword("a long admin password"),
    username: "Scope test admin",
    emailVerified: true,
    role: "admin",
  });
  if (!created.ok) throw new Error("no admin");
  insertMemberSession({
    id: "scope-admin-session",
    userId: created.id,
    userAgent: null,
    expiresAt: Date.now() + 3_600_000,
  });
  adminCookie = (await sessionCookie.serialize("scope-admin-session")).split(";")[0]!;
});

let me: Teacher;
let other: Teacher;

beforeEach(async () => {
  me = await makeTeacher();
  other = await makeTeacher();
});

type Area = "admin" | "teacher";

function post(area: Area, body: Record<string, string>, cookie = area === "admin" ? adminCookie : me.cookie) {
  const path = area === "admin" ? "http://x/admin?tab=schools" : "http://x/teacher-dashboard";
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie });
  const request = new Request(path, { method: "POST", headers, body: new URLSearchParams(body).toString() });
  const route = area === "admin" ? admin : dashboard;
  return outcome(() => route.action({ request, params: {}, context: { clientAddress: "203.0.113.9" } } as never));
}

/** Every pupil and school session as it stands, to show that a refusal wrote nothing. */
const snapshot = () =>
  JSON.stringify([
    db.$client.prepare("SELECT * FROM students ORDER BY id").all(),
    db.$client.prepare("SELECT id FROM sessions ORDER BY id").all(),
  ]);

const newCodeIntent = { admin: "regenerate-student-code", teacher: "regenerate-code" } as const;

/** The student forms of an area, each naming `studentId`, or the class `classId` for a new pupil. */
function studentForms(area: Area, ids: { classId: string; studentId: string }) {
  const settings = { name: "Renamed", operations: "subtraction", difficulty: "hard" };
  const forms: Record<string, Record<string, string>> = {
    "add-student": { intent: "add-student", classId: ids.classId, ...settings },
    "edit-student": { intent: "edit-student", studentId: ids.studentId, ...settings },
    "new code": { intent: newCodeIntent[area], studentId: ids.studentId },
  };
  if (area === "teacher") forms["delete-student"] = { intent: "delete-student", studentId: ids.studentId };
  return Object.entries(forms);
}

describe("a teacher's scope is their own classes", () => {
  it.each(studentForms("teacher", { classId: "@other", studentId: "@other" }))(
    "%s naming another teacher's class or student: 404, nothing written",
    async (_name, form) => {
      const theirs = Object.fromEntries(
        Object.entries(form).map(([k, v]) => [
          k,
          v === "@other" ? (k === "classId" ? other.classId : other.studentId) : v,
        ]),
      );
      const before = snapshot();
      const o = await post("teacher", theirs);
      expect(o.status).toBe(404);
      expect(o.data).toBe(theirs.classId ? T.classNotFound : T.studentNotFound);
      expect(snapshot()).toBe(before);
    },
  );

  it.each(["no-such-student", "' OR 1=1 --", "x".repeat(65), ""])(
    "a forged or unknown id (%j) is the same 404 for every form, nothing written",
    async (forged) => {
      for (const [, form] of studentForms("teacher", { classId: forged, studentId: forged })) {
        const before = snapshot();
        const o = await post("teacher", form);
        expect(o.status).toBe(404);
        expect(snapshot()).toBe(before);
      }
    },
  );

  it("a student moved to a class out of scope is out of scope at once; their new teacher may act", async () => {
    db.$client.prepare("UPDATE students SET class_id = ? WHERE id = ?").run(other.classId, me.studentId);
    for (const [, form] of studentForms("teacher", { classId: me.classId, studentId: me.studentId })) {
      if (form.intent === "add-student") continue;
      const before = snapshot();
      const o = await post("teacher", form);
      expect(o.status).toBe(404);
      expect(o.data).toBe(T.studentNotFound);
      expect(snapshot()).toBe(before);
    }
    const edit = { intent: "edit-student", studentId: me.studentId, name: "Moved", operations: "division" };
    const o = await post("teacher", edit, other.cookie);
    expect(o.location).toBe(`/teacher-dashboard?class=${other.classId}`);
    expect(findStudent(me.studentId)?.name).toBe("Moved");
  });
});

describe("an admin's scope is every school's classes", () => {
  it.each(studentForms("admin", { classId: "", studentId: "" }))(
    "%s on any school's class or pupil: done, back on that class's page",
    async (_name, form) => {
      for (const teacher of [me, other]) {
        const ids = { classId: teacher.classId, studentId: teacher.studentId };
        const named = {
          ...form,
          ...(form.classId !== undefined ? { classId: ids.classId } : { studentId: ids.studentId }),
        };
        const o = await post("admin", named);
        expect(o.status).toBe(302);
        expect(o.location).toBe(`/admin?tab=schools&class=${teacher.classId}`);
        expect((await flashOf(o.response))?.kind).toBe("success");
      }
    },
  );

  it.each(studentForms("admin", { classId: "", studentId: "" }))(
    "%s naming an id of no row: 404 with what is missing; a forged one: 400; nothing written",
    async (_name, form) => {
      const key = form.classId !== undefined ? "classId" : "studentId";
      for (const [id, status, message] of [
        ["no-such-row", 404, key === "classId" ? A.classNotFound : A.studentNotFound],
        ["' OR 1=1 --", 400, A.badRequest],
        ["x".repeat(65), 400, A.badRequest],
      ] as const) {
        const before = snapshot();
        const o = await post("admin", { ...form, [key]: id });
        expect([o.status, o.data]).toEqual([status, message]);
        expect(snapshot()).toBe(before);
      }
    },
  );

  it("a teacher's cookie is no admin's: the panel's student forms lead to its login, nothing written", async () => {
    for (const [, form] of studentForms("admin", { classId: me.classId, studentId: me.studentId })) {
      const before = snapshot();
      const o = await post("admin", form, me.cookie);
      expect(o.location).toBe("/admin");
      expect(snapshot()).toBe(before);
    }
  });
});

describe("each area leads back to its own page", () => {
  it("adding a pupil: the teacher to the dashboard's class, the admin to the class's page, the same message", async () => {
    const fields = { intent: "add-student", classId: me.classId, name: "Newcomer", operations: "addition" };
    const byTeacher = await post("teacher", fields);
    const byAdmin = await post("admin", fields);
    expect(byTeacher.location).toBe(`/teacher-dashboard?class=${me.classId}`);
    expect(byAdmin.location).toBe(`/admin?tab=schools&class=${me.classId}`);
    for (const o of [byTeacher, byAdmin]) {
      expect((await flashOf(o.response))?.title).toMatch(/^Student created with login code \d{8}$/);
      expect(o.headers?.get("Cache-Control")).toBe("no-store");
    }
  });
});
