import { and, count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrCreatePlayer } from "~/auth/player.server";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { db } from "~/db/client.server";
import { factRecords, gameRuns, leaderboardEntries, studentPerformance } from "~/db/schema";
import {
  MTC_CHECK_SLACK_MS,
  MTC_HIDDEN_TIME_MS,
  MTC_NOT_TIMED_MESSAGE,
  MTC_STEPS,
  MTC_TOO_SLOW_MESSAGE,
  stepLimitMs,
  questionOfStep,
  stepAppearsAt,
  type SubmittedAnswer,
} from "~/game";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import * as gameFinish from "~/routes/game/finish";
import * as mtcPage from "~/routes/game/mtc";
import * as mtcPlay from "~/routes/game/mtc-play";
import * as gamePlay from "~/routes/game/play";
import * as results from "~/routes/game/results";
import * as studentFinish from "~/routes/school/student-game-finish";
import * as studentMtc from "~/routes/school/student-game-mtc";
import * as studentProgress from "~/routes/school/student-progress";
import * as teacherMtc from "~/routes/school/teacher-mtc";
import { readRunToken, type RunTicket } from "~/runs/tokens.server";
import { MTC_PRACTICE_QUESTIONS, mtcCheckDraw, mtcPracticeDraw, mtcSequence } from "~/game/mtc";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import type { FinishResponse } from "~/types/runs";
import { cookieSet, formRequest, outcome, tokenOf } from "./route-call";

/*
 * The times tables check rehearsal (docs/product.md#multiplication-tables-check-rehearsal): started by a form post,
 * played in the page or page by page with the server's deadlines, verified as every run, never on a board, and for a
 * pupil kept with their progress and fact records, and shown to their teacher.
 */

const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const args = (request: Request, params = {}) =>
  ({ request, params, context: { clientAddress: "203.0.113.7" } }) as never;

let visitorCookie: string;
let pupilCookie: string;
let teacherCookie: string;
let otherTeacherCookie: string;
let pupilId: string;
let classId: string;

async function schoolCookie(owner: { teacherId: string } | { studentId: string }): Promise<string> {
  return cookieSet(await schoolSignInAndRedirect(new Request("http://x/"), owner, { to: "/" }), "__school");
}

/**
 * Every step of a run: each question answered `answerMs` (1.5 s) after it appeared (wrong for `wrong`), the check
 * started at once, with the check's seed the server gave (named in the start step's entry, as the page does).
 */
function honestEntries(ticket: RunTicket, checkSeed: string, wrong: number[] = [], answerMs = 1500) {
  const problems = mtcSequence(ticket.spec, ticket.seed, checkSeed);
  const entries: SubmittedAnswer[] = [];
  let end = 0;
  for (let step = 0; step < MTC_STEPS; step++) {
    const appears = stepAppearsAt(step, end);
    const question = questionOfStep(step);
    end = appears + (question === null ? 500 : answerMs);
    const answer = question === null ? 0 : problems(question).answer + (wrong.includes(question) ? 1 : 0);
    entries.push({ i: step, value: question === null ? checkSeed : String(answer), t: end });
  }
  return entries;
}

/** The check's start step: its entry's `t` is when the page says `Start the check` was pressed. */
const START_STEP = Array.from({ length: MTC_STEPS }, (_, k) => k).find((k) => questionOfStep(k) === null)!;
/** When an honest page of `honestEntries` presses `Start the check` (ms since the run's start). */
const checkStartOf = (answerMs = 1500) => 3 * (3000 + answerMs) + 500;

/**
 * The page's `Start the check`: at `at` on the server's clock, the finish route stamps the check's start and answers
 * with the check's seed and the stamp as a cookie; the cookie to send from then on (the finish carries it as a browser
 * would) and the seed.
 */
async function startCheck(
  route: { action: (a: never) => Promise<Response> },
  cookie: string,
  token: string,
  at: number,
) {
  vi.setSystemTime(at);
  const request = new Request("http://x/finish", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ token, checkStart: true }),
  });
  const response = await route.action(args(request));
  expect(response.status).toBe(200);
  const stamp = response.headers.get("Set-Cookie")!.split(";")[0]!;
  expect(stamp).toMatch(/^mtc_check=/);
  const body = (await response.json()) as { checkSeed: string };
  expect(body).toEqual({ ok: true, checkStarted: true, checkSeed: expect.stringMatching(/^\d{1,10}$/) });
  const { checkSeed } = body;
  return { cookie: `${cookie}; ${stamp}`, checkSeed };
}

async function postJson(route: { action: (a: never) => Promise<Response> }, cookie: string, body: unknown) {
  const request = new Request("http://x/finish", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  const response = await route.action(args(request));
  return { status: response.status, body: (await response.json()) as FinishResponse };
}

const boardEntries = () => (db.select({ n: count() }).from(leaderboardEntries).get() as { n: number }).n;

beforeAll(async () => {
  const made = await getOrCreatePlayer(new Request("http://x/"));
  visitorCookie = made.headers.get("Set-Cookie")!.split(";")[0]!;
  const schoolId = insertSchool("Elm Primary");
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Ms Elm", email: null, schoolId, loginCode }),
  );
  const other = withFreshLoginCode((loginCode) => insertTeacher({ name: "Mr Ash", email: null, schoolId, loginCode }));
  classId = insertClass({ name: "Class 4", schoolId, teacherId: teacher.value, loginKey: newClassLoginKey() });
  pupilId = withFreshLoginCode((loginCode) =>
    insertStudent({
      name: "Bea",
      classId,
      loginCode,
      timesTables: [],
      allowedOperations: ["addition"],
      difficulty: "easy",
    }),
  ).value;
  pupilCookie = await schoolCookie({ studentId: pupilId });
  teacherCookie = await schoolCookie({ teacherId: teacher.value });
  otherTeacherCookie = await schoolCookie({ teacherId: other.value });
});
beforeEach(() => {
  resetLimits();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe("a pupil's rehearsal", () => {
  it("is scored out of 25, kept with their fact records, never a board or a game score, and their teacher sees it", async () => {
    const started = await outcome(() =>
      studentMtc.action(
        args(formRequest("http://x/student-game/mtc", { cookie: pupilCookie, body: { go: "island" } })),
      ),
    );
    expect(started.location).toMatch(/^\/student-game\/mtc\?token=/);
    const token = tokenOf(started.location);
    const ticket = readRunToken(token)!;
    expect(ticket.spec).toEqual({ mode: "mtc", questionSeconds: 6 });
    const page = await outcome(() =>
      studentMtc.loader(args(formRequest(`http://x${started.location}`, { cookie: pupilCookie }))),
    );
    expect(page.data).toMatchObject({ kind: "play", run: { spec: { mode: "mtc" } } });

    const stamp = await startCheck(studentFinish, pupilCookie, token, START + checkStartOf());
    const answers = honestEntries(ticket, stamp.checkSeed, [3, 4]);
    expect(answers[START_STEP]!.t).toBe(checkStartOf());
    const stamped = stamp.cookie;
    vi.setSystemTime(START + answers[answers.length - 1]!.t + 400);
    const before = boardEntries();
    const done = await postJson(studentFinish, stamped, { token, answers });
    expect(done.status).toBe(200);
    if (!done.body.ok) throw new Error(done.body.message);
    expect(done.body.summary).toEqual({ score: 23, totalQuestions: 25, accuracy: 92 });
    expect(boardEntries()).toBe(before);
    const run = db.select().from(gameRuns).where(eq(gameRuns.id, done.body.runId)).get()!;
    expect(run).toMatchObject({ mode: "mtc", studentId: pupilId, score: 23, totalQuestions: 25 });
    expect(db.select().from(studentPerformance).where(eq(studentPerformance.studentId, pupilId)).all()).toEqual([]);
    const facts = db
      .select()
      .from(factRecords)
      .where(and(eq(factRecords.studentId, pupilId), eq(factRecords.op, "*")))
      .all();
    expect(facts).toHaveLength(1);

    const shown = await outcome(() =>
      studentMtc.loader(
        args(formRequest(`http://x/student-game/mtc?run=${done.body.ok && done.body.runId}`, { cookie: pupilCookie })),
      ),
    );
    expect(shown.data).toMatchObject({ kind: "choose", finished: { score: 23 } });
    const rows = (shown.data as { finished: { rows: { said: string; time: string; right: boolean }[] } }).finished.rows;
    expect(rows).toHaveLength(25);
    expect(rows.every((row) => row.time === "1.5 s")).toBe(true);
    expect(rows.filter((row) => !row.right)).toHaveLength(2);

    const progress = await outcome(() =>
      studentProgress.loader(args(formRequest("http://x/student-progress", { cookie: pupilCookie }))),
    );
    expect((progress.data as { mtc: { score: number }[] }).mtc.map((m) => m.score)).toEqual([23]);

    const teacher = await outcome(() =>
      teacherMtc.loader(
        args(formRequest(`http://x/teacher-dashboard/mtc?class=${classId}`, { cookie: teacherCookie })),
      ),
    );
    expect(teacher.data).toMatchObject({
      className: "Class 4",
      pupils: [{ name: "Bea", latest: [{ score: 23 }] }],
      weeks: [{ rehearsals: 1, average: 23 }],
    });
    // Another teacher's class is not theirs to read.
    const other = await outcome(() =>
      teacherMtc.loader(
        args(formRequest(`http://x/teacher-dashboard/mtc?class=${classId}`, { cookie: otherTeacherCookie })),
      ),
    );
    expect(other.status).toBe(404);
    // Nor a pupil's, nor a visitor's.
    for (const cookie of [pupilCookie, visitorCookie]) {
      const refused = await outcome(() =>
        teacherMtc.loader(args(formRequest(`http://x/teacher-dashboard/mtc?class=${classId}`, { cookie }))),
      );
      expect(refused.status).toBe(302);
    }
  });
});

describe("a pupil's extra time", () => {
  it("gives them 9 or 12 seconds a question, sealed in the run (docs/product.md#teachers)", async () => {
    const startedWith = async (extraTime: number) => {
      db.$client.prepare("UPDATE students SET extra_time = ? WHERE id = ?").run(extraTime, pupilId);
      const started = await outcome(() =>
        studentMtc.action(
          args(formRequest("http://x/student-game/mtc", { cookie: pupilCookie, body: { go: "island" } })),
        ),
      );
      return readRunToken(tokenOf(started.location))!.spec;
    };
    try {
      expect(await startedWith(1.5)).toEqual({ mode: "mtc", questionSeconds: 9 });
      expect(await startedWith(2)).toEqual({ mode: "mtc", questionSeconds: 12 });
    } finally {
      db.$client.prepare("UPDATE students SET extra_time = 1 WHERE id = ?").run(pupilId);
    }
  });
});

describe("a rehearsal without JavaScript", () => {
  async function page(url: string) {
    const o = await outcome(() => mtcPlay.loader(args(formRequest(`http://x${url}`, { cookie: visitorCookie }))));
    if (o.status === 302) return page(o.location!.replace(/#play$/, ""));
    return { url, data: o.data as { kind: string; token?: string; sealed?: string; problem?: { answer: number } } };
  }
  async function post(body: Record<string, string>) {
    return outcome(() => mtcPlay.action(args(formRequest("http://x/game/mtc/play", { cookie: visitorCookie, body }))));
  }

  it("moves step by step on the server's clock: a late answer is no answer, the check is scored out of 25", async () => {
    const started = await outcome(() =>
      mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "paged" } }))),
    );
    expect(started.location).toMatch(/^\/game\/mtc\/play\?token=.*#play$/);
    let at = START;
    let current = await page(started.location!.replace(/#play$/, ""));
    expect(current.data.kind).toBe("pause");
    let question = 0;
    while (current.data.kind !== "done") {
      if (current.data.kind === "pause") {
        at += 3000;
        vi.setSystemTime(at);
        current = await page(current.url);
        continue;
      }
      const { token, sealed } = current.data as { token: string; sealed: string };
      if (current.data.kind === "start-check") {
        at += 1000;
        vi.setSystemTime(at);
        const o = await post({ token, answers: sealed, intent: "start-check" });
        current = await page(o.location!.replace(/#play$/, ""));
        continue;
      }
      // Question 5 of the check is answered too late: it counts as no answer.
      const late = question === 3 + 4;
      at += late ? 7_500 : 1_000;
      vi.setSystemTime(at);
      const answer = String(current.data.problem!.answer);
      const o = await post({ token, answers: sealed, intent: "answer", answer });
      current = await page(o.location!.replace(/#play$/, ""));
      question += 1;
    }
    expect(question).toBe(28);
    const before = boardEntries();
    const finished = await post({ token: current.data.token!, answers: current.data.sealed!, intent: "finish" });
    expect(finished.status).toBe(302);
    expect(boardEntries()).toBe(before);
    const runId = finished.location!.split("/").pop()!;
    const shown = await outcome(() =>
      results.loader(args(formRequest(`http://x/game/results/${runId}`, { cookie: visitorCookie }), { runId })),
    );
    expect(shown.data).toMatchObject({ kind: "mtc", mtc: { score: 24 } });
    const rows = (shown.data as { mtc: { rows: { said: string }[] } }).mtc.rows;
    expect(rows[4]!.said).toBe("No answer");
  });

  it("is not played at the timed game's pages, nor a timed game at its own", async () => {
    const started = await outcome(() =>
      mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "paged" } }))),
    );
    const token = tokenOf(started.location);
    const timed = await outcome(() =>
      gamePlay.loader(
        args(formRequest(`http://x/game/play?token=${encodeURIComponent(token)}`, { cookie: visitorCookie })),
      ),
    );
    expect(timed.status).toBe(400);
  });

  it("the attack's replay in the page, 12.2 s of real time a question reported as 1.2 s, is refused, writing nothing", async () => {
    for (const [route, cookie, start] of [
      [studentFinish, pupilCookie, studentMtc],
      [gameFinish, visitorCookie, mtcPage],
    ] as const) {
      vi.setSystemTime(START);
      const path = start === studentMtc ? "http://x/student-game/mtc" : "http://x/game/mtc";
      const started = await outcome(() => start.action(args(formRequest(path, { cookie, body: { go: "island" } }))));
      const token = tokenOf(started.location);
      // The check stamped as it really began, its seed given then.
      const practice = checkStartOf(1200);
      const stamp = await startCheck(route, cookie, token, START + practice);
      const answers = honestEntries(readRunToken(token)!, stamp.checkSeed, [], 1200);
      // Each of the 25 check questions really took 12.2 s (its pause and 9.2 s of thinking), all within the finish's
      // deadline: the page said 4.2.
      vi.setSystemTime(START + practice + 25 * 12_200);
      const runs = (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;
      const done = await postJson(route, stamp.cookie, { token, answers });
      expect(done.status).toBe(400);
      expect(done.body).toMatchObject({ ok: false, message: MTC_TOO_SLOW_MESSAGE });
      expect((db.select({ n: count() }).from(gameRuns).get() as { n: number }).n).toBe(runs);
    }
  });

  it(`a rehearsal in the page whose check ends within ${MTC_CHECK_SLACK_MS / 1000} s of its own timeline on the server's clock is taken`, async () => {
    const started = await outcome(() =>
      mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "island" } }))),
    );
    const token = tokenOf(started.location);
    // The stamp's trip took 2 s: the server saw the check start later than the page did.
    const stamp = await startCheck(gameFinish, visitorCookie, token, START + checkStartOf() + 2_000);
    const answers = honestEntries(readRunToken(token)!, stamp.checkSeed);
    vi.setSystemTime(START + answers[answers.length - 1]!.t + MTC_CHECK_SLACK_MS);
    const done = await postJson(gameFinish, stamp.cookie, { token, answers });
    expect(done).toMatchObject({ status: 200, body: { ok: true, summary: { score: 25 } } });
  });

  it(`a rehearsal in the page whose server saw more than ${MTC_HIDDEN_TIME_MS / 1000} s its answers do not account for is refused, writing nothing`, async () => {
    // The check itself honest on both clocks; the practice really took longer than the page says, by `hidden`.
    for (const [hidden, taken] of [
      [MTC_HIDDEN_TIME_MS - 2_000, true],
      [MTC_HIDDEN_TIME_MS + 2_000, false],
    ] as const) {
      vi.setSystemTime(START);
      const started = await outcome(() =>
        mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "island" } }))),
      );
      const token = tokenOf(started.location);
      const stamp = await startCheck(gameFinish, visitorCookie, token, START + checkStartOf() + hidden);
      const answers = honestEntries(readRunToken(token)!, stamp.checkSeed);
      vi.setSystemTime(START + answers[answers.length - 1]!.t + hidden + 400);
      const runs = (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;
      const done = await postJson(gameFinish, stamp.cookie, { token, answers });
      if (taken) {
        expect(done).toMatchObject({ status: 200, body: { ok: true, summary: { score: 25 } } });
      } else {
        expect(done).toMatchObject({ status: 400, body: { ok: false, message: MTC_TOO_SLOW_MESSAGE } });
        expect((db.select({ n: count() }).from(gameRuns).get() as { n: number }).n).toBe(runs);
      }
    }
  });

  it("the start step's minute and the practice moved into the check's questions are refused: the server stamped its start", async () => {
    const started = await outcome(() =>
      mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "island" } }))),
    );
    const token = tokenOf(started.location);
    const ticket = readRunToken(token)!;
    // The page reports every practice step and the start step as lasting their whole time and each check question
    // answered in 1.2 s; really it skipped the practice (the check started 2 s in) and spent the time it hid on the
    // check's 25 questions, as much as the whole run's own 20 s check lets through.
    const stamp = await startCheck(gameFinish, visitorCookie, token, START + 2_000);
    const problems = mtcSequence(ticket.spec, ticket.seed, stamp.checkSeed);
    const answers: SubmittedAnswer[] = [];
    let end = 0;
    for (let step = 0; step < MTC_STEPS; step++) {
      const appears = stepAppearsAt(step, end);
      const question = questionOfStep(step);
      const check = step > START_STEP;
      end = appears + (check ? 1_200 : stepLimitMs(step, 6));
      answers.push({ i: step, value: question === null ? stamp.checkSeed : String(problems(question).answer), t: end });
    }
    const finishAt = START + answers[answers.length - 1]!.t + MTC_HIDDEN_TIME_MS - 1_000;
    const perQuestion = (finishAt - (START + 2_000)) / 25;
    expect(perQuestion).toBeGreaterThan(8_000); // against the 4.2 s (pause and answer) reported for each
    vi.setSystemTime(finishAt);
    const runs = (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;
    const done = await postJson(gameFinish, stamp.cookie, { token, answers });
    expect(done).toMatchObject({ status: 400, body: { ok: false, message: MTC_TOO_SLOW_MESSAGE } });
    expect((db.select({ n: count() }).from(gameRuns).get() as { n: number }).n).toBe(runs);
  });

  it("a rehearsal in the page with no stamp of its check's start, or another run's, is not scored", async () => {
    const start = () =>
      outcome(() =>
        mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "island" } }))),
      );
    const token = tokenOf((await start()).location);
    const other = tokenOf((await start()).location);
    const othersStamp = await startCheck(gameFinish, visitorCookie, other, START + checkStartOf());
    const answers = honestEntries(readRunToken(token)!, othersStamp.checkSeed);
    vi.setSystemTime(START + answers[answers.length - 1]!.t + 400);
    // And a stamp of the form before the check had its own seed (a run in flight at a deploy).
    const oldForm = `${visitorCookie}; mtc_check=${readRunToken(token)!.id}.${START}.x`;
    const forged = `${visitorCookie}; mtc_check=forged.${START}.${othersStamp.checkSeed}.x`;
    for (const cookie of [visitorCookie, othersStamp.cookie, forged, oldForm]) {
      const done = await postJson(gameFinish, cookie, { token, answers });
      expect(done).toMatchObject({ status: 400, body: { ok: false, message: MTC_NOT_TIMED_MESSAGE } });
    }
  });

  it("a client with the run's token cannot build the check's questions before the stamp; answers to others are refused", async () => {
    const started = await outcome(() =>
      mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "island" } }))),
    );
    const token = tokenOf(started.location);
    // All a page has before the stamp: the token and what it carries (the run's id, seed and start).
    const ticket = readRunToken(token)!;
    const practice = mtcPracticeDraw(ticket.seed);
    expect(() => mtcSequence(ticket.spec, ticket.seed)(MTC_PRACTICE_QUESTIONS)).toThrow(RangeError);
    const at = START + checkStartOf();
    const stamp = await startCheck(gameFinish, visitorCookie, token, at);
    const check = mtcCheckDraw(stamp.checkSeed, practice);
    const guesses = [ticket.seed, token, ticket.id, String(ticket.startedAt), String(at), String(at - START), ""];
    for (const guess of guesses) expect(mtcCheckDraw(guess, practice)).not.toEqual(check);
    // The same run stamped a moment later: another seed, other questions.
    const again = await startCheck(gameFinish, visitorCookie, token, at + 1);
    expect(again.checkSeed).not.toBe(stamp.checkSeed);
    expect(mtcCheckDraw(again.checkSeed, practice)).not.toEqual(check);

    // A finish with the right answers to the questions of a seed taken from the token, naming it or none, with the
    // latest stamp: refused, nothing written.
    vi.setSystemTime(START + honestEntries(ticket, "0")[MTC_STEPS - 1]!.t + 1_000);
    const runs = () => (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;
    const before = runs();
    for (const guess of [ticket.seed, ticket.id]) {
      const answers = honestEntries(ticket, guess);
      for (const named of [answers, answers.map((a) => (a.i === START_STEP ? { ...a, value: "" } : a))]) {
        // (A seed that is not digits cannot even be named: "Answer 4 is not a number.")
        const done = await postJson(gameFinish, again.cookie, { token, answers: named });
        expect(done).toMatchObject({ status: 400, body: { ok: false } });
      }
    }
    expect(runs()).toBe(before);
  });

  it("a page that sees the check's questions, thinks, and asks for a later stamp gains nothing: refused or scored on the new questions", async () => {
    const started = await outcome(() =>
      mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "island" } }))),
    );
    const token = tokenOf(started.location);
    const ticket = readRunToken(token)!;
    // The first stamp as the check really begins; then 60 s with its questions on screen before a second stamp.
    const first = await startCheck(gameFinish, visitorCookie, token, START + checkStartOf());
    const thought = honestEntries(ticket, first.checkSeed);
    const second = await startCheck(gameFinish, visitorCookie, token, START + checkStartOf() + 60_000);
    // The page's timeline as if the check had begun at the second stamp; its finish comes as that timeline ends.
    const moved = thought.map((a) => (a.i >= START_STEP ? { ...a, t: a.t + 60_000 } : a));
    moved[START_STEP - 1] = { ...moved[START_STEP - 1]!, t: thought[START_STEP - 1]!.t };
    vi.setSystemTime(START + moved[MTC_STEPS - 1]!.t + 400);
    const runs = () => (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;
    const before = runs();
    // Naming the seed whose questions it answered: not the stamp's, refused, nothing written.
    const named = await postJson(gameFinish, second.cookie, { token, answers: moved });
    expect(named).toMatchObject({ status: 400, body: { ok: false, message: MTC_NOT_TIMED_MESSAGE } });
    expect(runs()).toBe(before);
    // Naming the second stamp's seed: the answers are scored against its own questions, which it had not seen.
    const renamed = moved.map((a) => (a.i === START_STEP ? { ...a, value: second.checkSeed } : a));
    const done = await postJson(gameFinish, second.cookie, { token, answers: renamed });
    expect(done.status).toBe(200);
    if (!done.body.ok) throw new Error(done.body.message);
    expect(done.body.summary.score).toBeLessThan(5);
  });

  it("a member's or visitor's finish in the page is refused when it claims more time than passed", async () => {
    const started = await outcome(() =>
      mtcPage.action(args(formRequest("http://x/game/mtc", { cookie: visitorCookie, body: { go: "island" } }))),
    );
    const token = tokenOf(started.location);
    const stamp = await startCheck(gameFinish, visitorCookie, token, START + checkStartOf());
    const answers = honestEntries(readRunToken(token)!, stamp.checkSeed);
    vi.setSystemTime(START + 20_000);
    const done = await postJson(gameFinish, visitorCookie, { token, answers });
    expect(done.status).toBe(400);
  });
});
