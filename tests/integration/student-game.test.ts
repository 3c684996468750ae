import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import {
  gameRuns,
  leaderboardBests,
  leaderboardEntries,
  leaderboardRecent,
  studentPerformance,
  students,
} from "~/db/schema";
import type { RunSpec } from "~/game";
import { resetLimits } from "~/limits/rate-limit.server";
import { latestEntryId } from "~/models/leaderboard.server";
import { getRunResult } from "~/models/runs.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { listStudentPerformance } from "~/models/student-performance.server";
import { insertStudent, type StudentSettingsRow } from "~/models/students.server";
import * as gameFinish from "~/routes/game/finish";
import * as studentFinish from "~/routes/school/student-game-finish";
import * as studentGame from "~/routes/school/student-game";
import * as studentPlay from "~/routes/school/student-game-play";
import * as studentProgressPage from "~/routes/school/student-progress";
import * as studentStart from "~/routes/school/student-game-start";
import * as studentLogin from "~/routes/school/student-login";
import { finishRun } from "~/runs/finish.server";
import { cleanStudentSettings, studentPlayer, studentSpec } from "~/runs/student.server";
import { TICKET_MESSAGES, checkRunTicket, issueRun, readRunToken } from "~/runs/tokens.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import type { FinishResponse } from "~/types/runs";
import { STUDENT_SERVER_MESSAGES } from "~/utils/student-messages.server";
import { honestAnswers, SOLO } from "./helpers";
import { cookieSet, formRequest, outcome } from "./route-call";

/*
 * The pupils' game (docs/product.md#student-game): runs made on the server from the pupil's stored settings,
 * verified like every run, saved as the pupil's performance and never as a leaderboard entry; only the pupil's
 * own session can play, finish or see them.
 */

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const ADDRESS = "203.0.113.7";

type Pupil = { id: string; code: string; cookie: string; player: Player };

let classId: string;
let ada: Pupil;
let ben: Pupil;

function addPupil(name: string, settings: Omit<StudentSettingsRow, "extraTime" | "calm" | "extraGames">) {
  const made = withFreshLoginCode((loginCode) => insertStudent({ name, classId, loginCode, ...settings }));
  return { id: made.value, code: made.code };
}

async function logIn(pupil: { id: string; code: string }): Promise<Pupil> {
  const request = formRequest("http://x/student-login", { body: { code: pupil.code } });
  const o = await outcome(() =>
    studentLogin.action({ request, params: {}, context: { clientAddress: ADDRESS } } as never),
  );
  expect(o.location).toBe("/student-game");
  return { ...pupil, cookie: cookieSet(o.response, "__school"), player: studentPlayer(pupil.id) };
}

const args = (request: Request) => ({ request, params: {}, context: { clientAddress: ADDRESS } }) as never;

async function startIsland(pupil: Pupil, query = "") {
  const response = (await studentStart.loader(
    args(formRequest(`http://x/student-game/start${query}`, { cookie: pupil.cookie })),
  )) as Response;
  return { status: response.status, body: (await response.json()) as { ok: boolean; run?: { token: string } } };
}

async function postFinish(route: { action: (a: never) => Promise<Response> }, cookie: string, body: unknown) {
  const request = new Request("http://x/finish", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  const response = await route.action(args(request));
  return { status: response.status, body: (await response.json()) as FinishResponse };
}

const tableCount = (table: typeof leaderboardEntries | typeof leaderboardBests | typeof leaderboardRecent) =>
  (db.select({ n: count() }).from(table).get() as { n: number }).n;
const boardCounts = () => [tableCount(leaderboardEntries), tableCount(leaderboardBests), tableCount(leaderboardRecent)];

beforeAll(async () => {
  const schoolId = insertSchool("Hill Primary");
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Ms Rahman", email: null, schoolId, loginCode }),
  );
  classId = insertClass({ name: "Class 4", schoolId, teacherId: teacher.value, loginKey: newClassLoginKey() });
  ada = await logIn(
    addPupil("Ada", { timesTables: ["7"], allowedOperations: ["multiplication", "division"], difficulty: "hard" }),
  );
  ben = await logIn(addPupil("Ben", { timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }));
});
beforeEach(() => {
  resetLimits();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe("a pupil's run", () => {
  it("is made from the pupil's stored settings, whatever the request says", async () => {
    const { status, body } = await startIsland(ada, "?difficulty=easy&operations=addition&timeLimit=300");
    expect(status).toBe(200);
    const ticket = readRunToken(body.run!.token)!;
    expect(ticket.spec).toEqual({
      mode: "student",
      difficulty: "hard",
      operations: ["multiplication", "division"],
      timesTables: ["7"],
    });
    expect(ticket.owner).toBe(`s:${ada.id}`);
    // A teacher's change applies to the next game.
    db.update(students)
      .set({ difficulty: "medium", allowedOperations: ["subtraction", "addition"], timesTables: [] })
      .where(eq(students.id, ada.id))
      .run();
    expect(studentSpec(ada.id)).toEqual({
      mode: "student",
      difficulty: "medium",
      operations: ["addition", "subtraction"],
      timesTables: [],
    });
    db.update(students)
      .set({ difficulty: "hard", allowedOperations: ["multiplication", "division"], timesTables: ["7"] })
      .where(eq(students.id, ada.id))
      .run();
  });

  it("cleans stored settings the engine would not accept", () => {
    expect(
      cleanStudentSettings({
        difficulty: "impossible",
        allowedOperations: ["x", "division"],
        timesTables: ["13", "2", "2"],
      }),
    ).toEqual({ difficulty: "easy", operations: ["division"], timesTables: ["2"], extraTime: 1, calm: false });
    expect(
      cleanStudentSettings({
        difficulty: "hard",
        allowedOperations: null,
        timesTables: "7",
        extraTime: 3,
        calm: "yes",
      }),
    ).toEqual({
      difficulty: "hard",
      operations: ["addition"],
      timesTables: [],
      extraTime: 1,
      calm: false,
    });
  });

  it("is verified and saved as the pupil's performance, never on a board or in the live feed", async () => {
    const boardsBefore = boardCounts();
    const feedBefore = latestEntryId();
    const { body } = await startIsland(ben);
    const ticket = readRunToken(body.run!.token)!;
    const answers = honestAnswers(ticket, 6, { wrong: [4] });
    vi.setSystemTime(START + 60_500);
    const finished = await postFinish(studentFinish, ben.cookie, { token: body.run!.token, answers });
    expect(finished).toMatchObject({ status: 200, body: { ok: true, summary: { score: 5, totalQuestions: 6 } } });
    if (!finished.body.ok) return;
    const { runId } = finished.body;

    const row = db.select().from(studentPerformance).where(eq(studentPerformance.runId, runId)).get();
    expect(row).toMatchObject({
      studentId: ben.id,
      score: 5,
      totalQuestions: 6,
      accuracy: 83,
      timeTaken: 60,
      completedAt: START + 60_500,
    });
    const run = db.select().from(gameRuns).where(eq(gameRuns.id, runId)).get();
    expect(run).toMatchObject({ mode: "student", gameType: "student", studentId: ben.id, userId: null, anonId: null });
    expect(boardCounts()).toEqual(boardsBefore);
    expect(latestEntryId()).toBe(feedBefore);
    // Its results are the pupil's own.
    expect(getRunResult(runId, ben.player)?.summary).toEqual({ score: 5, totalQuestions: 6, accuracy: 83 });
    expect(getRunResult(runId, ada.player)).toBeNull();
    expect(getRunResult(runId, { kind: "anon", anonId: "someone-0000000000" })).toBeNull();

    // A second finish is refused and its own player learns the saved result; nothing more is written.
    const again = await postFinish(studentFinish, ben.cookie, { token: body.run!.token, answers });
    expect(again).toMatchObject({ status: 409, body: { ok: false, saved: { runId } } });
    expect(listStudentPerformance(ben.id).filter((r) => r.runId === runId)).toHaveLength(1);
  });

  it("refuses a forged token, another pupil's, and a pupil's run anywhere but the pupils' finish", async () => {
    const performanceBefore = tableCount(studentPerformance as never);
    const { body } = await startIsland(ada);
    const token = body.run!.token;
    const ticket = readRunToken(token)!;
    const answers = honestAnswers(ticket, 2);
    vi.setSystemTime(START + 61_000);

    const [payload, signature] = token.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...ticket, spec: { ...ticket.spec, difficulty: "easy" } }),
    ).toString("base64url");
    for (const forged of [`${forgedPayload}.${signature}`, `${payload}.x${signature}`, "abc.def"]) {
      expect(await postFinish(studentFinish, ada.cookie, { token: forged, answers })).toMatchObject({
        status: 400,
        body: { ok: false, message: TICKET_MESSAGES.badToken },
      });
    }
    // Ben cannot finish Ada's game.
    expect(await postFinish(studentFinish, ben.cookie, { token, answers })).toMatchObject({
      status: 403,
      body: { ok: false, message: TICKET_MESSAGES.notYours },
    });
    // Nor can a browser without a pupil's login, at either finish.
    expect(await postFinish(studentFinish, "", { token, answers })).toMatchObject({
      status: 401,
      body: { message: STUDENT_SERVER_MESSAGES.notLoggedInFinish },
    });
    expect((await postFinish(gameFinish, "", { token, answers })).status).toBe(403);
    // A pupil's token owned by a visitor, or a solo token owned by a pupil, is no game of ours.
    const anon: Player = { kind: "anon", anonId: "visitor-cccccccccccc" };
    const mixed = [
      { token: issueRun(ticket.spec as RunSpec, anon).token, player: anon },
      { token: issueRun(SOLO, ada.player).token, player: ada.player },
    ];
    for (const { token: mixedToken, player } of mixed) {
      expect(checkRunTicket(mixedToken, player)).toMatchObject({
        ok: false,
        status: 400,
        message: TICKET_MESSAGES.badToken,
      });
    }
    expect(tableCount(studentPerformance as never)).toBe(performanceBefore);
    // The real owner still can.
    expect(await postFinish(studentFinish, ada.cookie, { token, answers })).toMatchObject({ status: 200 });
  });

  it("refuses answers the engine does not accept, like any run", async () => {
    vi.setSystemTime(START);
    const { token, ticket } = issueRun(studentSpec(ben.id)!, ben.player);
    const checked = checkRunTicket(token, ben.player);
    if (!checked.ok) throw new Error(checked.message);
    vi.setSystemTime(START + 3_000);
    const tooFast = honestAnswers(ticket, 30, { gapMs: 50 });
    expect(await finishRun({ ticket: checked.ticket, answers: tooFast, player: ben.player })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("a pupil's starts are limited like every game start", async () => {
    for (let i = 0; i < 20; i++) expect((await startIsland(ben)).status).toBe(200);
    const limited = await startIsland(ben);
    expect(limited.status).toBe(429);
    // Another pupil at the same school address plays on.
    expect((await startIsland(ada)).status).toBe(200);
  });

  it("only a pupil's session starts a pupil's game", async () => {
    const { status, body } = await startIsland({ ...ben, cookie: "" });
    expect(status).toBe(401);
    expect(body.ok).toBe(false);
  });
});

describe("the teacher's extra time and calm mode (docs/product.md#student-game)", () => {
  const setBen = (extraTime: number, calm: boolean) =>
    db.update(students).set({ extraTime, calm }).where(eq(students.id, ben.id)).run();
  afterEach(() => setBen(1, false));

  it("× 2: the run's sealed spec says so and the server takes answers up to 120 s, saving the game's time", async () => {
    setBen(2, false);
    const { body } = await startIsland(ben);
    const ticket = readRunToken(body.run!.token)!;
    expect(ticket.spec).toMatchObject({ mode: "student", extraTime: 2 });
    const answers = honestAnswers(ticket, 4).map((a, k) => ({ ...a, t: 100_000 + k * 1_000 }));
    vi.setSystemTime(START + 121_000);
    const finished = await postFinish(studentFinish, ben.cookie, { token: body.run!.token, answers });
    expect(finished).toMatchObject({ status: 200, body: { ok: true, summary: { score: 4 } } });
    if (!finished.body.ok) return;
    const row = db.select().from(studentPerformance).where(eq(studentPerformance.runId, finished.body.runId)).get();
    expect(row?.timeTaken).toBe(120);
    // The same answers in a game of × 1 were given after its time ran out.
    setBen(1, false);
    const plain = await startIsland(ben);
    vi.setSystemTime(START + 121_000 + 61_000);
    const late = await postFinish(studentFinish, ben.cookie, { token: plain.body.run!.token, answers });
    expect(late.status).toBe(400);
  });

  it("calm: no clock on the paged game's page, 20 questions, then All done; the server takes no 21st", async () => {
    setBen(1, true);
    const boardsBefore = boardCounts();
    const started = await outcome(() =>
      studentPlay.loader(args(formRequest("http://x/student-game/play", { cookie: ben.cookie }))),
    );
    let url = new URL(started.location!, "http://x");
    expect(readRunToken(url.searchParams.get("token"))?.spec).toMatchObject({ calm: true });
    for (let i = 0; i < 21; i++) {
      const page = await outcome(() => studentPlay.loader(args(formRequest(url.href, { cookie: ben.cookie }))));
      const view = page.data as { kind: string; problem: { answer: number }; token: string; sealed: string };
      if (i < 20) expect(view).toMatchObject({ kind: "play", questions: 20, number: i + 1 });
      else {
        expect(view).toMatchObject({ kind: "time-up", calm: true, answered: 20 });
        break;
      }
      // The page has no timed refresh: there is no deadline to show.
      expect(
        studentPlay.meta({ data: view, location: url, matches: [] } as never).some((tag) => "httpEquiv" in tag),
      ).toBe(false);
      vi.setSystemTime(START + (i + 1) * 30_000); // 30 s a question: far past the timed game's minute
      const answered = await outcome(() =>
        studentPlay.action(
          args(
            formRequest("http://x/student-game/play", {
              cookie: ben.cookie,
              body: { token: view.token, answers: view.sealed, key: "enter", answer: String(view.problem.answer) },
            }),
          ),
        ),
      );
      url = new URL(answered.location!, "http://x");
    }
    const done = (await outcome(() => studentPlay.loader(args(formRequest(url.href, { cookie: ben.cookie })))))
      .data as { token: string; sealed: string };
    // A 21st answer posted from the last page is not taken.
    const extra = await outcome(() =>
      studentPlay.action(
        args(
          formRequest("http://x/student-game/play", {
            cookie: ben.cookie,
            body: { token: done.token, answers: done.sealed, key: "enter", answer: "5" },
          }),
        ),
      ),
    );
    expect(new URL(extra.location!, "http://x").searchParams.get("answers")).toBe(done.sealed);
    const finished = await outcome(() =>
      studentPlay.action(
        args(
          formRequest("http://x/student-game/play", {
            cookie: ben.cookie,
            body: { token: done.token, answers: done.sealed, intent: "finish" },
          }),
        ),
      ),
    );
    expect(finished.location).toMatch(/^\/student-game\?run=/);
    const mine = await outcome(() =>
      studentGame.loader(args(formRequest(`http://x${finished.location}`, { cookie: ben.cookie }))),
    );
    expect((mine.data as { result: unknown }).result).toMatchObject({
      calm: true,
      summary: { score: 20, totalQuestions: 20 },
    });
    expect(boardCounts()).toEqual(boardsBefore);
  });

  it("the dashboard's settings show both", async () => {
    setBen(1.5, true);
    const o = await outcome(() =>
      studentGame.loader(args(formRequest("http://x/student-game", { cookie: ben.cookie }))),
    );
    expect((o.data as { settings: unknown }).settings).toMatchObject({ extraTime: 1.5, calm: true });
  });
});

describe("the pupil's pages", () => {
  it("send a browser without a pupil's login to the student login", async () => {
    for (const route of [studentGame, studentProgressPage, studentPlay]) {
      const o = await outcome(() => route.loader(args(formRequest("http://x/student-game"))));
      expect(o).toMatchObject({ status: 302, location: "/student-login" });
    }
  });

  it("play a whole game without JavaScript and show the results on the dashboard, to that pupil only", async () => {
    const started = await outcome(() =>
      studentPlay.loader(args(formRequest("http://x/student-game/play?difficulty=easy", { cookie: ada.cookie }))),
    );
    expect(started.status).toBe(302);
    let url = new URL(started.location!, "http://x");
    expect(url.pathname).toBe("/student-game/play");
    expect(readRunToken(url.searchParams.get("token"))?.spec).toMatchObject({ difficulty: "hard", timesTables: ["7"] });

    for (let i = 0; i < 3; i++) {
      const page = await outcome(() => studentPlay.loader(args(formRequest(url.href, { cookie: ada.cookie }))));
      const view = page.data as { kind: string; problem: { answer: number }; token: string; sealed: string };
      expect(view.kind).toBe("play");
      vi.setSystemTime(START + (i + 1) * 2_000);
      const answered = await outcome(() =>
        studentPlay.action(
          args(
            formRequest("http://x/student-game/play", {
              cookie: ada.cookie,
              body: {
                token: view.token,
                answers: view.sealed,
                key: "enter",
                answer: String(view.problem.answer + (i === 2 ? 1 : 0)),
              },
            }),
          ),
        ),
      );
      url = new URL(answered.location!, "http://x");
    }
    const last = (await outcome(() => studentPlay.loader(args(formRequest(url.href, { cookie: ada.cookie })))))
      .data as { lastCorrect: boolean; lastAnswer: string; score: number };
    expect(last).toMatchObject({ lastCorrect: false, score: 2 });
    expect(last.lastAnswer).toMatch(/^\d+$/);

    // Another pupil cannot continue it.
    expect((await outcome(() => studentPlay.loader(args(formRequest(url.href, { cookie: ben.cookie }))))).status).toBe(
      403,
    );

    vi.setSystemTime(START + 60_001);
    const timeUp = (await outcome(() => studentPlay.loader(args(formRequest(url.href, { cookie: ada.cookie })))))
      .data as { kind: string; token: string; sealed: string };
    expect(timeUp.kind).toBe("time-up");
    vi.setSystemTime(START + 5 * 60_000); // a slow press of See My Results is fine: the server timed every answer
    const finished = await outcome(() =>
      studentPlay.action(
        args(
          formRequest("http://x/student-game/play", {
            cookie: ada.cookie,
            body: { token: timeUp.token, answers: timeUp.sealed, intent: "finish" },
          }),
        ),
      ),
    );
    expect(finished.status).toBe(302);
    expect(finished.location).toMatch(/^\/student-game\?run=/);

    const mine = await outcome(() =>
      studentGame.loader(args(formRequest(`http://x${finished.location}`, { cookie: ada.cookie }))),
    );
    expect((mine.data as { result: unknown }).result).toMatchObject({
      summary: { score: 2, totalQuestions: 3, accuracy: 67 },
    });
    const theirs = await outcome(() =>
      studentGame.loader(args(formRequest(`http://x${finished.location}`, { cookie: ben.cookie }))),
    );
    expect((theirs.data as { result: unknown }).result).toBeNull();

    const progress = await outcome(() =>
      studentProgressPage.loader(args(formRequest("http://x/student-progress", { cookie: ada.cookie }))),
    );
    const shown = progress.data as { progress: { gamesPlayed: number }; chart: { points: { accuracy: number }[] } };
    expect(shown.progress.gamesPlayed).toBe(listStudentPerformance(ada.id).length);
    expect(shown.chart.points.map((p) => p.accuracy)).toContain(67);
  });

  it("the dashboard shows the pupil's own banner and settings", async () => {
    const o = await outcome(() =>
      studentGame.loader(args(formRequest("http://x/student-game", { cookie: ben.cookie }))),
    );
    expect(o.data).toMatchObject({
      banner: { name: "Ben", className: "Class 4", teacherName: "Ms Rahman", schoolName: "Hill Primary" },
      settings: { difficulty: "easy", operations: ["addition"], timesTables: [] },
      ready: false,
      result: null,
    });
  });
});
