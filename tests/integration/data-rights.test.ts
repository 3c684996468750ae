import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { sessionCookie } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { encodeBook } from "~/facts/codec";
import { applyToBook, emptyBook, factAnswersOf, type StoredAnswer } from "~/facts/state";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { FACTS_BACKFILL } from "~/models/fact-records.server";
import { recordAudit } from "~/models/audit.server";
import { confirmDigest, setDigestPending, setDigestWanted } from "~/models/digest.server";
import { ERASED_PUPIL, tablesWithStudentId } from "~/models/erasures.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertMemberSession } from "~/models/sessions.server";
import { insertStudent } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import * as admin from "~/routes/admin/admin";
import * as adminExport from "~/routes/admin/admin-export";
import * as exportFile from "~/routes/admin/admin-export-file";
import * as teacherDashboard from "~/routes/school/teacher-dashboard";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { csvCell } from "~/utils/csv";
import { cookieSet, flashOf, formRequest, outcome } from "./route-call";

/*
 * Data rights (docs/product.md#data-rights): a school's export, read back from the zip and the JSON, and a pupil's
 * erasure, after which no table of the schema holds their id or name; a refused erasure writes nothing.
 */

let adminCookie = "";
let memberCookie = "";
let teacherCookie = "";
let otherTeacherCookie = "";

type Seeded = { schoolId: string; teacherId: string; classId: string; pupils: { id: string; name: string }[] };
let S: Seeded;
/** The school whose pupils the erasure tests erase. */
let E: Seeded;
let other: Seeded;

async function memberSession(role: "admin" | "member"): Promise<string> {
  const created = createMember({
    email: `${role}@rights.example`,
    phone: null,
    passwordHash: await hashPassword("a long enough password"),
    username: `Rights ${role}`,
    emailVerified: true,
    role,
  });
  if (!created.ok) throw new Error("no member");
  insertMemberSession({ id: `rights-${role}`, userId: created.id, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  return (await sessionCookie.serialize(`rights-${role}`)).split(";")[0]!;
}

const T0 = Date.UTC(2026, 10, 20, 9, 0, 0);

/** A pupil's games: a result, its run with answers, their fact records, and a board entry of the run. */
function playGames(studentId: string, k: number) {
  for (let g = 0; g < 3; g++) {
    const runId = `run-${studentId}-${g}`;
    const startedAt = T0 + k * 3_600_000 + g * 120_000;
    const answers: StoredAnswer[] = [
      { problem: "7 × 8 = ?", correctAnswer: 56, isCorrect: true, timeStamp: startedAt + 2_000 },
      { problem: "3 + 4 = ?", correctAnswer: 7, isCorrect: g !== 1, timeStamp: startedAt + 6_000 },
    ];
    db.$client
      .prepare(
        `INSERT INTO game_runs (id, mode, game_type, student_id, score, total_questions, accuracy, started_at,
           finished_at, answers) VALUES (?, 'student', 'student', ?, ?, 2, ?, ?, ?, ?)`,
      )
      .run(
        runId,
        studentId,
        g === 1 ? 1 : 2,
        g === 1 ? 50 : 100,
        startedAt,
        startedAt + 60_000,
        JSON.stringify(answers),
      );
    db.$client
      .prepare(
        `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, run_id, completed_at)
         VALUES (?, ?, 2, 60, ?, ?, ?)`,
      )
      .run(studentId, g === 1 ? 1 : 2, g === 1 ? 50 : 100, runId, startedAt + 60_000);
    db.$client
      .prepare(
        `INSERT INTO daily_leaderboard_entries (score, total_questions, accuracy, game_type, run_id) VALUES (2, 2, 100, 'normal', ?)`,
      )
      .run(runId);
    for (const [op, list] of [
      ["*", answers.slice(0, 1)],
      ["+", answers.slice(1)],
    ] as const) {
      const facts = factAnswersOf({ startedAt, answers: list });
      db.$client
        .prepare(
          `INSERT INTO fact_records (student_id, op, data, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (student_id, op) WHERE student_id IS NOT NULL DO UPDATE SET data = excluded.data`,
        )
        .run(studentId, op, encodeBook(applyToBook(emptyBook(), facts)), startedAt);
    }
  }
  // A sticker, as the last game's finish would write it (docs/product.md#sticker-book).
  db.$client
    .prepare(`INSERT INTO fact_stickers (student_id, fact, run_id, earned_at) VALUES (?, '*7,8', ?, ?)`)
    .run(studentId, `run-${studentId}-2`, T0 + k * 3_600_000 + 2 * 120_000 + 60_000);
}

function seedSchool(tag: string, pupilNames: string[]): Seeded {
  const schoolId = insertSchool(`${tag} Primary`);
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Ms ${tag}`, email: `${tag.toLowerCase()}@school.example`, schoolId, loginCode }),
  ).value;
  const classId = insertClass({ name: `${tag} Class`, schoolId, teacherId, loginKey: newClassLoginKey() });
  const pupils = pupilNames.map((name, k) => {
    const id = withFreshLoginCode((loginCode) =>
      insertStudent({
        name,
        classId,
        loginCode,
        timesTables: ["7"],
        allowedOperations: ["addition", "multiplication"],
        difficulty: "easy",
      }),
    ).value;
    playGames(id, k);
    return { id, name };
  });
  return { schoolId, teacherId, classId, pupils };
}

const args = (request: Request) => ({ request, params: {}, context: { clientAddress: "203.0.113.7" } }) as never;

async function download(cookie: string, body: Record<string, string>) {
  const o = await outcome(() => exportFile.action(args(formRequest("http://x/admin/export/file", { cookie, body }))));
  return o;
}

beforeAll(async () => {
  // The one-off fact records backfill is long done here: the housekeeping run below must not rebuild the records.
  db.$client
    .prepare(`INSERT INTO job_marks (name, cursor, done_at, updated_at) VALUES (?, NULL, 1, 1)`)
    .run(FACTS_BACKFILL);
  S = seedSchool("Oak", ["=Ada Lovelace", 'Bob, "the builder"', "Zoë"]);
  other = seedSchool("Elm", ["Other Pupil"]);
  E = seedSchool("Ash", ["Ada Byron", "Bob Builder"]);
  // Oak's class has its stickers off and a class goal (docs/product.md#class-goal).
  db.$client
    .prepare(
      `UPDATE classes SET rewards_off = 1, goal_count = 500, goal_day = '2027-02-12', goal_set_at = ? WHERE id = ?`,
    )
    .run(T0, S.classId);
  adminCookie = await memberSession("admin");
  memberCookie = await memberSession("member");
  teacherCookie = cookieSet(
    await schoolSignInAndRedirect(new Request("http://x/"), { teacherId: E.teacherId }, { to: "/" }),
    "__school",
  );
  otherTeacherCookie = cookieSet(
    await schoolSignInAndRedirect(new Request("http://x/"), { teacherId: other.teacherId }, { to: "/" }),
    "__school",
  );
});

describe("a school's export", () => {
  it("names a teacher's confirmed address for the weekly e-mail only while they want it", async () => {
    const teachersCsv = async () => {
      const o = await download(adminCookie, { school: other.schoolId, format: "zip" });
      const files = unzipSync(new Uint8Array(await o.response!.arrayBuffer()));
      return Buffer.from(files["teachers.csv"]!).toString("utf8").slice(1).split("\r\n")[1]!;
    };
    // Kept for one-time sign-in links alone (docs/product.md#weekly-digest): no weekly e-mail goes there.
    expect(setDigestPending(other.teacherId, "elm.own@school.example", false)).toBe(true);
    expect(confirmDigest(other.teacherId, "elm.own@school.example", Date.now())).toBe(true);
    expect(await teachersCsv()).toContain(",elm@school.example,,elm.own@school.example,");
    expect(setDigestWanted(other.teacherId, true)).toBe(true);
    expect(await teachersCsv()).toContain(",elm@school.example,elm.own@school.example,elm.own@school.example,");
  });

  it("the zip holds a CSV file a table, as the results CSV writes them, and no login code", async () => {
    const o = await download(adminCookie, { school: S.schoolId, format: "zip" });
    expect(o.status).toBe(200);
    const headers = o.response!.headers;
    expect(headers.get("Content-Type")).toBe("application/zip");
    expect(headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="oak-primary-export-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await o.response!.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "classes.csv",
      "competitions.csv",
      "fact-records.csv",
      "game-runs.csv",
      "pupils.csv",
      "results.csv",
      "schools.csv",
      "set-work.csv",
      "stickers.csv",
      "teachers.csv",
    ]);
    const text = (name: string) => Buffer.from(files[name]!).toString("utf8");
    for (const name of Object.keys(files).filter((f) => f.endsWith(".csv"))) {
      expect(text(name).startsWith("\uFEFF")).toBe(true);
      expect(text(name).endsWith("\r\n")).toBe(true);
      expect(text(name).replace(/\r\n/g, "")).not.toMatch(/\n/);
    }
    const lines = (name: string) => text(name).slice(1).split("\r\n").slice(0, -1);
    expect(lines("schools.csv")).toEqual([
      "School ID,Name,Created (UTC)",
      expect.stringMatching(/^[^,]+,Oak Primary,20/),
    ]);
    expect(lines("teachers.csv")[0]).toBe("Teacher ID,Name,Email,Weekly e-mail to,Sign-in links to,Created (UTC)");
    expect(lines("teachers.csv")[1]).toContain(",Ms Oak,oak@school.example,");
    expect(lines("pupils.csv")[0]).toBe(
      "Pupil ID,Name,Class ID,Class,Operations,Times tables,Difficulty,Extra time,Calm,More games,Created (UTC)",
    );
    // By name; a formula-like name gets its apostrophe, a comma or quote its quoting.
    expect(
      lines("pupils.csv")
        .slice(1)
        .map((l) => l.split(",")[1]),
    ).toEqual(["'=Ada Lovelace", '"Bob', "Zoë"]);
    // An id may begin with "-", which the export writes behind the formula guard's apostrophe: cells as written.
    expect(lines("pupils.csv")[1]).toContain(
      `${csvCell(S.pupils[0]!.id)},'=Ada Lovelace,${csvCell(S.classId)},Oak Class,addition multiplication,7,easy,1,no,None,`,
    );
    expect(lines("pupils.csv")[2]).toContain(`"Bob, ""the builder"""`);
    expect(lines("results.csv")[0]).toBe(
      "Pupil ID,Pupil,Completed (UTC),Score,Questions,Accuracy (%),Time taken (s),Run ID",
    );
    expect(lines("results.csv")).toHaveLength(1 + 9);
    expect(lines("results.csv")[1]).toBe(
      `${csvCell(S.pupils[0]!.id)},'=Ada Lovelace,2026-11-20T09:01:00.000Z,2,2,100,60,run-${S.pupils[0]!.id}-0`,
    );
    expect(lines("game-runs.csv")[0]).toBe(
      "Run ID,Pupil ID,Pupil,Mode,Game type,Score,Questions,Accuracy (%),Started (UTC),Finished (UTC),Review,Answers (JSON)",
    );
    expect(lines("game-runs.csv")).toHaveLength(1 + 9);
    expect(lines("game-runs.csv")[1]).toContain(
      '"[{""problem"":""7 × 8 = ?"",""correctAnswer"":56,""isCorrect"":true,',
    );
    expect(lines("fact-records.csv")[0]).toBe("Pupil ID,Pupil,Operation,Fact,Level,Attempts,Misses,Last seen (UTC)");
    // Decoded, not the stored text: one row per pupil, operation and fact.
    expect(lines("fact-records.csv").filter((l) => l.startsWith(csvCell(S.pupils[0]!.id)))).toEqual([
      `${csvCell(S.pupils[0]!.id)},'=Ada Lovelace,addition,3 + 4,learning,1,0,2026-11-20T09:04:00.000Z`,
      `${csvCell(S.pupils[0]!.id)},'=Ada Lovelace,multiplication,7 × 8,fluent,1,0,2026-11-20T09:04:00.000Z`,
    ]);
    // Each pupil's stickers, with the day they were secured and the game that did it.
    expect(lines("stickers.csv")).toEqual([
      "Pupil ID,Pupil,Operation,Fact,Secured (UTC),Run ID",
      `${csvCell(S.pupils[0]!.id)},'=Ada Lovelace,multiplication,7 × 8,2026-11-20T09:05:00.000Z,${csvCell(`run-${S.pupils[0]!.id}-2`)}`,
      expect.stringContaining(`"Bob, ""the builder""",multiplication,7 × 8,2026-11-20T10:05:00.000Z,`),
      expect.stringContaining(",Zoë,multiplication,7 × 8,2026-11-20T11:05:00.000Z,"),
    ]);
    // Each class's switch and goal.
    expect(lines("classes.csv")).toEqual([
      "Class ID,Name,Teacher ID,Teacher,Created (UTC),Stickers off,Goal (facts),Goal day (UK),Goal set (UTC)",
      expect.stringMatching(/,Oak Class,.*,Ms Oak,20[^,]+,yes,500,2027-02-12,2026-11-20T09:00:00\.000Z$/),
    ]);
    // Nothing of another school, and no login code anywhere.
    const all = Object.keys(files).map(text).join("\n");
    expect(all).not.toContain("Other Pupil");
    expect(all).not.toContain("Elm");
    const codes = db.$client
      .prepare<[], { code: string }>(`SELECT login_code AS code FROM students UNION SELECT login_code FROM teachers`)
      .all();
    for (const { code } of codes) expect(all).not.toContain(code);
    expect(text("README.txt")).toContain("Login codes are left out");
    expect(
      db.$client
        .prepare(
          `SELECT actor_name, action, subject_name, detail FROM audit_log WHERE school_id = ? AND action = 'school.exported'`,
        )
        .all(S.schoolId),
    ).toContainEqual({
      actor_name: "admin@rights.example",
      action: "school.exported",
      subject_name: "Oak Primary",
      detail: "a zip of CSV files",
    });
  });

  it("the JSON holds the same data", async () => {
    const o = await download(adminCookie, { school: S.schoolId, format: "json" });
    expect(o.status).toBe(200);
    expect(o.response!.headers.get("Content-Disposition")).toMatch(/filename="oak-primary-export-[\d-]+\.json"/);
    const json = (await o.response!.json()) as Record<string, Record<string, unknown>[]>;
    expect(json.schools).toEqual([{ id: S.schoolId, name: "Oak Primary", created: expect.any(String) }]);
    expect(json.pupils!.map((p) => p.name)).toEqual(["=Ada Lovelace", 'Bob, "the builder"', "Zoë"]);
    expect(json.pupils![0]).not.toHaveProperty("loginCode");
    expect(json.results).toHaveLength(9);
    expect(json.gameRuns).toHaveLength(9);
    expect((json.gameRuns![0]!.answers as unknown[])[0]).toMatchObject({ problem: "7 × 8 = ?", correctAnswer: 56 });
    expect(json.factRecords).toHaveLength(6);
    expect(json.stickers).toHaveLength(3);
    expect(json.stickers![0]).toEqual({
      pupilId: S.pupils[0]!.id,
      pupil: "=Ada Lovelace",
      operation: "multiplication",
      fact: "7 × 8",
      secured: "2026-11-20T09:05:00.000Z",
      runId: `run-${S.pupils[0]!.id}-2`,
    });
    expect(json.classes![0]).toMatchObject({
      stickersOff: "yes",
      goalCount: 500,
      goalDay: "2027-02-12",
      goalSet: "2026-11-20T09:00:00.000Z",
    });
    expect(json.factRecords![0]).toEqual({
      pupilId: S.pupils[0]!.id,
      pupil: "=Ada Lovelace",
      operation: "addition",
      fact: "3 + 4",
      level: "learning",
      attempts: 1,
      misses: 0,
      lastSeen: "2026-11-20T09:04:00.000Z",
    });
  });

  it("admins only; a bad or unknown school or format is a 4xx", async () => {
    expect((await download("", { school: S.schoolId, format: "zip" })).location).toBe("/admin");
    expect((await download(memberCookie, { school: S.schoolId, format: "zip" })).status).toBe(403);
    expect((await download(teacherCookie, { school: S.schoolId, format: "zip" })).location).toBe("/admin");
    expect((await download(adminCookie, { school: "bad id!", format: "zip" })).status).toBe(400);
    expect((await download(adminCookie, { school: S.schoolId, format: "xlsx" })).status).toBe(400);
    expect((await download(adminCookie, { school: "no-such-school-id-at-all", format: "zip" })).status).toBe(404);
  });

  it("the export's page: the choice, for admins only", async () => {
    const page = await outcome(() =>
      adminExport.loader(args(formRequest(`http://x/admin/export?school=${S.schoolId}`, { cookie: adminCookie }))),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ school: { id: S.schoolId, name: "Oak Primary" } });
    const member = await outcome(() =>
      adminExport.loader(args(formRequest(`http://x/admin/export?school=${S.schoolId}`, { cookie: memberCookie }))),
    );
    expect(member.status).toBe(403);
    const unknown = await outcome(() =>
      adminExport.loader(args(formRequest(`http://x/admin/export?school=nope-nope-nope`, { cookie: adminCookie }))),
    );
    expect(unknown.status).toBe(404);
  });
});

/** Every table of the schema, every text column: where does this text appear? */
function traces(...needles: string[]): string[] {
  const found: string[] = [];
  const tables = db.$client
    .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all();
  for (const { name } of tables) {
    const columns = db.$client.prepare<[], { name: string }>(`PRAGMA table_info("${name}")`).all();
    for (const column of columns) {
      for (const needle of needles) {
        const hit = db.$client
          .prepare(`SELECT 1 FROM "${name}" WHERE instr(CAST("${column.name}" AS TEXT), ?) > 0 LIMIT 1`)
          .get(needle);
        if (hit) found.push(`${name}.${column.name} holds ${needle}`);
      }
    }
  }
  return found;
}

const erasures = () => db.$client.prepare(`SELECT * FROM erasures ORDER BY id`).all() as Record<string, unknown>[];

describe("erasing a pupil", { shuffle: false }, () => {
  it("the tables erased are every table with a student_id", () => {
    expect(tablesWithStudentId()).toEqual(
      expect.arrayContaining(["fact_records", "fact_stickers", "game_runs", "sessions", "student_performance"]),
    );
  });

  it("the confirmation step names the pupil; another class's pupil is a 404", async () => {
    const [ada] = E.pupils;
    const page = await outcome(() =>
      admin.loader(
        args(formRequest(`http://x/admin?tab=schools&class=${E.classId}&erase=${ada!.id}`, { cookie: adminCookie })),
      ),
    );
    expect(page.data).toMatchObject({ confirming: { kind: "erase", student: { id: ada!.id, name: ada!.name } } });
    const elsewhere = await outcome(() =>
      admin.loader(
        args(
          formRequest(`http://x/admin?tab=schools&class=${E.classId}&erase=${other.pupils[0]!.id}`, {
            cookie: adminCookie,
          }),
        ),
      ),
    );
    expect(elsewhere.status).toBe(404);
  });

  it("a refusal writes nothing: no role, another teacher, a bad id", async () => {
    const [ada] = E.pupils;
    const before = traces(ada!.id, ada!.name);
    const count = erasures().length;
    const tries = [
      admin.action(
        args(
          formRequest("http://x/admin", {
            cookie: memberCookie,
            body: { intent: "erase-student", studentId: ada!.id },
          }),
        ),
      ),
      admin.action(
        args(
          formRequest("http://x/admin", {
            cookie: teacherCookie,
            body: { intent: "erase-student", studentId: ada!.id },
          }),
        ),
      ),
      admin.action(
        args(
          formRequest("http://x/admin", {
            cookie: adminCookie,
            body: { intent: "erase-student", studentId: "bad id!" },
          }),
        ),
      ),
      admin.action(
        args(
          formRequest("http://x/admin", {
            cookie: adminCookie,
            body: { intent: "erase-student", studentId: "no-such-pupil-at-all" },
          }),
        ),
      ),
      teacherDashboard.action(
        args(
          formRequest("http://x/teacher-dashboard", {
            cookie: otherTeacherCookie,
            body: { intent: "delete-student", studentId: ada!.id },
          }),
        ),
      ),
    ];
    const statuses = [];
    for (const attempt of tries) statuses.push((await outcome(() => attempt)).status);
    expect(statuses).toEqual([403, 302, 400, 404, 404]);
    expect(traces(ada!.id, ada!.name)).toEqual(before);
    expect(erasures()).toHaveLength(count);
  });

  it("an admin's erasure leaves nothing of the pupil in any table, and a record without them", async () => {
    const [ada, bob] = E.pupils;
    expect(traces(ada!.id).length).toBeGreaterThan(4);
    const pupilSession = cookieSet(
      await schoolSignInAndRedirect(new Request("http://x/"), { studentId: ada!.id }, { to: "/" }),
      "__school",
    );
    expect(pupilSession).not.toBe("");
    // An earlier change log entry named her.
    recordAudit({
      actor: { kind: "teacher", id: E.teacherId, name: "Ms Ash" },
      action: "student.added",
      schoolId: E.schoolId,
      subject: { kind: "student", id: ada!.id, name: ada!.name },
    });
    const boardRows = db.$client.prepare(`SELECT count(*) AS n FROM daily_leaderboard_entries`).get() as { n: number };
    const o = await outcome(() =>
      admin.action(
        args(
          formRequest("http://x/admin", { cookie: adminCookie, body: { intent: "erase-student", studentId: ada!.id } }),
        ),
      ),
    );
    expect(o.status).toBe(302);
    expect(o.location).toBe(`/admin?tab=schools&class=${E.classId}`);
    expect((await flashOf(o.response))?.title).toBe(M.erased);
    expect(traces(ada!.id, ada!.name)).toEqual([]);
    // The board rows of their runs went too; the other pupils' stay.
    expect(db.$client.prepare(`SELECT count(*) AS n FROM daily_leaderboard_entries`).get()).toEqual({
      n: boardRows.n - 3,
    });
    expect(traces(bob!.id).length).toBeGreaterThan(4);
    const [record] = erasures().slice(-1);
    expect(record).toMatchObject({
      by_kind: "admin",
      by_name: "admin@rights.example",
      school_id: E.schoolId,
      school_name: "Ash Primary",
      class_id: E.classId,
      class_name: "Ash Class",
    });
    expect(JSON.parse(record!.removed as string)).toMatchObject({
      game_runs: 3,
      student_performance: 3,
      fact_records: 2,
      fact_stickers: 1,
      sessions: 1,
      daily_leaderboard_entries: 3,
    });
    // The change log: the earlier entry keeps what was done, not of whom; the erasure names the class.
    const log = db.$client
      .prepare(`SELECT action, subject_kind, subject_id, subject_name FROM audit_log WHERE school_id = ? ORDER BY id`)
      .all(E.schoolId);
    expect(log).toEqual([
      { action: "student.added", subject_kind: "student", subject_id: null, subject_name: ERASED_PUPIL },
      { action: "student.erased", subject_kind: "class", subject_id: E.classId, subject_name: "Ash Class" },
    ]);
    // Shown to admins on the school's export page.
    const page = await outcome(() =>
      adminExport.loader(args(formRequest(`http://x/admin/export?school=${E.schoolId}`, { cookie: adminCookie }))),
    );
    expect(JSON.stringify(page.data)).toContain("admin@rights.example (admin)");
    expect(JSON.stringify(page.data)).not.toContain(ada!.name);
  });

  it("a teacher's Delete is the same erasure, recorded as theirs", async () => {
    const bob = E.pupils[1]!;
    const o = await outcome(() =>
      teacherDashboard.action(
        args(
          formRequest("http://x/teacher-dashboard", {
            cookie: teacherCookie,
            body: { intent: "delete-student", studentId: bob.id },
          }),
        ),
      ),
    );
    expect(o.status).toBe(302);
    expect((await flashOf(o.response))?.title).toBe("Student deleted successfully");
    expect(traces(bob.id, bob.name)).toEqual([]);
    expect(erasures().slice(-1)[0]).toMatchObject({ by_kind: "teacher", by_name: "Ms Ash", class_name: "Ash Class" });
    expect(
      db.$client
        .prepare(`SELECT actor_name, action FROM audit_log WHERE school_id = ? ORDER BY id DESC LIMIT 1`)
        .get(E.schoolId),
    ).toEqual({ actor_name: "Ms Ash", action: "student.erased" });
  });

  it("the housekeeping deletes erasure records after a year", async () => {
    db.$client
      .prepare(`UPDATE erasures SET erased_at = ? WHERE id = (SELECT min(id) FROM erasures)`)
      .run(Date.now() - 366 * 86_400_000);
    const count = erasures().length;
    const report = await runHousekeeping();
    expect(report.erasures).toBe(1);
    expect(erasures()).toHaveLength(count - 1);
  });
});
