import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { NewYearReply } from "~/components/admin/new-year-reply";
import { sessionCookie } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { runHousekeeping, HOUSEKEEPING } from "~/jobs/housekeeping.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertTeacher } from "~/models/schools.server";
import { insertMemberSession } from "~/models/sessions.server";
import { insertStudent } from "~/models/students.server";
import * as admin from "~/routes/admin/admin";
import * as adminCards from "~/routes/admin/admin-cards";
import * as adminFacts from "~/routes/admin/admin-facts";
import * as adminNewYear from "~/routes/admin/admin-new-year";
import * as parentPage from "~/routes/parent/parent";
import * as studentGame from "~/routes/school/student-game";
import * as studentLogin from "~/routes/school/student-login";
import * as teacherCards from "~/routes/school/teacher-cards";
import * as teacherClassSettings from "~/routes/school/teacher-class-settings";
import * as teacherDashboard from "~/routes/school/teacher-dashboard";
import * as teacherExport from "~/routes/school/teacher-export";
import * as teacherFacts from "~/routes/school/teacher-facts";
import * as teacherMtc from "~/routes/school/teacher-mtc";
import * as teacherOverview from "~/routes/school/teacher-overview";
import * as teacherParentLetters from "~/routes/school/teacher-parent-letters";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { checkRows, rosterTargetOf } from "~/school/roster-import.server";
import { ADMIN_SCOPE } from "~/school/students.server";
import { NEW_YEAR_MESSAGES as M } from "~/utils/new-year-messages";
import { flashOf, formRequest, outcome, refusal } from "./route-call";
import { makeSchool, memberSession, schoolCookie, type SchoolFixture } from "./school-fixtures";

/*
 * The new school year (docs/product.md#new-school-year) through its real routes: the preview writes nothing; the
 * start writes everything in one transaction (a failure mid-way writes nothing); a second click or a stale page is
 * refused; an archived pupil cannot log in and shows on no page of pupils; housekeeping erases them after the
 * privacy period, not before.
 */

let adminCookie = "";
let n = 0;

let adminId = "";
beforeAll(async () => {
  adminId = (await memberSession("admin", "Year")).userId;
});

// A session each test: the housekeeping test moves the clock a year on, and the sessions expire.
beforeEach(async () => {
  const id = `year-admin-${crypto.randomUUID()}`;
  insertMemberSession({ id, userId: adminId, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  adminCookie = (await sessionCookie.serialize(id)).split(";")[0]!;
});

type Route = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

const call = (route: Route, url: string, cookie: string, params: Record<string, string> = {}) =>
  outcome(async () =>
    route.loader!({
      request: formRequest(`http://x${url}`, { cookie }),
      params,
      context: { clientAddress: "192.0.2.1" },
    } as never),
  );

const post = (url: string, body: Record<string, string>, route: Route = adminNewYear, cookie = adminCookie) => {
  resetLimits();
  return outcome(async () =>
    route.action!({
      request: formRequest(`http://x${url}`, { cookie, body }),
      params: {},
      context: { clientAddress: "192.0.2.1" },
    } as never),
  );
};

function addPupil(classId: string, name: string): { id: string; code: string } {
  const { value: id, code } = withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  );
  return { id, code };
}

/** A school with two classes (Year 3 with three pupils, Year 6 with one) and two teachers. */
type World = SchoolFixture & {
  page: string;
  year3: string;
  year6: string;
  otherTeacherId: string;
  stays: { id: string; code: string };
  leaves: { id: string; code: string };
  leaver6: { id: string; code: string };
};

function makeWorld(): World {
  n += 1;
  const school = makeSchool(`Year ${n}`);
  const otherTeacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Mr Next ${n}`, email: null, schoolId: school.schoolId, loginCode }),
  ).value;
  db.$client.prepare("UPDATE classes SET name = 'Year 3' WHERE id = ?").run(school.classId);
  const year6 = insertClass({
    name: "Year 6",
    schoolId: school.schoolId,
    teacherId: school.teacherId,
    loginKey: newClassLoginKey(),
  });
  return {
    ...school,
    page: `/admin/new-year?school=${school.schoolId}`,
    year3: school.classId,
    year6,
    otherTeacherId,
    stays: addPupil(school.classId, `Stella Stays ${n}`),
    leaves: addPupil(school.classId, `Zedekiah Quincy ${n}`),
    leaver6: addPupil(year6, `Olive Oldest ${n}`),
  };
}

let w: World;
beforeEach(() => {
  w = makeWorld();
});

async function pageOf(world = w) {
  const o = await call(adminNewYear, world.page, adminCookie);
  expect(o.status).toBe(200);
  return o.data as { version: string; archived: { id: string; name: string; archivedOn: string }[] };
}

/** The form as the admin fills it in: Year 3 becomes Year 4 with Mr Next, Zed leaves, Year 6 leaves (as Reception). */
async function yearForm(intent: "preview" | "start", changes: Record<string, string> = {}) {
  const { version } = await pageOf();
  return {
    intent,
    version,
    [`name-${w.year3}`]: "Year 4",
    [`teacher-${w.year3}`]: w.otherTeacherId,
    [`fate-${w.year3}`]: "up",
    [`leaves-${w.leaves.id}`]: "on",
    [`name-${w.year6}`]: "Reception",
    [`teacher-${w.year6}`]: w.teacherId,
    [`fate-${w.year6}`]: "leaves",
    ...changes,
  };
}

const state = () => ({
  classes: db.$client.prepare("SELECT id, name, teacher_id FROM classes ORDER BY id").all(),
  archived: db.$client.prepare("SELECT id, archived_at FROM students WHERE archived_at IS NOT NULL ORDER BY id").all(),
  audit: (db.$client.prepare("SELECT count(*) AS n FROM audit_log").get() as { n: number }).n,
});

describe("the preview and the start", () => {
  it("a preview shows every change and writes nothing", async () => {
    const before = state();
    const o = await post(w.page, await yearForm("preview"));
    expect(o.status).toBe(200);
    const reply = o.data as NewYearReply & { kind: "preview" };
    expect(reply.kind).toBe("preview");
    expect(reply.preview).toMatchObject({ archived: 2, staying: 2 });
    expect(reply.preview.classes).toEqual([
      {
        id: w.year3,
        name: "Year 3",
        newName: "Year 4",
        teacherName: `Teacher Year ${n}`,
        newTeacherName: `Mr Next ${n}`,
        leaves: false,
        leavers: [`Zedekiah Quincy ${n}`],
        staying: 2,
      },
      {
        id: w.year6,
        name: "Year 6",
        newName: "Reception",
        teacherName: `Teacher Year ${n}`,
        newTeacherName: `Teacher Year ${n}`,
        leaves: true,
        leavers: [`Olive Oldest ${n}`],
        staying: 0,
      },
    ]);
    // The input comes back, to be carried by `Start the new year`.
    expect(reply.result.initialValue).toMatchObject({ [`name-${w.year3}`]: "Year 4", [`leaves-${w.leaves.id}`]: "on" });
    expect(state()).toEqual(before);
  });

  it("the start writes all of it at once, keeps the classes' ids and logs it; a second click is refused", async () => {
    const form = await yearForm("start");
    const o = await post(w.page, form);
    expect(o.status).toBe(302);
    expect(o.location).toBe(w.page);
    expect(await flashOf(o.response)).toMatchObject({ kind: "success", title: M.started(2, 2) });
    const classes = db.$client
      .prepare("SELECT id, name, teacher_id AS teacherId FROM classes WHERE school_id = ? ORDER BY name")
      .all(w.schoolId);
    expect(classes).toEqual([
      { id: w.year6, name: "Reception", teacherId: w.teacherId },
      { id: w.year3, name: "Year 4", teacherId: w.otherTeacherId },
    ]);
    const archived = db.$client
      .prepare("SELECT id FROM students WHERE archived_at IS NOT NULL AND class_id IN (?, ?) ORDER BY id")
      .pluck()
      .all(w.year3, w.year6);
    expect(archived).toEqual([w.leaves.id, w.leaver6.id].sort());
    const log = db.$client
      .prepare("SELECT action, subject_name AS subject, detail FROM audit_log WHERE school_id = ? ORDER BY id")
      .all(w.schoolId);
    expect(log).toEqual([
      {
        action: "class.new-year",
        subject: "Year 4",
        detail: `was Year 3; teacher Mr Next ${n}, was Teacher Year ${n}; 1 pupil archived`,
      },
      { action: "class.new-year", subject: "Reception", detail: "was Year 6; left: 1 pupil archived" },
      {
        action: "year.started",
        subject: `School Year ${n}`,
        detail: "1 class moved up, 1 class left, 2 pupils archived",
      },
    ]);
    const page = await pageOf();
    expect(page.archived.map((p) => p.name).sort()).toEqual([`Olive Oldest ${n}`, `Zedekiah Quincy ${n}`]);

    // The same form again (a second click, a reload): the school changed since, so nothing is written.
    const before = state();
    const again = await post(w.page, form);
    expect(again.status).toBe(409);
    expect(refusal(again).errors).toEqual({ "": [M.stale] });
    expect(state()).toEqual(before);
  });

  it("a start with nothing changed is still told from a second one", async () => {
    const same = {
      [`name-${w.year3}`]: "Year 3",
      [`teacher-${w.year3}`]: w.teacherId,
      [`leaves-${w.leaves.id}`]: "",
      [`name-${w.year6}`]: "Year 6",
      [`fate-${w.year6}`]: "up",
    };
    const form = await yearForm("start", same);
    delete (form as Record<string, string>)[`leaves-${w.leaves.id}`];
    expect((await post(w.page, form)).status).toBe(302);
    const before = state();
    expect((await post(w.page, form)).status).toBe(409);
    expect(state()).toEqual(before);
  });

  it("a page made before a pupil was added (or a class renamed) is stale", async () => {
    const form = await yearForm("start");
    addPupil(w.year3, "Late Arrival");
    const before = state();
    const o = await post(w.page, form);
    expect(o.status).toBe(409);
    expect(state()).toEqual(before);
    const preview = await post(w.page, { ...form, intent: "preview" });
    expect(preview.status).toBe(409);
  });

  it("refuses a clash of names, an empty or long name and a teacher of another school beside the field", async () => {
    const elsewhere = makeSchool(`Elsewhere ${n}`);
    const before = state();
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [
        { [`name-${w.year6}`]: " year 4 " },
        { [`name-${w.year3}`]: [M.sameName("Year 4")], [`name-${w.year6}`]: [M.sameName("year 4")] },
      ],
      [{ [`name-${w.year3}`]: "   " }, { [`name-${w.year3}`]: ["Enter the class's name"] }],
      [
        { [`name-${w.year3}`]: "x".repeat(61) },
        { [`name-${w.year3}`]: ["A class's name can be at most 60 characters"] },
      ],
      [
        { [`teacher-${w.year3}`]: elsewhere.teacherId },
        { [`teacher-${w.year3}`]: [M.teacherNotOfSchool(`School Year ${n}`)] },
      ],
    ];
    for (const [changes, errors] of cases) {
      for (const intent of ["preview", "start"] as const) {
        const o = await post(w.page, await yearForm(intent, changes));
        expect(o.status).toBe(400);
        expect(refusal(o).errors).toEqual(errors);
        // The input is kept.
        expect(refusal(o).sent).toMatchObject(changes);
      }
    }
    expect(state()).toEqual(before);
  });

  it("a failure mid-way writes nothing", async () => {
    const form = await yearForm("start");
    // The classes are renamed first; archiving the second pupil then fails.
    db.$client.exec(
      `CREATE TRIGGER fail_archive BEFORE UPDATE OF archived_at ON students WHEN NEW.id = '${w.leaver6.id}'
       BEGIN SELECT RAISE(ABORT, 'no'); END`,
    );
    const before = state();
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const o = await post(w.page, form);
      expect(o.status).toBe(500);
      expect(refusal(o).errors).toEqual({ "": [M.failed] });
    } finally {
      db.$client.exec("DROP TRIGGER fail_archive");
      vi.restoreAllMocks();
    }
    expect(state()).toEqual(before);
  });

  it("a malformed or unknown school is a 4xx", async () => {
    expect((await call(adminNewYear, "/admin/new-year?school=bad%20id", adminCookie)).status).toBe(400);
    expect((await call(adminNewYear, "/admin/new-year?school=no-such-school", adminCookie)).status).toBe(404);
    expect((await post("/admin/new-year?school=no-such-school", { intent: "preview" })).status).toBe(404);
  });
});

describe("an archived pupil", () => {
  /** The teacher gives the leaver a parent link, and the leaver is signed in, before the year starts. */
  async function archiveWithLinkAndSession() {
    const teacher = await schoolCookie({ teacherId: w.teacherId });
    const given = await post(
      "/teacher-dashboard",
      { intent: "give-parent-link", studentId: w.leaves.id },
      teacherDashboard,
      teacher,
    );
    expect(given.status).toBe(302);
    const letters = await call(teacherParentLetters, `/teacher-dashboard/parent-letters?class=${w.year3}`, teacher);
    const link = (letters.data as { letters: { id: string; link: string }[] }).letters.find(
      (l) => l.id === w.leaves.id,
    )!.link;
    const token = link.split("/parent/")[1]!;
    const pupil = await schoolCookie({ studentId: w.leaves.id });
    // A game each, so the class's results and figures have both.
    for (const id of [w.stays.id, w.leaves.id])
      db.$client
        .prepare(
          `INSERT INTO student_performance (student_id, score, total_questions, accuracy, time_taken, completed_at)
           VALUES (?, 7, 10, 70, 60, ?)`,
        )
        .run(id, Date.now() - 60_000);
    expect((await post(w.page, await yearForm("start"))).status).toBe(302);
    // Year 4's teacher now: Mr Next.
    return { teacher: await schoolCookie({ teacherId: w.otherTeacherId }), token, pupil };
  }

  it("cannot log in: their code and their class's link say what an unknown code says", async () => {
    await archiveWithLinkAndSession();
    const loginWith = (code: string, classKey?: string) =>
      post(
        classKey ? `/student-login/${classKey}` : "/student-login",
        { code },
        {
          action: (args: never) =>
            studentLogin.action({
              ...(args as object),
              params: classKey ? { classKey } : {},
            } as never),
        },
        "",
      );
    const key = db.$client.prepare("SELECT login_key FROM classes WHERE id = ?").pluck().get(w.year3) as string;
    const unknown = "99999999" === w.leaves.code ? "99999998" : "99999999";
    for (const classKey of [undefined, key]) {
      const archived = await loginWith(w.leaves.code, classKey);
      const never = await loginWith(unknown, classKey);
      expect(archived.status).toBe(never.status);
      expect(refusal(archived).errors).toEqual(refusal(never).errors);
      // Another pupil's code still logs in.
      expect((await loginWith(w.stays.code, classKey)).location).toBe("/student-game");
    }
  });

  it("is on no page of pupils, their session and parent link stop, and the others stay", async () => {
    const { teacher, token, pupil } = await archiveWithLinkAndSession();
    const gone = `Zedekiah Quincy ${n}`;
    const kept = `Stella Stays ${n}`;
    const c = w.year3;
    const pages: [string, Route, string, string][] = [
      ["teacher dashboard", teacherDashboard, `/teacher-dashboard?class=${c}`, teacher],
      ["class overview", teacherOverview, `/teacher-dashboard/overview?class=${c}`, teacher],
      ["class settings", teacherClassSettings, `/teacher-dashboard/settings?class=${c}`, teacher],
      ["login cards", teacherCards, `/teacher-dashboard/cards?class=${c}`, teacher],
      ["results export", teacherExport, `/teacher-dashboard/export?class=${c}`, teacher],
      ["heat maps", teacherFacts, `/teacher-dashboard/facts?class=${c}`, teacher],
      ["times tables check", teacherMtc, `/teacher-dashboard/mtc?class=${c}`, teacher],
      ["parent letters", teacherParentLetters, `/teacher-dashboard/parent-letters?class=${c}`, teacher],
      ["admin class page", admin, `/admin?tab=schools&class=${c}`, adminCookie],
      ["admin student logins", admin, `/admin?tab=students`, adminCookie],
      ["admin student logins, searched", admin, `/admin?tab=students&q=${encodeURIComponent(gone)}`, adminCookie],
      ["admin login cards", adminCards, `/admin/cards?class=${c}`, adminCookie],
      ["admin heat maps", adminFacts, `/admin/facts?class=${c}`, adminCookie],
    ];
    for (const [name, route, url, cookie] of pages) {
      const o = await call(route, url, cookie);
      const text = o.response ? await o.response.text() : JSON.stringify(o.data);
      expect(o.status, name).toBe(200);
      // The letters name a pupil by their first name; other worlds' pupils of that name are on the admin's tab.
      // (the search's own words come back in it).
      if (!url.includes("q=")) expect(text, name).not.toContain(url.includes("parent-letters") ? "Zedekiah" : gone);
      expect(text, name).not.toContain(w.leaves.id);
      expect(text, name).not.toContain(w.leaves.code);
      // The other pupil is there (the settings page names no pupil; the letters only those with a link).
      if (!/q=|parent-letters|settings/.test(url)) expect(text, name).toContain(kept);
    }
    // An admin's search for them finds nobody; a teacher's form aimed at them is a 404.
    const edit = await call(teacherDashboard, `/teacher-dashboard?class=${c}&edit=${w.leaves.id}`, teacher);
    expect(JSON.stringify(edit.data ?? "")).not.toContain(gone);
    const renew = await post(
      "/teacher-dashboard",
      { intent: "regenerate-code", studentId: w.leaves.id },
      teacherDashboard,
      teacher,
    );
    expect(renew.status).toBe(404);
    // A roster import of their name adds them anew (they are not "already in this class").
    const target = rosterTargetOf(ADMIN_SCOPE, new URL(`http://x/admin/import?class=${c}`));
    const rows = checkRows(target, [
      { line: 2, name: gone, className: null, settings: null, refused: null, notes: [] } as never,
      { line: 3, name: kept, className: null, settings: null, refused: null, notes: [] } as never,
    ]);
    expect(rows.map((row) => row.refused)).toEqual([null, expect.any(String)]);
    // Their session and parent link stop.
    const game = await call(studentGame, "/student-game", pupil);
    expect(game.location).toBe("/student-login");
    const link = await call(parentPage, `/parent/${token}`, "", { token });
    const never = await call(parentPage, `/parent/${"x".repeat(token.length)}`, "", {
      token: "x".repeat(token.length),
    });
    expect(link.status).toBe(never.status);
    expect(JSON.stringify(link.data ?? "")).not.toContain("Zedekiah");
  });

  it("an admin erases one at once; housekeeping erases the others a year after, not before", async () => {
    await archiveWithLinkAndSession();
    const rowsOf = (id: string) =>
      db.$client.prepare("SELECT count(*) FROM students WHERE id = ?").pluck().get(id) as number;
    const erasures = () => db.$client.prepare("SELECT count(*) FROM erasures").pluck().get() as number;
    // An admin's erasure, from the page: its confirmation step, then the erasure with its record.
    const step = await call(adminNewYear, `${w.page}&erase=${w.leaver6.id}`, adminCookie);
    expect((step.data as { erasing: { name: string } }).erasing.name).toBe(`Olive Oldest ${n}`);
    expect((await call(adminNewYear, `${w.page}&erase=${w.stays.id}`, adminCookie)).status).toBe(404);
    const before = erasures();
    const erased = await post(w.page, { intent: "erase-archived", studentId: w.leaver6.id });
    expect(erased.status).toBe(302);
    expect(rowsOf(w.leaver6.id)).toBe(0);
    expect(erasures()).toBe(before + 1);
    // A pupil of the school who is not archived is not erased here.
    expect((await post(w.page, { intent: "erase-archived", studentId: w.stays.id })).status).toBe(404);
    expect(rowsOf(w.stays.id)).toBe(1);

    // Housekeeping: a day before the period ends, nothing; a day after, the pupil and their rows go.
    const archivedAt = db.$client
      .prepare("SELECT archived_at FROM students WHERE id = ?")
      .pluck()
      .get(w.leaves.id) as number;
    db.$client
      .prepare(
        "INSERT INTO student_performance (student_id, score, total_questions, accuracy, time_taken, completed_at) VALUES (?, 5, 10, 50, 60, ?)",
      )
      .run(w.leaves.id, archivedAt - 1000);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      vi.setSystemTime(archivedAt + HOUSEKEEPING.archivedPupilsKeptMs - 24 * 3_600_000);
      expect(await runHousekeeping()).toMatchObject({ ran: true, archivedPupils: 0, failed: [] });
      expect(rowsOf(w.leaves.id)).toBe(1);
      vi.setSystemTime(archivedAt + HOUSEKEEPING.archivedPupilsKeptMs + 24 * 3_600_000);
      const report = await runHousekeeping();
      expect(report.failed).toEqual([]);
      expect(report.archivedPupils).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
    expect(rowsOf(w.leaves.id)).toBe(0);
    expect(
      db.$client.prepare("SELECT count(*) FROM student_performance WHERE student_id = ?").pluck().get(w.leaves.id),
    ).toBe(0);
    // No one asked for it: no erasure record; the change log's entries lose the name.
    expect(
      db.$client
        .prepare("SELECT count(*) FROM erasures WHERE erased_at > ?")
        .pluck()
        .get(archivedAt + 1000),
    ).toBe(0);
    expect(
      db.$client.prepare("SELECT count(*) FROM audit_log WHERE subject_name = ?").pluck().get(`Zedekiah Quincy ${n}`),
    ).toBe(0);
    expect(rowsOf(w.stays.id)).toBe(1);
  });
});
