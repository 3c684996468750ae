import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { db } from "~/db/client.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { classGames, listClassWork } from "~/models/set-work.server";
import { insertStudent } from "~/models/students.server";
import { upsertParentLinks } from "~/models/parent-links.server";
import * as parentPage from "~/routes/parent/parent";
import * as studentGame from "~/routes/school/student-game";
import * as overview from "~/routes/school/teacher-overview";
import * as work from "~/routes/school/teacher-work";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { newParentLink } from "~/school/parent-links.server";
import { classWorkViews, pupilWorkViews } from "~/school/set-work.server";

import type { ClassWorkView } from "~/types/set-work";
import { SET_WORK_MESSAGES as M } from "~/utils/set-work-messages";
import { cookieSet, flashOf, formRequest, outcome, refusal } from "./route-call";
import { addDays, ukDay } from "~/school-rules/uk-days";

/*
 * Set work on the server (docs/product.md#set-work): a teacher sets, changes and removes work for their own classes
 * only, every bad input is a 400 with its message and nothing written, progress comes from verified games of the
 * right kind in the window, one read a class; pupils see their own.
 */

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
let n = 0;

type Teacher = { cookie: string; classId: string; pupils: string[] };

function pupil(classId: string, name: string) {
  return withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  ).value;
}

async function makeTeacher(pupils = 2): Promise<Teacher> {
  n += 1;
  const schoolId = insertSchool(`School ${n}`);
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Teacher ${n}`, email: null, schoolId, loginCode }),
  ).value;
  const classId = insertClass({ name: `Oak ${n}`, schoolId, teacherId, loginKey: newClassLoginKey() });
  const ids = Array.from({ length: pupils }, (_, i) => pupil(classId, `Pupil ${String.fromCharCode(65 + i)} ${n}`));
  const response = await schoolSignInAndRedirect(new Request("http://x/"), { teacherId }, { to: "/" });
  return { cookie: cookieSet(response, "__school"), classId, pupils: ids };
}

let runN = 0;
/** A verified game as the finish writes it: the run, and for a timed game or practice its performance row. */
function game(studentId: string, mode: "student" | "practice" | "mtc", finishedAt: number, seconds = 60) {
  runN += 1;
  const id = `run-${runN}`;
  db.$client
    .prepare(
      `INSERT INTO game_runs (id, mode, game_type, student_id, score, total_questions, accuracy, started_at,
         finished_at, answers) VALUES (?, ?, ?, ?, 5, 5, 100, ?, ?, '[]')`,
    )
    .run(id, mode, mode, studentId, finishedAt - seconds * 1000, finishedAt);
  if (mode !== "mtc")
    db.$client
      .prepare(
        `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, run_id,
           completed_at) VALUES (?, 5, 5, ?, 100, ?, ?)`,
      )
      .run(studentId, seconds, id, finishedAt);
  return id;
}

let me: Teacher;
let other: Teacher;
const NOW = Date.UTC(2026, 10, 27, 10); // Friday 27 November 2026, 10:00 UK
const today = "2026-11-27";

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  db.$client.exec("DELETE FROM set_work; DELETE FROM audit_log");
  me = await makeTeacher();
  other = await makeTeacher();
});

afterEach(() => {
  vi.useRealTimers();
});

function post(body: Record<string, string>, classId = me.classId, cookie = me.cookie) {
  const request = formRequest(`http://x/teacher-dashboard/work?class=${classId}`, { cookie, body });
  return outcome(() => work.action({ request, params: {}, context: {} } as never));
}

function load(query: string, cookie = me.cookie) {
  const request = formRequest(`http://x/teacher-dashboard/work${query}`, { cookie });
  return outcome(() => work.loader({ request, params: {}, context: {} } as never));
}

const GOOD = { intent: "set-work", targetKind: "games", target: "5", gameKind: "any", due: "2026-12-04", note: "" };
const rows = () => db.$client.prepare("SELECT * FROM set_work").all() as { id: string; class_id: string }[];
const audit = () =>
  db.$client.prepare("SELECT action, subject_name, detail FROM audit_log ORDER BY id").all() as {
    action: string;
    subject_name: string;
    detail: string;
  }[];

describe("setting work", () => {
  it("sets work for the class, with its entry in the change log", async () => {
    const set = await post({ ...GOOD, note: "Try your best!" });
    expect(set.status).toBe(302);
    expect(set.location).toBe(`/teacher-dashboard/work?class=${me.classId}`);
    expect((await flashOf(set.response))?.title).toBe(M.setDone(`Oak ${n - 1}`));
    const [w] = listClassWork(me.classId);
    expect(w).toMatchObject({ targetKind: "games", target: 5, gameKind: "any", dueDay: "2026-12-04", setAt: NOW });
    expect(w!.note).toBe("Try your best!");
    expect(audit()).toEqual([
      { action: "work.set", subject_name: `Oak ${n - 1}`, detail: "Play 5 games by Friday 4 December" },
    ]);
    const page = await load(`?class=${me.classId}`);
    expect((page.data as { work: ClassWorkView[] }).work[0]!.words).toBe("Play 5 games by Friday 4 December");
  });

  it.each([
    [{ target: "0" }, "target", M.targetGamesRange],
    [{ target: "51" }, "target", M.targetGamesRange],
    [{ targetKind: "minutes", target: "4" }, "target", M.targetMinutesRange],
    [{ targetKind: "minutes", target: "301" }, "target", M.targetMinutesRange],
    [{ target: "" }, "target", M.targetRequired],
    [{ target: "2.5" }, "target", M.targetWhole],
    [{ targetKind: "hours" }, "targetKind", M.targetKindInvalid],
    [{ gameKind: "solo" }, "gameKind", M.gameKindInvalid],
    [{ due: "" }, "due", M.dueRequired],
    [{ due: "2026-11-26" }, "due", M.duePast],
    [{ due: addDays(today, 57) }, "due", M.dueFar],
    [{ due: "31/02/2027" }, "due", M.dueInvalid],
    [{ note: "x".repeat(201) }, "note", M.noteLong],
    [{ note: "Go to www.example.test now" }, "note", M.noteLinks],
    [{ note: "www . evil . com" }, "note", M.noteLinks],
    [{ note: "Play at evil [dot] com" }, "note", M.noteLinks],
    [{ note: "e v i l . c o m" }, "note", M.noteLinks],
    [{ note: "evil。com" }, "note", M.noteLinks],
    [{ note: "https : //evil" }, "note", M.noteLinks],
  ])("refuses %j with its message, writing nothing", async (change, field, message) => {
    const refused = await post({ ...GOOD, ...change });
    expect(refused.status).toBe(400);
    expect(refusal(refused).errors[field]).toEqual([message]);
    expect(refusal(refused).sent.target ?? "").toBe((change as { target?: string }).target ?? "5");
    expect(rows()).toEqual([]);
    expect(audit()).toEqual([]);
  });

  it("takes ordinary notes with full stops in them", async () => {
    for (const note of ["Practise the 7s. Well done!", "Page 12", "Dr. Seuss fan"])
      expect((await post({ ...GOOD, note })).status, note).toBe(302);
    expect(
      listClassWork(me.classId)
        .map((w) => w.note)
        .sort(),
    ).toEqual(["Dr. Seuss fan", "Page 12", "Practise the 7s. Well done!"]);
  });

  it("takes today and 8 weeks ahead, and UK dates typed", async () => {
    expect((await post({ ...GOOD, due: today })).status).toBe(302);
    expect((await post({ ...GOOD, due: addDays(today, 56) })).status).toBe(302);
    expect((await post({ ...GOOD, due: "4/12/2026" })).status).toBe(302);
    expect(listClassWork(me.classId).map((w) => w.dueDay)).toEqual([today, "2026-12-04", addDays(today, 56)]);
  });

  it("holds at most 5 open pieces of work a class", async () => {
    for (let i = 0; i < 5; i += 1) expect((await post(GOOD)).status).toBe(302);
    const refused = await post(GOOD);
    expect(refused.status).toBe(409);
    expect(refusal(refused).errors[""]).toEqual([M.tooMany]);
    expect(rows()).toHaveLength(5);
    expect(((await load(`?class=${me.classId}`)).data as { full: boolean }).full).toBe(true);
  });

  it("changes and removes a piece of work (its set moment kept), recorded each time", async () => {
    await post(GOOD);
    const [w] = listClassWork(me.classId);
    vi.setSystemTime(NOW + MIN);
    const changed = await post({ ...GOOD, intent: "change-work", workId: w!.id, targetKind: "minutes", target: "20" });
    expect(changed.status).toBe(302);
    expect(listClassWork(me.classId)[0]).toMatchObject({ targetKind: "minutes", target: 20, setAt: NOW });
    const step = await load(`?class=${me.classId}&remove=${w!.id}`);
    expect((step.data as { removing: { words: string } }).removing.words).toBe(
      "Play for 20 minutes by Friday 4 December",
    );
    const removed = await post({ intent: "remove-work", workId: w!.id });
    expect(removed.status).toBe(302);
    expect(rows()).toEqual([]);
    expect(audit().map((a) => a.action)).toEqual(["work.set", "work.changed", "work.removed"]);
    expect(audit()[2]!.detail).toBe("Play for 20 minutes by Friday 4 December");
  });
});

describe("scope", () => {
  it("another teacher's class, an unknown or malformed one is the 404, and nothing is written", async () => {
    for (const classId of [other.classId, "nope", "<x>"]) {
      expect((await post(GOOD, classId)).status).toBe(404);
      expect((await load(`?class=${encodeURIComponent(classId)}`)).status).toBe(404);
    }
    expect(rows()).toEqual([]);
  });

  it("another class's work cannot be changed, removed or shown through one's own class", async () => {
    await post(GOOD, other.classId, other.cookie);
    const [theirs] = listClassWork(other.classId);
    expect((await post({ ...GOOD, intent: "change-work", workId: theirs!.id })).status).toBe(404);
    expect((await post({ intent: "remove-work", workId: theirs!.id })).status).toBe(404);
    expect((await load(`?class=${me.classId}&remove=${theirs!.id}`)).status).toBe(404);
    expect((await load(`?class=${me.classId}&change=${theirs!.id}`)).status).toBe(404);
    expect(listClassWork(other.classId)).toHaveLength(1);
  });

  it("without a teacher's session: the teacher login", async () => {
    const page = await load(`?class=${me.classId}`, "");
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/teacher-login/);
    expect((await post(GOOD, me.classId, "")).status).toBe(302);
    expect(rows()).toEqual([]);
  });

  it("goes with its class", async () => {
    await post(GOOD);
    db.$client.prepare("DELETE FROM students WHERE class_id = ?").run(me.classId);
    db.$client.prepare("DELETE FROM classes WHERE id = ?").run(me.classId);
    expect(rows()).toEqual([]);
  });
});

describe("progress", () => {
  it("counts the right kind of verified games, from the setting to the due day's end, each once", async () => {
    const [a, b] = me.pupils as [string, string];
    game(a, "student", NOW - MIN); // before the work was set
    await post({ ...GOOD, target: "2", gameKind: "timed", due: today });
    game(a, "student", NOW + MIN);
    game(a, "practice", NOW + 2 * MIN); // another kind
    game(b, "student", NOW + MIN);
    game(b, "student", NOW + 2 * MIN);
    // The due day ends at midnight UK time (27 November is in GMT).
    game(a, "student", Date.UTC(2026, 10, 28) - 1);
    game(b, "student", Date.UTC(2026, 10, 28)); // too late
    vi.setSystemTime(Date.UTC(2026, 10, 28, 12));
    const [w] = classWorkViews(me.classId, listClassWork(me.classId), Date.now());
    expect(w!.done).toEqual([`Pupil A ${n - 1}`, `Pupil B ${n - 1}`]);
    expect(w!.open).toBe(false);
  });

  it("counts minutes as the server verified them, a rehearsal's by its run", async () => {
    const [a, b] = me.pupils as [string, string];
    await post({ ...GOOD, targetKind: "minutes", target: "5" });
    // One game after another: a game started while another was going would not count.
    game(a, "student", NOW + 2 * MIN, 90);
    game(a, "practice", NOW + 5 * MIN, 120);
    game(a, "mtc", NOW + 8 * MIN, 100);
    game(b, "student", NOW + MIN, 60);
    const [w] = classWorkViews(me.classId, listClassWork(me.classId), NOW + DAY);
    expect(w!.done).toEqual([`Pupil A ${n - 1}`]);
    expect(w!.started).toEqual([`Pupil B ${n - 1}`]);
    const views = pupilWorkViews(b, NOW + DAY);
    expect(views[0]).toMatchObject({ progress: "1 minute done", amount: 1, target: 5, done: false });
    expect(pupilWorkViews(a, NOW + DAY)[0]).toMatchObject({ progress: "Done!", done: true, amount: 5 });
  });

  it("reads a class's games in one query, whatever its size and its number of pieces of work", async () => {
    const big = await makeTeacher(30);
    for (let i = 0; i < 5; i += 1) await post({ ...GOOD, gameKind: GOOD.gameKind }, big.classId, big.cookie);
    for (const id of big.pupils) game(id, "student", NOW + MIN);
    const prepare = vi.spyOn(db.$client, "prepare");
    try {
      const views = classWorkViews(big.classId, listClassWork(big.classId), NOW + DAY);
      expect(views).toHaveLength(5);
      const gameReads = prepare.mock.calls.filter(([sql]) => String(sql).includes("game_runs"));
      expect(gameReads).toHaveLength(1);
    } finally {
      prepare.mockRestore();
    }
    expect(classGames(big.classId, NOW, NOW + DAY)).toHaveLength(30);
  });

  it("pupils see their own work on their dashboard, and ended work for a week", async () => {
    await post({ ...GOOD, target: "1", due: today });
    const [a] = me.pupils as [string];
    game(a, "student", NOW + MIN);
    const response = await schoolSignInAndRedirect(new Request("http://x/"), { studentId: a }, { to: "/" });
    const cookie = cookieSet(response, "__school");
    const dash = async () => {
      const request = formRequest("http://x/student-game", { cookie });
      return (await outcome(() => studentGame.loader({ request, params: {}, context: {} } as never))).data as {
        work: string;
      };
    };
    // The card comes drawn on the server (the dashboard's script is at its weight budget).
    const card = (await dash()).work;
    expect(card).toContain("Play 1 game by Friday 27 November");
    expect(card).toContain("Done!");
    expect(card).not.toContain("This work has ended.");
    expect(pupilWorkViews(a, NOW)).toEqual([
      expect.objectContaining({ words: "Play 1 game by Friday 27 November", progress: "Done!", ended: false }),
    ]);
    // (A school session lasts a school day: a week on, the views themselves.)
    expect(pupilWorkViews(a, NOW + 7 * DAY)).toEqual([expect.objectContaining({ ended: true, done: true })]);
    expect(pupilWorkViews(a, NOW + 8 * DAY)).toEqual([]);
    // Another class's pupil sees none of it.
    expect(pupilWorkViews(other.pupils[0]!, NOW)).toEqual([]);
  });

  it("parents see the pupil's work, the note addressed to them", async () => {
    await post({ ...GOOD, note: "Well done, everyone" });
    const [a] = me.pupils as [string];
    const { row, token } = newParentLink(a, NOW);
    upsertParentLinks([row]);
    const request = formRequest(`http://x/parent/${token}`);
    const page = await outcome(() =>
      parentPage.loader({ request, params: { token }, context: { clientAddress: "192.0.2.7" } } as never),
    );
    expect(page.status).toBe(200);
    expect((page.data as { work: unknown[] }).work).toEqual([
      expect.objectContaining({
        words: "Play 5 games by Friday 4 December",
        progress: "0 done",
        bar: "0 of 5 games",
        lines: ["The teacher says: Well done, everyone"],
      }),
    ]);
    expect(pupilWorkViews(a, NOW)[0]!.lines).toEqual(["Your teacher says: Well done, everyone"]);
  });

  it("the class overview lists who has done each piece", async () => {
    await post(GOOD);
    const request = formRequest(`http://x/teacher-dashboard/overview?class=${me.classId}`, { cookie: me.cookie });
    const page = await outcome(() => overview.loader({ request, params: {}, context: {} } as never));
    const data = page.data as { work: { ok: true; value: ClassWorkView[] } };
    expect(data.work.value[0]!.notStarted).toHaveLength(2);
    expect(ukDay(NOW)).toBe(today);
  });
});
