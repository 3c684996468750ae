import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { recordAudit } from "~/models/audit.server";
import * as admin from "~/routes/admin/admin";
import * as adminAudit from "~/routes/admin/admin-audit";
import * as teacherDashboard from "~/routes/school/teacher-dashboard";
import { withAudit } from "~/school/audit.server";
import { formRequest, outcome, type Outcome } from "./route-call";
import { makeSchool, memberSession, schoolCookie, type SchoolFixture } from "./school-fixtures";
import { ERASED_PUPIL } from "~/models/erasures.server";

/*
 * The change log (docs/product.md#change-log): every change an admin or a teacher makes to a school, its classes,
 * teachers and pupils is one entry, written in the change's own transaction; a refused or failed change writes none;
 * only admins read it.
 */

let A: SchoolFixture;
let B: SchoolFixture;
const cookies = { admin: "", member: "", teacherA: "", studentA: "" };

beforeAll(async () => {
  A = makeSchool("Log A");
  B = makeSchool("Log B");
  cookies.admin = (await memberSession("admin", "Log")).cookie;
  cookies.member = (await memberSession("member", "Log")).cookie;
  cookies.teacherA = await schoolCookie({ teacherId: A.teacherId });
  cookies.studentA = await schoolCookie({ studentId: A.studentId });
});

beforeEach(() => {
  resetLimits();
  db.$client.prepare("DELETE FROM audit_log").run();
});

type Entry = {
  actorKind: string;
  actorName: string;
  action: string;
  schoolId: string | null;
  subjectKind: string | null;
  subjectName: string | null;
  detail: string | null;
};
const entries = () =>
  db.$client
    .prepare(
      `SELECT actor_kind AS actorKind, actor_name AS actorName, action, school_id AS schoolId,
              subject_kind AS subjectKind, subject_name AS subjectName, detail
       FROM audit_log ORDER BY id`,
    )
    .all() as Entry[];

function post(route: { action?: unknown }, cookie: string, url: string, body: Record<string, string>) {
  const request = formRequest(url, { cookie, body });
  const action = route.action as (args: unknown) => Promise<unknown>;
  return outcome(() => action({ request, params: {}, context: { clientAddress: "192.0.2.1" } }));
}
const teacherPost = (body: Record<string, string>) =>
  post(teacherDashboard, cookies.teacherA, "http://x/teacher-dashboard", body);
const adminPost = (body: Record<string, string>) => post(admin, cookies.admin, "http://x/admin", body);
const studentId = (name: string) =>
  (db.$client.prepare("SELECT id FROM students WHERE name = ?").get(name) as { id: string }).id;

describe("a teacher's changes", () => {
  it("are each one entry: added, changed (with what), a new code, erased (naming the class, not the pupil)", async () => {
    const added = { intent: "add-student", classId: A.classId, operations: "addition", difficulty: "easy" };
    expect((await teacherPost({ ...added, name: "Zara Log" })).status).toBe(302);
    const id = studentId("Zara Log");
    const edit = { intent: "edit-student", studentId: id, difficulty: "easy" };
    expect((await teacherPost({ ...edit, name: "Zara Logan", operations: "subtraction" })).status).toBe(302);
    // Saved with nothing changed: no entry.
    expect((await teacherPost({ ...edit, name: "Zara Logan", operations: "subtraction" })).status).toBe(302);
    expect((await teacherPost({ intent: "regenerate-code", studentId: id })).status).toBe(302);
    expect((await teacherPost({ intent: "delete-student", studentId: id })).status).toBe(302);

    const by = { actorKind: "teacher", actorName: "Teacher Log A", schoolId: A.schoolId, subjectKind: "student" };
    // The delete is the erasure on request (docs/product.md#data-rights): the earlier entries lose the pupil's name.
    expect(entries()).toEqual([
      { ...by, action: "student.added", subjectName: ERASED_PUPIL, detail: null },
      { ...by, action: "student.updated", subjectName: ERASED_PUPIL, detail: "name, operations" },
      { ...by, action: "student.code-renewed", subjectName: ERASED_PUPIL, detail: null },
      { ...by, action: "student.erased", subjectKind: "class", subjectName: "Class Log A", detail: null },
    ]);
  });

  it("write nothing when refused: bad input, another school's pupil, or no teacher at all", async () => {
    const before = { pupil: db.$client.prepare("SELECT * FROM students WHERE id = ?").get(B.studentId) };
    await teacherPost({
      intent: "add-student",
      classId: A.classId,
      name: "",
      operations: "addition",
      difficulty: "easy",
    });
    await teacherPost({ intent: "delete-student", studentId: B.studentId });
    await post(teacherDashboard, cookies.studentA, "http://x/teacher-dashboard", {
      intent: "regenerate-code",
      studentId: A.studentId,
    });
    expect(entries()).toEqual([]);
    expect(db.$client.prepare("SELECT * FROM students WHERE id = ?").get(B.studentId)).toEqual(before.pupil);
  });
});

describe("an admin's changes", () => {
  it("are each one entry, named by the admin: schools, classes, teachers, codes and pupils", async () => {
    expect((await adminPost({ intent: "create-school", name: "Log Academy" })).status).toBe(302);
    const schoolId = (db.$client.prepare("SELECT id FROM schools WHERE name = 'Log Academy'").get() as { id: string })
      .id;
    await adminPost({ intent: "create-teacher", name: "Mr Log", email: "", schoolId });
    const teacherId = (db.$client.prepare("SELECT id FROM teachers WHERE name = 'Mr Log'").get() as { id: string }).id;
    await adminPost({ intent: "edit-teacher", teacherId, name: "Mr Logg", email: "" });
    await adminPost({ intent: "regenerate-teacher-code", teacherId });
    await adminPost({ intent: "create-class", schoolId, name: "Owls Log", teacherId });
    const classId = (db.$client.prepare("SELECT id FROM classes WHERE name = 'Owls Log'").get() as { id: string }).id;
    await adminPost({ intent: "add-student", classId, name: "Ada Log", operations: "addition", difficulty: "easy" });
    await adminPost({ intent: "regenerate-student-code", studentId: studentId("Ada Log") });

    const by = { actorKind: "admin", actorName: "admin@log.example", schoolId };
    expect(entries()).toEqual([
      { ...by, action: "school.created", subjectKind: "school", subjectName: "Log Academy", detail: null },
      { ...by, action: "teacher.created", subjectKind: "teacher", subjectName: "Mr Log", detail: null },
      { ...by, action: "teacher.updated", subjectKind: "teacher", subjectName: "Mr Logg", detail: "was Mr Log" },
      { ...by, action: "teacher.code-renewed", subjectKind: "teacher", subjectName: "Mr Logg", detail: null },
      { ...by, action: "class.created", subjectKind: "class", subjectName: "Owls Log", detail: null },
      { ...by, action: "student.added", subjectKind: "student", subjectName: "Ada Log", detail: null },
      { ...by, action: "student.code-renewed", subjectKind: "student", subjectName: "Ada Log", detail: null },
    ]);
  });
});

describe("a change and its entry", () => {
  it("are kept together: a write that throws leaves no entry, and an entry that fails undoes the write", () => {
    const entry = {
      actor: { kind: "admin" as const, id: "x", name: "An admin" },
      action: "school.created" as const,
      schoolId: null,
      subject: null,
    };
    expect(() =>
      withAudit(
        () => {
          throw new Error("the write failed");
        },
        () => entry,
      ),
    ).toThrow("the write failed");
    expect(entries()).toEqual([]);
    const schools = () => db.$client.prepare("SELECT count(*) AS n FROM schools").get();
    const before = schools();
    expect(() =>
      withAudit(
        () => db.$client.prepare("INSERT INTO schools (id, name) VALUES ('log-undone', 'Undone')").run(),
        // Not an actor kind the table takes: its CHECK refuses the entry.
        () => ({ ...entry, actor: { ...entry.actor, kind: "robot" as never } }),
      ),
    ).toThrow();
    expect(schools()).toEqual(before);
    expect(entries()).toEqual([]);
  });
});

describe("the change log page", () => {
  const page = (cookie: string, query = "") =>
    outcome(async () =>
      adminAudit.loader({
        request: formRequest(`http://x/admin/audit${query}`, { cookie }),
        params: {},
        context: {},
      } as never),
    );
  type Page = { lines: { who: string; what: string; school: string }[]; older: number | null; first: boolean };

  it("shows an admin every change, newest first, 50 a page, for one school or all", async () => {
    const actor = { kind: "teacher" as const, id: A.teacherId, name: "Teacher Log A" };
    for (let i = 1; i <= 55; i += 1)
      recordAudit(
        {
          actor,
          action: "student.added",
          schoolId: i % 5 === 0 ? B.schoolId : A.schoolId,
          subject: { kind: "student", id: `s${i}`, name: `Pupil ${i}` },
        },
        Date.UTC(2026, 10, 27, 9, i),
      );
    const first = (await page(cookies.admin)) as Outcome & { data: Page };
    expect(first.status).toBe(200);
    expect(first.data.lines).toHaveLength(50);
    expect(first.data.lines[0]).toEqual({
      id: expect.any(Number),
      when: "2026-11-27 09:55",
      who: "Teacher Log A (teacher)",
      what: "added the pupil Pupil 55",
      school: "School Log B",
    });
    const older = (await page(cookies.admin, `?before=${first.data.older}`)) as Outcome & { data: Page };
    expect(older.data.lines.map((line) => line.what)).toEqual([5, 4, 3, 2, 1].map((i) => `added the pupil Pupil ${i}`));
    expect(older.data.older).toBeNull();
    const schoolB = (await page(cookies.admin, `?school=${B.schoolId}`)) as Outcome & { data: Page };
    expect(schoolB.data.lines).toHaveLength(11);
    expect(new Set(schoolB.data.lines.map((line) => line.school))).toEqual(new Set(["School Log B"]));
  });

  it("hides the parent links when asked, and keeps hiding them on the older pages", async () => {
    const actor = { kind: "teacher" as const, id: A.teacherId, name: "Teacher Log A" };
    for (const action of ["parent-link.given", "student.updated", "parent-link.revoked"] as const)
      recordAudit({ actor, action, schoolId: A.schoolId, subject: { kind: "student", id: "p1", name: "Pia Log" } });
    const all = (await page(cookies.admin, `?school=${A.schoolId}`)) as Outcome & { data: Page };
    expect(all.data.lines.slice(0, 3).map((line) => line.what)).toEqual([
      "stopped the parent link of the pupil Pia Log",
      "changed the settings of the pupil Pia Log",
      "gave a parent link for the pupil Pia Log",
    ]);
    const hidden = (await page(cookies.admin, `?school=${A.schoolId}&parents=hide`)) as Outcome & {
      data: Page & { hideParents: boolean };
    };
    expect(hidden.data.hideParents).toBe(true);
    expect(hidden.data.lines.some((line) => line.what.includes("parent link"))).toBe(false);
    expect(hidden.data.lines[0]!.what).toBe("changed the settings of the pupil Pia Log");
  });

  it("refuses an address it does not make, and everyone but an admin", async () => {
    for (const query of ["?before=abc", "?before=0", "?school=%00", `?before=${"9".repeat(20)}`, "?parents=show"])
      expect((await page(cookies.admin, query)).status).toBe(400);
    expect((await page("")).location).toBe("/admin");
    expect((await page(cookies.member)).status).toBe(403);
    expect((await page(cookies.teacherA)).location).toBe("/admin");
    expect((await page(cookies.studentA)).location).toBe("/admin");
  });
});
