import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { NOT_AN_ADMIN } from "~/auth/roles.server";
import { sessionCookie } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { insertMemberSession, insertSchoolSession } from "~/models/sessions.server";
import { insertClass, insertSchool, insertTeacher, listTeachers } from "~/models/schools.server";
import { findStudent, insertStudent, listStudentsOfClass } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import { loader as imageLoader } from "~/routes/images/image";
import { action, loader } from "~/routes/admin/admin";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { flashOf, outcome, refusal, type Outcome } from "./route-call";

/*
 * The admin panel's school work (docs/product.md#admin, #logos): logos (multipart uploads checked by their bytes,
 * re-encoded, stored once by hash, served from /images), a class's students, new codes ending sessions, and the
 * Student Logins table. Every action checks the role first and refuses bad ids with a 4xx, writing nothing.
 */

let n = 0;
let adminCookie = "";
let memberCookie = "";

async function sessionOf(role: "admin" | "member"): Promise<string> {
  n += 1;
  const created = createMember({
    email: `${role}${n}@example.org`,
    phone: null,
    passwordHash: await hashPassword("a long admin password"),
    username: `School test ${role} ${n}`,
    emailVerified: true,
    role,
  });
  if (!created.ok) throw new Error("no member");
  const id = `admin-school-session-${n}`;
  insertMemberSession({ id, userId: created.id, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  return (await sessionCookie.serialize(id)).split(";")[0]!;
}

beforeAll(async () => {
  adminCookie = await sessionOf("admin");
  memberCookie = await sessionOf("member");
});

type Who = "admin" | "member" | "nobody";
const cookieOf = (who: Who) => (who === "admin" ? adminCookie : who === "member" ? memberCookie : "");
const args = (request: Request) => ({ request, params: {}, context: { clientAddress: "203.0.113.7" } });

/** A urlencoded form post to /admin (or `url`). */
function post(who: Who, body: Record<string, string> | URLSearchParams, url = "http://x/admin") {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookieOf(who)) headers.set("Cookie", cookieOf(who));
  const request = new Request(url, { method: "POST", headers, body: new URLSearchParams(body).toString() });
  return outcome(() => action(args(request)));
}

type Upload = { bytes: Uint8Array | string; name?: string; type?: string };

/** A multipart post: the fields, then the file (as a browser sends a form: the file input comes last). */
function postMultipart(who: Who, fields: Record<string, string>, file?: Upload, url = "http://x/admin?tab=schools") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const bytes = typeof file.bytes === "string" ? new TextEncoder().encode(file.bytes) : file.bytes;
    form.append("logo", new File([bytes as BlobPart], file.name ?? "logo.png", { type: file.type ?? "image/png" }));
  }
  const headers = new Headers();
  if (cookieOf(who)) headers.set("Cookie", cookieOf(who));
  return outcome(() => action(args(new Request(url, { method: "POST", headers, body: form }))));
}

/** A raw request with the admin's cookie, for malformed bodies (no type given: the body's own). */
function postRaw(body: BodyInit, contentType?: string, extra: Record<string, string> = {}) {
  const headers = new Headers({ Cookie: adminCookie, ...extra });
  if (contentType !== undefined) headers.set("Content-Type", contentType);
  const request = new Request("http://x/admin", { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return outcome(() => action(args(request)));
}

const load = (who: Who, query: string) => {
  const headers = new Headers();
  if (cookieOf(who)) headers.set("Cookie", cookieOf(who));
  return outcome(() => loader(args(new Request(`http://x/admin${query}`, { headers }))));
};

const count = (table: string) => (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const logoOfSchool = (id: string) =>
  (db.$client.prepare("SELECT logo_url AS u FROM schools WHERE id = ?").get(id) as { u: string | null }).u;
const logoOfClass = (id: string) =>
  (db.$client.prepare("SELECT logo_url AS u FROM classes WHERE id = ?").get(id) as { u: string | null }).u;

/** The message beside the logo field of a refused form. */
const logoError = (o: Outcome) => (o.data as { result: { error?: Record<string, string[]> } }).result.error?.logo;

function makeSchool(name = "Hill Primary") {
  const schoolId = insertSchool(name);
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Teacher of ${name}`, email: null, schoolId, loginCode }),
  );
  const classId = insertClass({
    name: `Year 4 of ${name}`,
    schoolId,
    teacherId: teacher.value,
    loginKey: newClassLoginKey(),
  });
  return { schoolId, teacherId: teacher.value, teacherCode: teacher.code, classId };
}

function makeStudent(classId: string, name: string) {
  const made = withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  );
  return { id: made.value, code: made.code };
}

/* Images made for the tests */

const png = (width: number, height: number, colour = "#3366ff") =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

const jpegWithExif = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: "#aa4400" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "Secret School Ltd", Artist: "A. Person" } } })
    .toBuffer();

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>`;

let school: ReturnType<typeof makeSchool>;
beforeEach(() => {
  n += 1;
  school = makeSchool(`School ${n}`);
});

describe("the role is checked for every new form, before a body is read", () => {
  const forms = (): Record<string, Record<string, string>> => ({
    "remove-logo": { intent: "remove-logo", owner: "school", ownerId: school.schoolId },
    "add-student": { intent: "add-student", classId: school.classId, name: "Ada", operations: "addition" },
    "edit-student": { intent: "edit-student", studentId: "x", name: "Ada", operations: "addition" },
    "regenerate-student-code": { intent: "regenerate-student-code", studentId: "x" },
  });

  it("urlencoded forms: no session goes to the login, a member gets 403, nothing is written", async () => {
    const before = [count("students"), count("images"), logoOfSchool(school.schoolId)];
    for (const body of Object.values(forms())) {
      expect(await post("nobody", body)).toMatchObject({ status: 302, location: "/admin" });
      expect(await post("member", body)).toMatchObject({ status: 403, data: NOT_AN_ADMIN });
    }
    expect([count("students"), count("images"), logoOfSchool(school.schoolId)]).toEqual(before);
  });

  it("multipart forms (a logo, a class with a logo) likewise", async () => {
    const file = { bytes: await png(50, 50) };
    const images = count("images");
    const upload = { intent: "upload-logo", owner: "school", ownerId: school.schoolId };
    const newClass = { intent: "create-class", schoolId: school.schoolId, name: "Y5", teacherId: school.teacherId };
    for (const fields of [upload, newClass]) {
      expect(await postMultipart("nobody", fields, file)).toMatchObject({ status: 302, location: "/admin" });
      expect(await postMultipart("member", fields, file)).toMatchObject({ status: 403 });
    }
    expect(count("images")).toBe(images);
  });

  it("the class page and the Student Logins tab are for admins only", async () => {
    expect(await load("member", `?tab=schools&class=${school.classId}`)).toMatchObject({ status: 403 });
    expect(await load("member", "?tab=students&q=a")).toMatchObject({ status: 403 });
    expect(await load("nobody", `?tab=schools&class=${school.classId}`)).toMatchObject({
      status: 200,
      data: { view: "login" },
    });
  });
});

describe("logos", () => {
  const upload = (owner: "school" | "class", id: string, file?: Upload) =>
    postMultipart("admin", { intent: "upload-logo", owner, ownerId: id }, file);

  it("an upload is re-encoded to at most 500×500 without metadata, stored by its hash and served immutable", async () => {
    const o = await upload("school", school.schoolId, { bytes: await jpegWithExif(), name: "photo.jpg" });
    expect(o).toMatchObject({ status: 302, location: "/admin?tab=schools" });
    expect(await flashOf(o.response)).toEqual({ kind: "success", title: "Logo uploaded successfully" });
    const url = logoOfSchool(school.schoolId)!;
    expect(url).toMatch(/^\/images\/[0-9a-f]{64}\.jpg$/);

    const served = await imageLoader({
      request: new Request(`http://x${url}`),
      params: { file: url.slice("/images/".length) },
      context: {},
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    // (X-Content-Type-Options: nosniff is the server's on every response; the e2e suite sees it on the image.)
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 500, 281]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(bytes.includes(Buffer.from("Secret School"))).toBe(false);
    const { createHash } = await import("node:crypto");
    expect(url).toContain(createHash("sha256").update(bytes).digest("hex"));

    // The same again: 304 by its ETag. Unknown hashes and wrong extensions: 404.
    const file = url.slice("/images/".length);
    const again = await imageLoader({
      request: new Request(`http://x${url}`, { headers: { "If-None-Match": served.headers.get("ETag")! } }),
      params: { file },
      context: {},
    });
    expect(again.status).toBe(304);
    for (const other of [file.replace(".jpg", ".png"), `${"0".repeat(64)}.jpg`, "x.jpg", "../app.db", ""]) {
      const missing = await imageLoader({
        request: new Request("http://x/images/x"),
        params: { file: other },
        context: {},
      });
      expect(missing.status, other).toBe(404);
    }
  });

  it("a PNG stays a PNG (transparency kept); a small one is not enlarged", async () => {
    await upload("class", school.classId, { bytes: await png(40, 30, "#ff000080") });
    const url = logoOfClass(school.classId)!;
    expect(url).toMatch(/\.png$/);
    const stored = db.$client.prepare("SELECT content_type AS t, width AS w, height AS h FROM images").all();
    expect(stored).toContainEqual({ t: "image/png", w: 40, h: 30 });
  });

  it("refuses by the bytes: text named .png, an SVG, a truncated image; none writes anything", async () => {
    const images = count("images");
    const cases: [Upload, number, string][] = [
      [
        { bytes: "just some text, honest", name: "logo.png", type: "image/png" },
        415,
        "Invalid file type: Please upload an image file",
      ],
      [{ bytes: SVG, name: "logo.svg", type: "image/svg+xml" }, 415, "Invalid file type: Please upload an image file"],
      [{ bytes: SVG, name: "logo.png", type: "image/png" }, 415, "Invalid file type: Please upload an image file"],
      [{ bytes: `GIF89a${SVG}`, name: "logo.gif", type: "image/gif" }, 422, M.logoUploadFailed(M.imageUnreadable)],
      [{ bytes: (await png(300, 300)).subarray(0, 120), name: "cut.png" }, 422, M.logoUploadFailed(M.imageUnreadable)],
    ];
    for (const [file, status, message] of cases) {
      const o = await upload("school", school.schoolId, file);
      expect(o.status, file.name).toBe(status);
      expect(o.data).toMatchObject({ intent: "upload-logo", target: `school-${school.schoolId}` });
      expect(logoError(o)).toEqual([message]);
    }
    expect(count("images")).toBe(images);
    expect(logoOfSchool(school.schoolId)).toBeNull();
  });

  it("refuses a file over 2 MB (read to its end, not cut off) and a form with no file", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(await png(10, 10));
    const tooBig = await upload("school", school.schoolId, { bytes: big });
    expect(tooBig.status).toBe(413);
    expect(logoError(tooBig)).toEqual(["File too large: Please upload an image smaller than 2MB"]);

    const none = await upload("school", school.schoolId);
    expect(none.status).toBe(400);
    expect(logoError(none)).toEqual(["No file selected"]);
    // What a browser sends when no file was chosen: an empty part with an empty file name.
    const empty = await upload("school", school.schoolId, { bytes: "", name: "", type: "application/octet-stream" });
    expect(logoError(empty)).toEqual(["No file selected"]);
    expect(logoOfSchool(school.schoolId)).toBeNull();
  });

  it("stores an image once; removing or replacing a logo deletes the image only when nothing shows it", async () => {
    const picture = await png(64, 64, "#00aa00");
    const other = await png(64, 64, "#aa0000");
    const images = count("images");
    await upload("school", school.schoolId, { bytes: picture });
    await upload("class", school.classId, { bytes: picture, name: "same.png" });
    const url = logoOfSchool(school.schoolId);
    expect(logoOfClass(school.classId)).toBe(url);
    expect(count("images")).toBe(images + 1);

    const removed = await post("admin", { intent: "remove-logo", owner: "school", ownerId: school.schoolId });
    expect(removed).toMatchObject({ status: 302, location: "/admin?tab=schools" });
    expect(await flashOf(removed.response)).toEqual({ kind: "success", title: "Logo removed successfully" });
    expect(logoOfSchool(school.schoolId)).toBeNull();
    expect(count("images")).toBe(images + 1); // the class still shows it

    // Replacing the class's logo frees the old image.
    const replaced = await upload("class", school.classId, { bytes: other });
    expect(replaced).toMatchObject({ status: 302, location: `/admin?tab=schools&class=${school.classId}` });
    expect(logoOfClass(school.classId)).not.toBe(url);
    expect(count("images")).toBe(images + 1);

    const gone = await post("admin", { intent: "remove-logo", owner: "class", ownerId: school.classId });
    expect(gone.location).toBe(`/admin?tab=schools&class=${school.classId}`);
    expect(count("images")).toBe(images);

    // Nothing to remove: said so.
    const nothing = await post("admin", { intent: "remove-logo", owner: "class", ownerId: school.classId });
    expect(await flashOf(nothing.response)).toEqual({ kind: "error", title: "Failed to remove logo" });
  });

  it("bad ids: 400 for what no page sends, 404 for a school or class that is not there; nothing written", async () => {
    const file = { bytes: await png(20, 20) };
    const images = count("images");
    const cases: [Record<string, string>, number][] = [
      [{ owner: "school", ownerId: "no-such-school" }, 404],
      [{ owner: "class", ownerId: "no-such-class" }, 404],
      [{ owner: "class", ownerId: school.schoolId }, 404],
      [{ owner: "school", ownerId: "../../etc/passwd" }, 400],
      [{ owner: "teacher", ownerId: school.teacherId }, 400],
      [{ owner: "school" }, 400],
    ];
    for (const [fields, status] of cases) {
      const uploaded = await postMultipart("admin", { intent: "upload-logo", ...fields }, file);
      expect(uploaded.status, JSON.stringify(fields)).toBe(status);
      const removal = await post("admin", { intent: "remove-logo", ...fields });
      expect(removal.status, JSON.stringify(fields)).toBe(status);
    }
    expect(count("images")).toBe(images);
  });

  it("a failed write says which: the image, the school's logo or the class's logo", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const failWith = async (trigger: string, run: () => Promise<Outcome>) => {
      db.$client.exec(trigger);
      try {
        return await run();
      } finally {
        db.$client.exec("DROP TRIGGER fail_write");
      }
    };
    try {
      const file = { bytes: await png(33, 33, "#123456") };
      const imageFailed = await failWith(
        "CREATE TRIGGER fail_write BEFORE INSERT ON images BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
        () => upload("school", school.schoolId, file),
      );
      expect(imageFailed.status).toBe(500);
      expect(logoError(imageFailed)).toEqual(["Failed to upload logo: Unknown error"]);
      const schoolFailed = await failWith(
        "CREATE TRIGGER fail_write BEFORE UPDATE ON schools BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
        () => upload("school", school.schoolId, file),
      );
      expect(logoError(schoolFailed)).toEqual(["Failed to update school logo"]);
      const classFailed = await failWith(
        "CREATE TRIGGER fail_write BEFORE UPDATE ON classes BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
        () => upload("class", school.classId, file),
      );
      expect(logoError(classFailed)).toEqual(["Failed to update class logo"]);
      // The transaction took the stored image back with it.
      expect(db.$client.prepare("SELECT count(*) AS n FROM images WHERE width = 33").get()).toEqual({ n: 0 });
      expect(logoOfSchool(school.schoolId)).toBeNull();
    } finally {
      logged.mockRestore();
    }
  });

  it("malformed multipart bodies get a plain 4xx, never a 500", async () => {
    const boundary = "----x";
    const bodies: [BodyInit, string, Record<string, string>?][] = [
      ["intent=upload-logo", "multipart/form-data"],
      ["garbage without any boundary", `multipart/form-data; boundary=${boundary}`],
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-logo`,
        `multipart/form-data; boundary=${boundary}`,
      ],
      [`--${boundary}\r\nX: y\r\n\r\nvalue\r\n--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`],
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${"x".repeat(10_000)}\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      ],
      ["", "multipart/form-data; boundary=x", { "Content-Length": String(400 * 1024 * 1024) }],
    ];
    for (const [body, type, headers] of bodies) {
      const o = await postRaw(body, type, headers);
      expect(o.status, String(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(o.status, String(body).slice(0, 40)).toBeLessThan(500);
    }
    // Two files in one form.
    const form = new FormData();
    form.append("intent", "upload-logo");
    form.append("owner", "school");
    form.append("ownerId", school.schoolId);
    form.append("logo", new File([new Uint8Array(await png(5, 5))], "a.png"));
    form.append("logo", new File([new Uint8Array(await png(6, 6))], "b.png"));
    expect(await postRaw(form)).toMatchObject({ status: 400, data: "This form could not be read." });
    expect(logoOfSchool(school.schoolId)).toBeNull();
  });

  it("a body past 25 MB is not read to its end: 413", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const o = await postRaw(stream, "multipart/form-data; boundary=----y");
    expect(o.status).toBe(413);
    expect(sent).toBeLessThan(40);
  });
});

describe("a new class with its logo", () => {
  const newClass = (name: string, file?: Upload) =>
    postMultipart(
      "admin",
      { intent: "create-class", schoolId: school.schoolId, name, teacherId: school.teacherId },
      file,
    );
  const classNamed = (name: string) =>
    db.$client.prepare("SELECT id, logo_url AS logoUrl FROM classes WHERE name = ?").get(name) as
      { id: string; logoUrl: string | null } | undefined;

  it("is made with the logo, or without one when no file was chosen", async () => {
    const made = await newClass("Owls", { bytes: await png(700, 700, "#777777") });
    expect(made).toMatchObject({ status: 302, location: `/admin?tab=schools&class=${classNamed("Owls")!.id}` });
    expect(await flashOf(made.response)).toEqual({ kind: "success", title: "Class created successfully" });
    expect(classNamed("Owls")!.logoUrl).toMatch(/^\/images\/[0-9a-f]{64}\.png$/);

    const plain = await newClass("Foxes", { bytes: "", name: "", type: "application/octet-stream" });
    expect(plain.status).toBe(302);
    expect(classNamed("Foxes")).toMatchObject({ logoUrl: null });
  });

  it("is refused whole when the logo is: the message beside the logo, the input kept", async () => {
    const images = count("images");
    const refused = await newClass("Badgers", { bytes: SVG, name: "badger.png" });
    expect(refused.status).toBe(415);
    expect(refusal(refused)).toEqual({
      errors: { logo: ["Invalid file type: Please upload an image file"] },
      sent: expect.objectContaining({ name: "Badgers", teacherId: school.teacherId }),
    });
    expect(classNamed("Badgers")).toBeUndefined();
    expect(count("images")).toBe(images);
  });
});

describe("a class's students", () => {
  const page = (classId: string) => `/admin?tab=schools&class=${classId}`;

  it("the class page lists them; an unknown class is a 404", async () => {
    makeStudent(school.classId, "Zoe");
    makeStudent(school.classId, "Ada");
    const o = await load("admin", `?tab=schools&class=${school.classId}&edit=abc`);
    expect(o.data).toMatchObject({
      view: "class",
      klass: { id: school.classId, schoolName: `School ${n}`, teacherName: `Teacher of School ${n}`, logoUrl: null },
      students: { ok: true, value: [{ name: "Ada" }, { name: "Zoe" }] },
      editing: "abc",
    });
    expect((await load("admin", "?tab=schools&class=nope")).status).toBe(404);
    expect((await load("admin", "?tab=schools&class=%3Cscript%3E")).status).toBe(404);
  });

  it("adds a student: name trimmed, addition and Normal by default, times tables optional", async () => {
    const o = await post("admin", {
      intent: "add-student",
      classId: school.classId,
      name: "  Ada  ",
      operations: "addition",
    });
    expect(o).toMatchObject({ status: 302, location: page(school.classId) });
    const [ada] = listStudentsOfClass(school.classId);
    expect(ada).toMatchObject({ name: "Ada", allowedOperations: ["addition"], timesTables: [], difficulty: "easy" });
    expect(await flashOf(o.response)).toEqual({
      kind: "success",
      title: `Student created with login code ${ada!.loginCode}`,
    });

    await post("admin", {
      intent: "add-student",
      classId: school.classId,
      name: "Ben",
      operations: "division",
      difficulty: "hard",
      timesTables: "7",
    });
    // Boxes ticked in any order come back in the usual order.
    const body = new URLSearchParams("intent=add-student&name=Di&operations=multiplication&operations=addition");
    body.append("classId", school.classId);
    for (const t of ["12", "2"]) body.append("timesTables", t);
    expect((await post("admin", body)).status).toBe(302);
    const students = Object.fromEntries(listStudentsOfClass(school.classId).map((s) => [s.name, s]));
    expect(students.Ben).toMatchObject({ allowedOperations: ["division"], timesTables: ["7"], difficulty: "hard" });
    expect(students.Di).toMatchObject({ allowedOperations: ["addition", "multiplication"], timesTables: ["2", "12"] });
  });

  it("refuses a student without a name or an operation, beside the fields, writing nothing", async () => {
    const before = count("students");
    const o = await post("admin", { intent: "add-student", classId: school.classId, name: "  ", difficulty: "medium" });
    expect(o.status).toBe(400);
    expect(o.data).toMatchObject({ intent: "add-student", target: school.classId });
    expect(refusal(o).errors).toMatchObject({
      name: ["Enter the student's name"],
      operations: ["Choose at least one operation"],
    });
    const odd = await post("admin", {
      intent: "add-student",
      classId: school.classId,
      name: "Ed",
      operations: "addition",
      timesTables: "13",
      difficulty: "extreme",
    });
    expect(Object.keys(refusal(odd).errors).sort()).toEqual(["difficulty", "timesTables"]);
    expect(count("students")).toBe(before);
  });

  it("bad class ids: 400 when not an id, 404 when not a class", async () => {
    const before = count("students");
    const base = { intent: "add-student", name: "Ada", operations: "addition" };
    expect((await post("admin", { ...base, classId: "no-such-class" })).status).toBe(404);
    expect((await post("admin", { ...base, classId: "'; drop table students; --" })).status).toBe(400);
    expect((await post("admin", base)).status).toBe(400);
    expect(count("students")).toBe(before);
  });

  it("edits a student; a bad edit gets 'Validation Error: Name is required and at least one operation must be selected'", async () => {
    const ada = makeStudent(school.classId, "Ada");
    const bad = await post("admin", { intent: "edit-student", studentId: ada.id, name: "" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ intent: "edit-student", target: ada.id });
    expect(refusal(bad).errors[""]).toEqual([
      "Validation Error: Name is required and at least one operation must be selected",
    ]);
    expect(findStudent(ada.id)).toMatchObject({ name: "Ada" });

    const saved = await post("admin", {
      intent: "edit-student",
      studentId: ada.id,
      name: "Ada L",
      operations: "subtraction",
      timesTables: "3",
      difficulty: "medium",
    });
    expect(saved).toMatchObject({ status: 302, location: page(school.classId) });
    expect(await flashOf(saved.response)).toEqual({
      kind: "success",
      title: "Student information updated successfully",
    });
    expect(findStudent(ada.id)).toMatchObject({
      name: "Ada L",
      allowedOperations: ["subtraction"],
      timesTables: ["3"],
      difficulty: "medium",
      loginCode: ada.code,
    });
    expect(
      (await post("admin", { intent: "edit-student", studentId: "gone", name: "X", operations: "addition" })).status,
    ).toBe(404);
    expect(
      (await post("admin", { intent: "edit-student", studentId: "", name: "X", operations: "addition" })).status,
    ).toBe(400);
  });
});

describe("new login codes end that person's sessions", () => {
  const sessionsOf = (column: "student_id" | "teacher_id", id: string) =>
    (db.$client.prepare(`SELECT count(*) AS n FROM sessions WHERE ${column} = ?`).get(id) as { n: number }).n;
  const schoolSession = (owner: { studentId: string } | { teacherId: string }) =>
    insertSchoolSession({ id: `school-session-${++n}`, userAgent: null, expiresAt: Date.now() + 3_600_000, ...owner });

  it("a student's, from their class's page", async () => {
    const ada = makeStudent(school.classId, "Ada");
    const ben = makeStudent(school.classId, "Ben");
    schoolSession({ studentId: ada.id });
    schoolSession({ studentId: ada.id });
    schoolSession({ studentId: ben.id });
    const o = await post(
      "admin",
      { intent: "regenerate-student-code", studentId: ada.id },
      `http://x/admin?tab=schools&class=${school.classId}`,
    );
    expect(o).toMatchObject({ status: 302, location: `/admin?tab=schools&class=${school.classId}` });
    const code = findStudent(ada.id)!.loginCode;
    expect(code).toMatch(/^[1-9]\d{7}$/);
    expect(code).not.toBe(ada.code);
    expect(await flashOf(o.response)).toEqual({
      kind: "success",
      title: "Login code regenerated successfully",
      description: `New login code: ${code}`,
    });
    expect(sessionsOf("student_id", ada.id)).toBe(0);
    expect(sessionsOf("student_id", ben.id)).toBe(1);
  });

  it("a student's, from the Student Logins table, back to the same search and page", async () => {
    const ada = makeStudent(school.classId, "Ada");
    schoolSession({ studentId: ada.id });
    const o = await post(
      "admin",
      { intent: "regenerate-student-code", studentId: ada.id },
      `http://x/admin?tab=students&q=Ada&after=${ada.id}&evil=https://example.org`,
    );
    expect(o.location).toBe(`/admin?tab=students&q=Ada&after=${ada.id}`);
    expect(sessionsOf("student_id", ada.id)).toBe(0);
    expect((await post("admin", { intent: "regenerate-student-code", studentId: "nobody" })).status).toBe(404);
    expect((await post("admin", { intent: "regenerate-student-code" })).status).toBe(400);
  });

  it("a failure says 'Failed to regenerate login code' (class page) or 'Failed to regenerate code' (table)", async () => {
    const ada = makeStudent(school.classId, "Ada");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    db.$client.exec("CREATE TRIGGER no_codes BEFORE UPDATE ON students BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
    try {
      const fromClass = await post(
        "admin",
        { intent: "regenerate-student-code", studentId: ada.id },
        `http://x/admin?tab=schools&class=${school.classId}`,
      );
      expect(await flashOf(fromClass.response)).toEqual({ kind: "error", title: "Failed to regenerate login code" });
      const fromTable = await post(
        "admin",
        { intent: "regenerate-student-code", studentId: ada.id },
        "http://x/admin?tab=students",
      );
      expect(await flashOf(fromTable.response)).toEqual({ kind: "error", title: "Failed to regenerate code" });
    } finally {
      db.$client.exec("DROP TRIGGER no_codes");
      logged.mockRestore();
    }
    expect(findStudent(ada.id)!.loginCode).toBe(ada.code);
  });

  it("a teacher's, from the Teachers tab", async () => {
    schoolSession({ teacherId: school.teacherId });
    const o = await post("admin", { intent: "regenerate-teacher-code", teacherId: school.teacherId });
    expect(o.location).toBe("/admin?tab=teachers");
    expect(listTeachers().find((t) => t.id === school.teacherId)!.loginCode).not.toBe(school.teacherCode);
    expect(sessionsOf("teacher_id", school.teacherId)).toBe(0);
  });
});

describe("confirmation steps (docs/product.md#confirmation-steps)", () => {
  const school = makeSchool("Step Primary");

  it("name what they are about and change nothing; a bad or unknown target is a 400 or 404", async () => {
    const klass = school.classId;
    const pupil = makeStudent(klass, "Stepney");
    const page = `?tab=schools&class=${klass}`;
    const codeOf = (id: string) =>
      (db.$client.prepare("SELECT login_code AS c FROM students WHERE id = ?").get(id) as { c: string }).c;
    const before = codeOf(pupil.id);
    const step = await load("admin", `${page}&new-code=${pupil.id}`);
    expect(step.data).toMatchObject({ view: "class", confirming: { kind: "new-code", student: { id: pupil.id } } });
    expect(codeOf(pupil.id)).toBe(before);
    const fromTable = await load("admin", `?tab=students&q=Stepney&new-code=${pupil.id}`);
    expect(fromTable.data).toMatchObject({
      view: "students",
      confirming: { student: { id: pupil.id }, page: "/admin?tab=students&q=Stepney" },
    });
    expect((await load("admin", `?tab=teachers&new-code=${school.teacherId}`)).data).toMatchObject({
      view: "teachers",
      confirming: { id: school.teacherId },
    });
    for (const [query, status] of [
      [`${page}&new-code=<script>`, 400],
      [`${page}&new-code=${"x".repeat(22)}`, 404],
      [`${page}&remove-logo=${klass}`, 404], // no logo to remove
      ["?tab=teachers&new-code=%27", 400],
      [`?tab=teachers&new-code=${"y".repeat(22)}`, 404],
      ["?tab=schools&remove-logo=%27", 400],
      [`?tab=schools&remove-logo=${school.schoolId}`, 404],
      [`?tab=students&new-code=${"z".repeat(22)}`, 404],
    ] as const)
      expect((await load("admin", query)).status, query).toBe(status);
  });
});

describe("the Student Logins tab", () => {
  type Logins = {
    q: string;
    rows: { name: string; loginCode: string; className: string; schoolName: string }[];
    total: number;
    previous: string | null;
    next: string | null;
  };
  const logins = async (query: string) => {
    const o = await load("admin", `?tab=students${query}`);
    expect(o.status).toBe(200);
    return (o.data as { view: string; logins: { ok: true; value: Logins } }).logins.value;
  };

  it("searches by name, code, class or school (no wildcards of the user's own)", async () => {
    const other = makeSchool("Quarry Lane Academy");
    const pip = makeStudent(school.classId, "Pippa Quill");
    makeStudent(other.classId, "Tom 100%_done");
    makeStudent(other.classId, "Una");

    expect((await logins("&q=pippa%20q")).rows).toEqual([
      {
        id: pip.id,
        name: "Pippa Quill",
        loginCode: pip.code,
        className: `Year 4 of School ${n}`,
        schoolName: `School ${n}`,
      },
    ]);
    expect((await logins(`&q=${pip.code}`)).rows.map((r) => r.name)).toEqual(["Pippa Quill"]);
    expect((await logins("&q=quarry lane")).rows.map((r) => r.name)).toEqual(["Tom 100%_done", "Una"]);
    expect((await logins("&q=Year 4 of Quarry")).total).toBe(2);
    expect((await logins("&q=100%25_")).rows.map((r) => r.name)).toEqual(["Tom 100%_done"]);
    expect((await logins("&q=%25")).rows.map((r) => r.name)).toEqual(["Tom 100%_done"]);
    expect((await logins("&q=_")).rows.map((r) => r.name)).toEqual(["Tom 100%_done"]);
    expect((await logins("&q=nobody-like-this")).rows).toEqual([]);
    expect((await logins(`&q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });

  it("pages 50 at a time by name, forwards and back, without gaps or repeats", async () => {
    const tag = `Pager${n}`;
    const names = Array.from({ length: 120 }, (_, i) => `${tag} ${String(i).padStart(3, "0")}`);
    for (const name of [...names].reverse()) makeStudent(school.classId, name);

    const first = await logins(`&q=${tag}`);
    expect(first.total).toBe(120);
    expect(first.rows.map((r) => r.name)).toEqual(names.slice(0, 50));
    expect(first.previous).toBeNull();
    const second = await logins(first.next!.slice("/admin?tab=students".length));
    expect(second.rows.map((r) => r.name)).toEqual(names.slice(50, 100));
    const third = await logins(second.next!.slice("/admin?tab=students".length));
    expect(third.rows.map((r) => r.name)).toEqual(names.slice(100));
    expect(third.next).toBeNull();
    const back = await logins(third.previous!.slice("/admin?tab=students".length));
    expect(back.rows.map((r) => r.name)).toEqual(names.slice(50, 100));
    const start = await logins(back.previous!.slice("/admin?tab=students".length));
    expect(start.rows.map((r) => r.name)).toEqual(names.slice(0, 50));
    expect(start.previous).toBeNull();
    expect(start.next).not.toBeNull();
    // A cursor that is no student (deleted since, or made up): the first page.
    expect((await logins(`&q=${tag}&after=no-such-student`)).rows[0]!.name).toBe(names[0]);
  });
});

describe("teachers: a code that cannot be made", () => {
  it("says 'Failed to generate teacher code'", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // Every code drawn clashes: after its 10 draws the action gives up.
    db.$client.exec(
      "CREATE TRIGGER code_clash BEFORE INSERT ON teachers BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: teachers.login_code'); END",
    );
    try {
      const o = await post("admin", { intent: "create-teacher", name: "Mr Nocode", schoolId: school.schoolId });
      expect(o.status).toBe(500);
      expect(refusal(o).errors[""]).toEqual(["Failed to generate teacher code"]);
    } finally {
      db.$client.exec("DROP TRIGGER code_clash");
      logged.mockRestore();
    }
    expect(listTeachers().some((t) => t.name === "Mr Nocode")).toBe(false);
  });
});
