import { unzipSync } from "fflate";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { insertCompetition } from "~/models/competitions.server";
import { insertClass, insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import * as adminCertificate from "~/routes/admin/admin-competition-certificate";
import * as adminCompetition from "~/routes/admin/admin-competition";
import * as adminCompetitions from "~/routes/admin/admin-competitions";
import * as exportFile from "~/routes/admin/admin-export-file";
import * as studentGame from "~/routes/school/student-game";
import * as certificate from "~/routes/school/teacher-competition-certificate";
import * as standings from "~/routes/school/teacher-competition";
import * as competitions from "~/routes/school/teacher-competitions";

import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import { flashOf, formRequest, outcome } from "./route-call";
import { makeSchool, memberSession, schoolCookie, type SchoolFixture } from "./school-fixtures";
import { addDays, ukDay } from "~/school-rules/uk-days";

/*
 * Class competitions on the server (docs/product.md#class-competition): a teacher starts one among their school's
 * classes (one of them theirs), the standings average every pupil's games of the period, the school's teachers and
 * the admins see them and nobody else, pupils see class names only, the certificate names the winners after the
 * end, and every refusal writes nothing.
 */

const CONTEXT = { clientAddress: "198.51.100.20" };
const args = (request: Request) => ({ request, params: {}, context: CONTEXT }) as never;

let A: SchoolFixture; // Teacher A, class "Class Comp A" with Pupil A and two more
let B: SchoolFixture; // another school
let classB: string; // a second class of school A, another teacher's, with 2 pupils
let classEmpty: string; // a third class of school A, no pupils
let otherTeacher: string;
let pupilsA: string[];
let pupilsB: string[];
let teacherCookie: string;
let otherTeacherCookie: string;
let otherSchoolCookie: string;
let adminCookie: string;
let memberCookie: string;
let today: string;

function pupil(classId: string, name: string) {
  return withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  ).value;
}

let runN = 0;
/** A finished game of a pupil: its run (mode `student` unless given) and its result row. */
function game(studentId: string, score: number, at = Date.now(), mode: string | null = "student") {
  runN += 1;
  const runId = mode ? `run-c-${runN}` : null;
  if (runId)
    db.$client
      .prepare(
        `INSERT INTO game_runs (id, mode, game_type, student_id, score, total_questions, accuracy, started_at, finished_at, answers)
         VALUES (?, ?, 'student', ?, ?, ?, 100, ?, ?, '[]')`,
      )
      .run(runId, mode, studentId, score, score, at - 60_000, at);
  db.$client
    .prepare(
      `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, run_id, completed_at)
       VALUES (?, ?, ?, 60, 100, ?, ?)`,
    )
    .run(studentId, score, score, runId, at);
}

function post(route: { action: (a: never) => unknown }, url: string, cookie: string, fields: [string, string][]) {
  const body = new URLSearchParams(fields).toString();
  const request = new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return outcome(() => route.action(args(request)) as Promise<unknown>);
}

function get(route: { loader: (a: never) => unknown }, url: string, cookie: string) {
  return outcome(() => route.loader(args(formRequest(url, { cookie }))) as Promise<unknown>);
}

const startFields = (
  classes: string[],
  over: Partial<{ name: string; startsOn: string; endsOn: string }> = {},
): [string, string][] => [
  ["intent", "start"],
  ["name", over.name ?? "Times Tables Week"],
  ["startsOn", over.startsOn ?? today],
  ["endsOn", over.endsOn ?? addDays(today, 6)],
  ...classes.map((id): [string, string] => ["classes", id]),
];

const count = () => (db.$client.prepare("SELECT count(*) AS n FROM competitions").get() as { n: number }).n;
const audits = (action: string) =>
  db.$client.prepare("SELECT actor_name, subject_name, detail FROM audit_log WHERE action = ?").all(action);

beforeAll(async () => {
  A = makeSchool("Comp A");
  B = makeSchool("Comp B");
  otherTeacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Teacher Other", email: null, schoolId: A.schoolId, loginCode }),
  ).value;
  classB = insertClass({
    name: "Class Comp B2",
    schoolId: A.schoolId,
    teacherId: otherTeacher,
    loginKey: newClassLoginKey(),
  });
  classEmpty = insertClass({
    name: "Class Comp Empty",
    schoolId: A.schoolId,
    teacherId: otherTeacher,
    loginKey: newClassLoginKey(),
  });
  pupilsA = [A.studentId, pupil(A.classId, "Pupil A2"), pupil(A.classId, "Pupil A3")];
  pupilsB = [pupil(classB, "Pupil B1"), pupil(classB, "Pupil B2")];
  teacherCookie = await schoolCookie({ teacherId: A.teacherId });
  otherTeacherCookie = await schoolCookie({ teacherId: otherTeacher });
  otherSchoolCookie = await schoolCookie({ teacherId: B.teacherId });
  adminCookie = (await memberSession("admin", "Comp")).cookie;
  memberCookie = (await memberSession("member", "Comp")).cookie;
});

beforeEach(() => {
  today = ukDay(Date.now());
  db.$client.exec("DELETE FROM competitions; DELETE FROM audit_log");
});

const LIST = "http://x/teacher-dashboard/competitions";

describe("starting a competition", () => {
  it("a teacher starts one of their class and another of the school's: its standings next, with a change log entry", async () => {
    const o = await post(competitions, LIST, teacherCookie, startFields([A.classId, classB]));
    expect(o.status).toBe(302);
    const id = (db.$client.prepare("SELECT id FROM competitions").get() as { id: string }).id;
    expect(o.location).toBe(`/teacher-dashboard/competition?id=${id}`);
    expect(await flashOf(o.response)).toMatchObject({ title: "Competition started: Times Tables Week" });
    expect(db.$client.prepare("SELECT class_id FROM competition_classes ORDER BY class_id").all()).toHaveLength(2);
    expect(audits("competition.started")).toEqual([
      {
        actor_name: "Teacher Comp A",
        subject_name: "School Comp A",
        detail: expect.stringMatching(
          /^Times Tables Week: Class Comp A, Class Comp B2, \d+ \w+ \d{4} to \d+ \w+ \d{4}$/,
        ),
      },
    ]);
  });

  it.each([
    ["one class", [() => [A.classId]], {}, "classes", M.classesTooFew],
    ["a class of another school", [() => [A.classId, B.classId]], {}, "classes", M.classesNotSchool],
    ["none of the teacher's own", [() => [classB, classEmpty]], {}, "classes", M.classesNoneOwn],
    ["a first day in the past", [() => [A.classId, classB]], { startsOn: "past" }, "startsOn", M.startPast],
    ["more than 4 weeks", [() => [A.classId, classB]], { endsOn: "far" }, "endsOn", M.tooLong],
    ["a last day before the first", [() => [A.classId, classB]], { endsOn: "before" }, "endsOn", M.endBeforeStart],
    ["a date that is no day", [() => [A.classId, classB]], { endsOn: "31/02/2027" }, "endsOn", M.endRequired],
    ["a name of 61 characters", [() => [A.classId, classB]], { name: "x".repeat(61) }, "name", M.nameLong],
    ["no name", [() => [A.classId, classB]], { name: " " }, "name", M.nameRequired],
    ["a web address", [() => [A.classId, classB]], { name: "Sprint at www . evil . com" }, "name", M.nameLinks],
    ["a dotted-out address", [() => [A.classId, classB]], { name: "evil [dot] co [dot] uk cup" }, "name", M.nameLinks],
  ])("refuses %s beside its field, and writes nothing", async (_what, [classes], over, field, message) => {
    const dates: Record<string, string> = {
      past: addDays(today, -1),
      far: addDays(today, 28),
      before: addDays(today, -1),
    };
    const fields = Object.fromEntries(
      Object.entries(over as Record<string, string>).map(([k, v]) => [k, dates[v] ?? v]),
    );
    const o = await post(competitions, LIST, teacherCookie, startFields(classes(), fields));
    expect(o.status).toBe(400);
    const { result } = o.data as { result: { error: Record<string, string[]> } };
    expect(result.error[field]).toEqual([message]);
    expect(count()).toBe(0);
    expect(audits("competition.started")).toEqual([]);
  });

  it("takes a UK date typed by hand", async () => {
    const [y, m, d] = addDays(today, 3).split("-");
    const o = await post(
      competitions,
      LIST,
      teacherCookie,
      startFields([A.classId, classB], { endsOn: `${d}/${m}/${y}` }),
    );
    expect(o.status).toBe(302);
    expect(db.$client.prepare("SELECT ends_on AS e FROM competitions").get()).toEqual({ e: addDays(today, 3) });
  });

  it("an unknown form is a plain 400; without a teacher's session, the login", async () => {
    expect((await post(competitions, LIST, teacherCookie, [["intent", "nonsense"]])).status).toBe(400);
    const o = await post(competitions, LIST, memberCookie, startFields([A.classId, classB]));
    expect(o.status).toBe(302);
    expect(o.location).toMatch(/^\/teacher-login/);
    expect(count()).toBe(0);
  });

  it("an admin starts one for any classes of the school, none of them theirs", async () => {
    const url = `http://x/admin/competitions?school=${A.schoolId}`;
    const o = await post(adminCompetitions, url, adminCookie, startFields([classB, classEmpty]));
    expect(o.status).toBe(302);
    expect(o.location).toMatch(/^\/admin\/competition\?id=/);
    expect(audits("competition.started")).toHaveLength(1);
    // A class of another school, through the admin's page of school A, is refused like a teacher's.
    const bad = await post(adminCompetitions, url, adminCookie, startFields([classB, B.classId]));
    expect(bad.status).toBe(400);
    expect(count()).toBe(1);
  });
});

function competitionOf(classIds: string[], startsOn: string, endsOn: string, name = "Spring Sprint") {
  return db.$client.transaction(() =>
    insertCompetition(
      {
        schoolId: A.schoolId,
        name,
        startsOn,
        endsOn,
        startedByKind: "teacher",
        startedByName: "Teacher Comp A",
        classIds,
      },
      Date.now(),
    ),
  )();
}

describe("the standings", () => {
  it("average each class's games of the period over every pupil, in one place per class", async () => {
    const start = addDays(today, -2);
    const id = competitionOf([A.classId, classB, classEmpty], start, addDays(today, 2));
    db.$client.exec("DELETE FROM student_performance; DELETE FROM game_runs WHERE id LIKE 'run-c-%'");
    // Class A: 3 pupils, 2 play: 10 + 5 + 6 = 21 → 7.0. Class B: 2 pupils, both play: 8 + 6 = 14 → 7.0 (a tie).
    game(pupilsA[0]!, 10);
    game(pupilsA[0]!, 5, Date.now() - 86_400_000);
    game(pupilsA[1]!, 6, Date.now(), null); // a row from before runs were kept counts
    game(pupilsB[0]!, 8);
    game(pupilsB[1]!, 6);
    // Not counted: practice, before the first day, and a times tables rehearsal's run.
    game(pupilsA[2]!, 50, Date.now(), "practice");
    game(pupilsB[0]!, 50, Date.now() - 5 * 86_400_000);
    const o = await get(standings, `http://x/teacher-dashboard/competition?id=${id}`, teacherCookie);
    expect(o.status).toBe(200);
    const page = o.data as { standings: unknown[]; competition: { state: string }; canCancel: boolean };
    expect(page.competition.state).toBe("running");
    expect(page.standings).toEqual([
      { position: 1, className: "Class Comp A", points: "7.0", played: 2, pupils: 3 },
      { position: 1, className: "Class Comp B2", points: "7.0", played: 2, pupils: 2 },
      { position: 3, className: "Class Comp Empty", points: "0.0", played: 0, pupils: 0 },
    ]);
    expect(page.canCancel).toBe(true);
  });

  it("are the school's: another school's teacher gets the 404; every teacher of the school and the admins see them", async () => {
    const id = competitionOf([A.classId, classB], today, today);
    const url = `http://x/teacher-dashboard/competition?id=${id}`;
    const other = await get(standings, url, otherSchoolCookie);
    expect([other.status, other.data]).toEqual([404, M.notFound]);
    expect((await get(standings, `http://x/teacher-dashboard/competition?id=nope`, teacherCookie)).status).toBe(404);
    expect((await get(standings, `http://x/teacher-dashboard/competition?id=%00`, teacherCookie)).status).toBe(404);
    expect((await get(standings, url, otherTeacherCookie)).status).toBe(200);
    expect((await get(adminCompetition, `http://x/admin/competition?id=${id}`, adminCookie)).status).toBe(200);
    expect((await get(adminCompetition, `http://x/admin/competition?id=${id}`, memberCookie)).status).toBe(403);
    const list = await get(competitions, LIST, otherSchoolCookie);
    expect((list.data as { competitions: unknown[] }).competitions).toEqual([]);
  });

  it("show on the dashboards of the pupils of the classes taking part, with class names only", async () => {
    competitionOf([A.classId, classB], today, addDays(today, 3), "Maths Cup");
    const url = "http://x/student-game";
    const mine = await get(studentGame, url, await schoolCookie({ studentId: pupilsB[0]! }));
    const shown = (mine.data as { competitions: { value: { competitions: unknown[]; html: string } } }).competitions;
    expect(shown.value.competitions).toEqual([
      expect.objectContaining({
        name: "Maths Cup",
        state: "running",
      }),
    ]);
    const rows = (shown.value.competitions[0] as { standings: { className: string; own: boolean }[] }).standings;
    expect(rows.map((r) => [r.className, r.own]).sort()).toEqual([
      ["Class Comp A", false],
      ["Class Comp B2", true],
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/Pupil/);
    expect(shown.value.html).toContain("Maths Cup");
    const elsewhere = await get(studentGame, url, await schoolCookie({ studentId: B.studentId }));
    expect(
      (elsewhere.data as { competitions: { value: { competitions: unknown[] } } }).competitions.value.competitions,
    ).toEqual([]);
  });
});

describe("the certificate", () => {
  it("is ready after the last day and names the winner, the school, the points and the days", async () => {
    const running = competitionOf([A.classId, classB], today, today);
    const notYet = await get(
      certificate,
      `http://x/teacher-dashboard/competition/certificate?id=${running}`,
      teacherCookie,
    );
    expect(notYet.data).toMatchObject({ winners: null, reason: M.certificateNotYet });
    // The runs go too: one of an earlier test started within 10 minutes of this game would make it a second game at
    // once, which counts for nothing (docs/decisions/0074-fair-play-for-classes-and-addresses.md).
    db.$client.exec("DELETE FROM student_performance; DELETE FROM game_runs WHERE mode = 'student'");
    const id = competitionOf([A.classId, classB], addDays(today, -7), addDays(today, -1), "Autumn Cup");
    game(pupilsB[0]!, 9, Date.now() - 2 * 86_400_000);
    const o = await get(certificate, `http://x/teacher-dashboard/competition/certificate?id=${id}`, teacherCookie);
    expect(o.data).toMatchObject({
      schoolName: "School Comp A",
      competition: { name: "Autumn Cup", state: "finished" },
      winners: [{ className: "Class Comp B2", points: "4.5" }],
      reason: null,
    });
    // One for each pupil of the winning class, on asking.
    const each = await get(
      certificate,
      `http://x/teacher-dashboard/competition/certificate?id=${id}&pupils=1`,
      teacherCookie,
    );
    expect((each.data as { pupils: unknown }).pupils).toEqual([
      { name: "Pupil B1", className: "Class Comp B2" },
      { name: "Pupil B2", className: "Class Comp B2" },
    ]);
    expect((o.data as { pupils: unknown }).pupils).toBeNull();
    const admin = await get(adminCertificate, `http://x/admin/competition/certificate?id=${id}`, adminCookie);
    expect(admin.data).toMatchObject({ winners: [{ className: "Class Comp B2" }] });
  });

  it("names every tied class, and no one when nobody played", async () => {
    // Earlier stories' games at the same moments would be games played at once, which count once.
    db.$client.exec("DELETE FROM student_performance; DELETE FROM game_runs WHERE student_id IS NOT NULL");
    const none = competitionOf([A.classId, classB], addDays(today, -3), addDays(today, -1));
    const url = (id: string) => `http://x/teacher-dashboard/competition/certificate?id=${id}`;
    expect((await get(certificate, url(none), teacherCookie)).data).toMatchObject({
      winners: [],
      reason: M.certificateNoWinner,
    });
    game(pupilsA[0]!, 6, Date.now() - 2 * 86_400_000); // 6 / 3 = 2.0
    game(pupilsB[0]!, 4, Date.now() - 2 * 86_400_000); // 4 / 2 = 2.0
    const tie = (await get(certificate, url(none), teacherCookie)).data as { winners: { className: string }[] };
    expect(tie.winners.map((w) => w.className)).toEqual(["Class Comp A", "Class Comp B2"]);
  });
});

describe("cancelling", () => {
  it("a teacher of a class taking part cancels one not finished; another school's is the 404; a finished one stays", async () => {
    const id = competitionOf([A.classId, classB], today, addDays(today, 3));
    const fields: [string, string][] = [
      ["intent", "cancel"],
      ["id", id],
    ];
    expect((await post(competitions, LIST, otherSchoolCookie, fields)).status).toBe(404);
    expect(count()).toBe(1);
    const o = await post(competitions, LIST, otherTeacherCookie, fields);
    expect([o.status, o.location]).toEqual([302, "/teacher-dashboard/competitions"]);
    expect(count()).toBe(0);
    expect(audits("competition.cancelled")).toEqual([
      { actor_name: "Teacher Other", subject_name: "School Comp A", detail: "Spring Sprint" },
    ]);
    const finished = competitionOf([A.classId, classB], addDays(today, -3), addDays(today, -1));
    const refused = await post(competitions, LIST, teacherCookie, [
      ["intent", "cancel"],
      ["id", finished],
    ]);
    expect(refused.status).toBe(409);
    expect(count()).toBe(1);
  });

  it("a teacher with no class in it may not cancel it", async () => {
    const id = competitionOf([classB, classEmpty], today, today);
    const o = await post(competitions, LIST, teacherCookie, [
      ["intent", "cancel"],
      ["id", id],
    ]);
    expect(o.status).toBe(403);
    expect(count()).toBe(1);
  });
});

describe("with the school", () => {
  it("are in the school's export, and go when the school goes", async () => {
    const id = competitionOf([A.classId, classB], today, addDays(today, 3), "Export Cup");
    const request = formRequest("http://x/admin/export/file", {
      cookie: adminCookie,
      body: { school: A.schoolId, format: "zip" },
    });
    const o = await outcome(() => exportFile.action(args(request)));
    const files = unzipSync(new Uint8Array(await o.response!.arrayBuffer()));
    const lines = Buffer.from(files["competitions.csv"]!).toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Competition ID,Name,First day,Last day,Class IDs,Classes,Started by,Created (UTC),Points from",
    );
    expect(lines[1]).toMatch(/,game scores$/);
    expect(lines[1]).toContain(`${id},Export Cup,${today},${addDays(today, 3)},`);
    expect(lines[1]).toContain(`"Class Comp A, Class Comp B2",Teacher Comp A (teacher),`);
    const json = await outcome(() =>
      exportFile.action(
        args(
          formRequest("http://x/admin/export/file", {
            cookie: adminCookie,
            body: { school: A.schoolId, format: "json" },
          }),
        ),
      ),
    );
    const data = (await json.response!.json()) as { competitions: Record<string, unknown>[] };
    expect(data.competitions).toEqual([expect.objectContaining({ id, name: "Export Cup", firstDay: today })]);
    // A deleted class leaves the competition; the school's deletion takes its competitions.
    const gone = makeSchool("Comp Gone");
    const second = insertClass({
      name: "Gone 2",
      schoolId: gone.schoolId,
      teacherId: gone.teacherId,
      loginKey: newClassLoginKey(),
    });
    const goneId = db.$client.transaction(() =>
      insertCompetition(
        {
          schoolId: gone.schoolId,
          name: "Gone Cup",
          startsOn: today,
          endsOn: today,
          startedByKind: "admin",
          startedByName: "x",
          classIds: [gone.classId, second],
        },
        Date.now(),
      ),
    )();
    db.$client.prepare("DELETE FROM classes WHERE school_id = ?").run(gone.schoolId);
    expect(db.$client.prepare("SELECT * FROM competition_classes WHERE competition_id = ?").all(goneId)).toEqual([]);
    db.$client.prepare("DELETE FROM teachers WHERE school_id = ?").run(gone.schoolId);
    db.$client.prepare("DELETE FROM schools WHERE id = ?").run(gone.schoolId);
    expect(db.$client.prepare("SELECT name FROM competitions WHERE name = 'Gone Cup'").all()).toEqual([]);
  });
});
