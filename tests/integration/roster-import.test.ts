import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { sessionCookie } from "~/auth/session.server";
import type { RosterReply } from "~/components/school/roster-reply";
import { db } from "~/db/client.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertMemberSession } from "~/models/sessions.server";
import { insertStudent } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import * as adminImport from "~/routes/admin/admin-import";
import * as teacherImport from "~/routes/school/teacher-import";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { ROSTER_MESSAGES as M } from "~/utils/roster-messages";
import { TEACHER_MESSAGES as T } from "~/utils/teacher-messages";
import { cookieSet, outcome, type Outcome } from "./route-call";

/*
 * The roster import (docs/product.md#roster-import) through its real routes: a preview writes nothing; the import
 * writes every good row in one transaction (a failure mid-way writes nothing); a teacher imports only into their own
 * classes; a bad file (another encoding, 10 MB, binary junk, 100,000 rows) gets its 4xx beside the field and
 * writes nothing; an admin imports a school with a class column.
 */

type Teacher = { teacherId: string; cookie: string; schoolId: string; classId: string };

let n = 0;
let adminCookie = "";

function addPupil(classId: string, name: string) {
  withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  );
}

async function makeTeacher(): Promise<Teacher> {
  n += 1;
  const schoolId = insertSchool(`Roster School ${n}`);
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Roster Teacher ${n}`, email: null, schoolId, loginCode }),
  ).value;
  const classId = insertClass({ name: `Roster Class ${n}`, schoolId, teacherId, loginKey: newClassLoginKey() });
  const signedIn = await schoolSignInAndRedirect(new Request("http://x/"), { teacherId }, { to: "/" });
  return { teacherId, cookie: cookieSet(signedIn, "__school"), schoolId, classId };
}

beforeAll(async () => {
  const created = createMember({
    email: "roster-admin@example.org",
    phone: null,
    passwordHash: await hashPassword("a long admin password"),
    username: "Roster test admin",
    emailVerified: true,
    role: "admin",
  });
  if (!created.ok) throw new Error("no admin");
  insertMemberSession({
    id: "roster-admin-session",
    userId: created.id,
    userAgent: null,
    expiresAt: Date.now() + 3_600_000,
  });
  adminCookie = (await sessionCookie.serialize("roster-admin-session")).split(";")[0]!;
});

let me: Teacher;
let other: Teacher;

beforeEach(async () => {
  me = await makeTeacher();
  other = await makeTeacher();
});

type Form = { intent?: string; text?: string; file?: { bytes: Uint8Array | string; name?: string } };

function multipart(form: Form): FormData {
  const body = new FormData();
  if (form.intent !== undefined) body.set("intent", form.intent);
  if (form.text !== undefined) body.set("text", form.text);
  if (form.file) body.set("file", new Blob([form.file.bytes as BlobPart]), form.file.name ?? "pupils.csv");
  return body;
}

const context = { clientAddress: "203.0.113.9" };

function teacherPost(form: Form, classId = me.classId, cookie = me.cookie) {
  const request = new Request(`http://x/teacher-dashboard/import?class=${classId}`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: multipart(form),
  });
  return outcome(() => teacherImport.action({ request, params: {}, context } as never));
}

function adminPost(query: string, form: Form) {
  const request = new Request(`http://x/admin/import?${query}`, {
    method: "POST",
    headers: { Cookie: adminCookie },
    body: multipart(form),
  });
  return outcome(() => adminImport.action({ request, params: {}, context } as never));
}

function load(route: "teacher" | "admin", query: string) {
  const request = new Request(`http://x/${route === "teacher" ? "teacher-dashboard" : "admin"}/import?${query}`, {
    headers: { Cookie: route === "teacher" ? me.cookie : adminCookie },
  });
  const module = route === "teacher" ? teacherImport : adminImport;
  return outcome(() => module.loader({ request, params: {}, context } as never));
}

const snapshot = () => JSON.stringify(db.$client.prepare("SELECT * FROM students ORDER BY id").all());
const pupilsOf = (classId: string) =>
  db.$client.prepare("SELECT name FROM students WHERE class_id = ? ORDER BY name").all(classId) as { name: string }[];

const previewOf = (o: Outcome) => {
  const reply = o.data as RosterReply;
  if (reply.kind !== "preview") throw new Error(`not a preview: ${JSON.stringify(reply)}`);
  return reply;
};
const fieldErrors = (o: Outcome) => {
  const reply = o.data as RosterReply;
  if (reply.kind !== "refused") throw new Error("not refused");
  return reply.result.error ?? {};
};

describe("a teacher's import", () => {
  it("a header line is shown as such, and a class column puts rows in the teacher's own classes (issue 44)", async () => {
    const mine2 = insertClass({
      name: `Mine ${n}`,
      schoolId: me.schoolId,
      teacherId: me.teacherId,
      loginKey: newClassLoginKey(),
    });
    const colleague = withFreshLoginCode((loginCode) =>
      insertTeacher({ name: `Colleague ${n}`, email: null, schoolId: me.schoolId, loginCode }),
    ).value;
    const theirs = insertClass({
      name: `Theirs ${n}`,
      schoolId: me.schoolId,
      teacherId: colleague,
      loginKey: newClassLoginKey(),
    });
    const text = `Pupil name,Class\nAmy,Mine ${n}\nBen,\nCy,theirs ${n}\nDi,Nowhere\n`;
    const before = snapshot();
    const preview = previewOf(await teacherPost({ intent: "preview", text }));
    expect(preview.header).toEqual({ line: 1, text: "Pupil name,Class" });
    expect(preview.rows.map((r) => [r.name, r.refused])).toEqual([
      ["Amy", null],
      ["Ben", null],
      ["Cy", M.notYourClass(`theirs ${n}`)],
      ["Di", M.unknownClass("Nowhere")],
    ]);
    expect(snapshot()).toBe(before);

    const done = await teacherPost({ intent: "import", text: preview.text });
    expect(done.status).toBe(302);
    expect(pupilsOf(mine2).map((p) => p.name)).toEqual(["Amy"]);
    expect(pupilsOf(me.classId).map((p) => p.name)).toEqual(["Ben"]);
    expect(pupilsOf(theirs)).toEqual([]);
    const page = await load("teacher", done.location!.split("?")[1]!);
    const result = (page.data as { result: { classes: { name: string }[] } }).result;
    expect(result.classes.map((c) => c.name).sort()).toEqual([`Mine ${n}`, `Roster Class ${n - 1}`].sort());
    // Each class it added to has its own change-log entry.
    const logged = db.$client
      .prepare("SELECT subject_id, detail FROM audit_log WHERE action = 'students.imported' AND subject_id IN (?, ?)")
      .all(me.classId, mine2);
    expect(logged).toHaveLength(2);
  });

  it("previews without writing, then imports in one step and lists the pupils with their codes", async () => {
    addPupil(me.classId, "Zara");
    const text = "Amy\nBen\n\nzara\n=1+2\nBen\n";
    const before = snapshot();
    const o = await teacherPost({ intent: "preview", text });
    expect(o.status).toBe(200);
    const preview = previewOf(o);
    expect(preview.toAdd).toBe(3);
    expect(preview.rows.map((r) => r.refused)).toEqual([null, null, M.alreadyInClass, null, M.duplicate(2)]);
    expect(preview.rows[3]!.notes).toEqual([M.formula]);
    expect(snapshot()).toBe(before);

    const done = await teacherPost({ intent: "import", text: preview.text });
    expect(done.status).toBe(302);
    expect(done.location).toMatch(new RegExp(`^/teacher-dashboard/import\\?class=${me.classId}&imported=\\d+$`));
    expect(pupilsOf(me.classId).map((p) => p.name)).toEqual(["=1+2", "Amy", "Ben", "Zara"]);

    const page = await load("teacher", done.location!.split("?")[1]!);
    const result = (page.data as { result: { classes: { pupils: { name: string; loginCode: string }[] }[] } }).result;
    expect(result.classes).toHaveLength(1);
    expect(result.classes[0]!.pupils.map((p) => p.name)).toEqual(["=1+2", "Amy", "Ben"]);
    for (const p of result.classes[0]!.pupils) expect(p.loginCode).toMatch(/^[1-9]\d{7}$/);

    // One change-log entry for the whole import, in its transaction.
    expect(
      db.$client
        .prepare("SELECT actor_kind, action, subject_kind, subject_id, detail FROM audit_log WHERE subject_id = ?")
        .all(me.classId),
    ).toEqual([
      {
        actor_kind: "teacher",
        action: "students.imported",
        subject_kind: "class",
        subject_id: me.classId,
        detail: "3 pupils",
      },
    ]);

    // A moment no import of this class was made at lists nobody: the page shows the form.
    const none = await load("teacher", `class=${me.classId}&imported=12345`);
    expect((none.data as { result: unknown }).result).toBeNull();
    expect((await load("teacher", `class=${me.classId}&imported=soon`)).status).toBe(400);

    // The same list again: everyone is already in the class, so the import refuses and writes nothing.
    const after = snapshot();
    const again = await teacherPost({ intent: "import", text: preview.text });
    expect(again.status).toBe(409);
    expect(previewOf(again).problem).toBe(M.nothingToImport);
    expect(snapshot()).toBe(after);
  });

  it("reads a CSV file with settings", async () => {
    const csv = "\uFEFFname;operations;times tables;difficulty\r\nAmy;addition division;2 5;Hard\r\n";
    const o = await teacherPost({ intent: "preview", file: { bytes: csv } });
    expect(previewOf(o).rows[0]).toMatchObject({
      name: "Amy",
      settings: { allowedOperations: ["addition", "division"], timesTables: ["2", "5"], difficulty: "hard" },
    });
    const done = await teacherPost({ intent: "import", text: previewOf(o).text });
    expect(done.status).toBe(302);
    const row = db.$client
      .prepare("SELECT allowed_operations AS ops, times_tables AS tables, difficulty FROM students WHERE class_id = ?")
      .get(me.classId);
    expect(row).toEqual({ ops: '["addition","division"]', tables: '["2","5"]', difficulty: "hard" });
  });

  it("imports only into the teacher's own classes: another's class is a 404, nothing written", async () => {
    const before = snapshot();
    for (const intent of ["preview", "import"]) {
      const o = await teacherPost({ intent, text: "Amy" }, other.classId);
      expect(o.status).toBe(404);
      expect(o.data).toBe(T.classNotFound);
    }
    expect(snapshot()).toBe(before);
    const page = await load("teacher", `class=${other.classId}`);
    expect(page.status).toBe(404);
  });

  it("a failure mid-way writes nothing", async () => {
    db.$client.exec(
      "CREATE TEMP TRIGGER roster_boom BEFORE INSERT ON students WHEN NEW.name = 'Boom' BEGIN SELECT RAISE(ABORT, 'boom'); END",
    );
    try {
      const names = Array.from({ length: 50 }, (_, i) => (i === 30 ? "Boom" : `Pupil ${i}`)).join("\n");
      const before = snapshot();
      const o = await teacherPost({ intent: "import", text: names });
      expect(o.status).toBe(500);
      expect(previewOf(o).problem).toBe(M.failed);
      expect(snapshot()).toBe(before);
      expect(db.$client.prepare("SELECT count(*) AS n FROM audit_log WHERE subject_id = ?").get(me.classId)).toEqual({
        n: 0,
      });
    } finally {
      db.$client.exec("DROP TRIGGER roster_boom");
    }
  });

  it("imports 1,000 pupils in under 2 seconds", async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `Pupil ${i}`).join("\n");
    const start = performance.now();
    const o = await teacherPost({ intent: "import", text: names });
    const took = performance.now() - start;
    expect(o.status).toBe(302);
    expect(pupilsOf(me.classId)).toHaveLength(1000);
    expect(took).toBeLessThan(2000);
  });
});

describe("a bad list gets a clear 4xx beside its field and writes nothing", () => {
  const cases: [string, Form, number, string, string][] = [
    [
      "another encoding",
      { intent: "preview", file: { bytes: Buffer.from("Zo\xeb\n", "latin1") } },
      415,
      "file",
      M.notUtf8,
    ],
    [
      "binary junk",
      { intent: "preview", file: { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]) } },
      415,
      "file",
      M.notText,
    ],
    [
      "100,000 rows",
      { intent: "preview", file: { bytes: Array.from({ length: 100_000 }, (_, i) => `P${i}`).join("\n") } },
      422,
      "file",
      M.tooManyRows,
    ],
    ["a file over 1 MB", { intent: "preview", file: { bytes: "a\n".repeat(600_000) } }, 413, "file", M.tooLarge],
    ["nothing at all", { intent: "preview", text: "  \n" }, 400, "text", M.empty],
    ["an unknown column", { intent: "import", text: "name,age\nAmy,7" }, 422, "text", M.unknownColumn("age")],
    ["a file and a pasted list", { intent: "preview", text: "Amy", file: { bytes: "Ben" } }, 400, "text", M.both],
  ];
  it.each(cases)("%s", async (_name, form, status, field, message) => {
    const before = snapshot();
    const o = await teacherPost(form);
    expect(o.status).toBe(status);
    expect(fieldErrors(o)[field]).toEqual([message]);
    expect(snapshot()).toBe(before);
  });

  it("10 MB is cut off before it is read whole: a 413 beside the file field", async () => {
    const before = snapshot();
    const o = await teacherPost({ intent: "preview", file: { bytes: new Uint8Array(10 * 1024 * 1024).fill(65) } });
    expect(o.status).toBe(413);
    expect(fieldErrors(o).file).toEqual([M.tooLarge]);
    expect(snapshot()).toBe(before);
  });

  it("a form that is not multipart, or has no known step, is a plain 4xx", async () => {
    const request = new Request(`http://x/teacher-dashboard/import?class=${me.classId}`, {
      method: "POST",
      headers: { Cookie: me.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=import&text=Amy",
    });
    expect((await outcome(() => teacherImport.action({ request, params: {}, context } as never))).status).toBe(415);
    expect((await teacherPost({ intent: "delete-everything", text: "Amy" })).status).toBe(400);
    expect(pupilsOf(me.classId)).toEqual([]);
  });
});

describe("an admin's import", () => {
  it("imports a school with a class column; an unknown class is left out", async () => {
    const secondClass = insertClass({
      name: "Otters",
      schoolId: me.schoolId,
      teacherId: me.teacherId,
      loginKey: newClassLoginKey(),
    });
    const text = `name,class\nAmy,Roster Class ${n - 1}\nBen,otters\nCara,Dolphins\nAmy,Otters\n`;
    const query = `school=${me.schoolId}`;
    const preview = previewOf(await adminPost(query, { intent: "preview", text }));
    expect(preview.rows.map((r) => r.refused)).toEqual([null, null, M.unknownClass("Dolphins"), null]);
    const done = await adminPost(query, { intent: "import", text: preview.text });
    expect(done.status).toBe(302);
    expect(pupilsOf(me.classId).map((p) => p.name)).toEqual(["Amy"]);
    expect(pupilsOf(secondClass).map((p) => p.name)).toEqual(["Amy", "Ben"]);
    const page = await load("admin", done.location!.split("?")[1]!);
    const result = (page.data as { result: { classes: { id: string }[] } }).result;
    expect(result.classes.map((c) => c.id).sort()).toEqual([me.classId, secondClass].sort());
  });

  it("imports into any class; an unknown school or class is a 404, nothing written", async () => {
    const done = await adminPost(`class=${other.classId}`, { intent: "import", text: "Amy\nBen" });
    expect(done.status).toBe(302);
    expect(pupilsOf(other.classId)).toHaveLength(2);
    const before = snapshot();
    expect((await adminPost("school=no-such-school", { intent: "import", text: "name,class\nA,B" })).status).toBe(404);
    expect((await adminPost("class=no-such-class", { intent: "import", text: "Amy" })).status).toBe(404);
    expect((await adminPost("class=%27%20OR%201", { intent: "import", text: "Amy" })).status).toBe(400);
    expect(snapshot()).toBe(before);
  });

  it("needs an admin: a teacher's session is sent to the admin login", async () => {
    const request = new Request(`http://x/admin/import?class=${me.classId}`, {
      method: "POST",
      headers: { Cookie: me.cookie },
      body: multipart({ intent: "import", text: "Amy" }),
    });
    const o = await outcome(() => adminImport.action({ request, params: {}, context } as never));
    expect(o.status).toBe(302);
    expect(o.location).toBe("/admin");
    expect(pupilsOf(me.classId)).toEqual([]);
  });
});
