import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrCreatePlayer, type Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { gameRuns, leaderboardEntries, studentPerformance } from "~/db/schema";
import { problemSequence } from "~/game";
import { parseFactKey } from "~/game/facts";
import { wrongFactsOf } from "~/facts/wrong";
import { resetLimits } from "~/limits/rate-limit.server";
import { getRunResult } from "~/models/runs.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import * as gameFinish from "~/routes/game/finish";
import * as practicePage from "~/routes/game/practice";
import * as results from "~/routes/game/results";
import * as studentFinish from "~/routes/school/student-game-finish";
import * as studentLogin from "~/routes/school/student-login";
import * as studentPractice from "~/routes/school/student-game-practice";
import { finishRun } from "~/runs/finish.server";
import { PRACTICE_MESSAGES } from "~/runs/practice.server";
import { studentPlayer } from "~/runs/student.server";
import {
  TICKET_MESSAGES,
  checkRunTicket,
  issueRun,
  readRunToken,
  signRunTicket,
  type RunTicket,
} from "~/runs/tokens.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import type { FinishResponse } from "~/types/runs";
import { SOLO, honestAnswers } from "./helpers";
import { cookieSet, formRequest, outcome, tokenOf } from "./route-call";

/*
 * "Practise my facts" and "Practise these" (docs/product.md#practise-my-facts, #wrong-answers-after-a-game): runs
 * started by a form post from the server's own plan, verified as every run, kept off the boards, and for a pupil
 * counted for progress.
 */

const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const ADDRESS = "203.0.113.9";
const args = (request: Request, params = {}) => ({ request, params, context: { clientAddress: ADDRESS } }) as never;

let visitor: Player;
let visitorCookie: string;
let pupilCookie: string;
let pupilId: string;

const entries = () => (db.select({ n: count() }).from(leaderboardEntries).get() as { n: number }).n;

async function postJson(route: { action: (a: never) => Promise<Response> }, cookie: string, body: unknown) {
  const request = new Request("http://x/finish", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  const response = await route.action(args(request));
  return { status: response.status, body: (await response.json()) as FinishResponse };
}

/** The finish's reply to a solo run of the visitor's with its first two answers wrong. */
async function finishSoloWithTwoWrong() {
  const { token, ticket } = issueRun(SOLO, visitor);
  vi.setSystemTime(START + 8_000);
  const done = await postJson(gameFinish, visitorCookie, {
    token,
    answers: honestAnswers(ticket, 6, { wrong: [0, 1] }),
  });
  expect(done.status).toBe(200);
  if (!done.body.ok) throw new Error(done.body.message);
  return done.body;
}

/** A finished solo run of the visitor's with its first two answers wrong. */
async function soloWithTwoWrong(): Promise<string> {
  return (await finishSoloWithTwoWrong()).runId;
}

beforeAll(async () => {
  const made = await getOrCreatePlayer(new Request("http://x/"));
  visitor = made.player;
  visitorCookie = made.headers.get("Set-Cookie")!.split(";")[0]!;
  const schoolId = insertSchool("Oak Primary");
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Mr Oak", email: null, schoolId, loginCode }),
  );
  const classId = insertClass({ name: "Class 3", schoolId, teacherId: teacher.value, loginKey: newClassLoginKey() });
  const pupil = withFreshLoginCode((loginCode) =>
    insertStudent({
      name: "Ada",
      classId,
      loginCode,
      timesTables: ["7"],
      allowedOperations: ["multiplication", "division"],
      difficulty: "hard",
    }),
  );
  pupilId = pupil.value;
  const login = await outcome(() =>
    studentLogin.action(args(formRequest("http://x/student-login", { body: { code: pupil.code } }))),
  );
  pupilCookie = cookieSet(login.response, "__school");
});
beforeEach(() => {
  resetLimits();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe("Practise my facts, for a member or visitor", () => {
  it("starts a practice run over the ticked operations: page by page, or in the page when the button says so", async () => {
    const body = { from: "start", operations: "multiply", go: "paged" };
    const paged = await outcome(() =>
      practicePage.action(args(formRequest("http://x/game/practice", { cookie: visitorCookie, body }))),
    );
    expect(paged.status).toBe(302);
    expect(paged.location).toMatch(/^\/game\/play\?token=.*#play$/);
    const spec = readRunToken(tokenOf(paged.location))!.spec;
    expect(spec.mode).toBe("practice");
    if (spec.mode !== "practice") return;
    expect(spec.facts.length).toBeGreaterThan(0);
    expect(spec.facts.every((key) => parseFactKey(key)?.op === "*")).toBe(true);

    const island = await outcome(() =>
      practicePage.action(
        args(formRequest("http://x/game/practice", { cookie: visitorCookie, body: { ...body, go: "island" } })),
      ),
    );
    expect(island.location).toMatch(/^\/game\/practice\?token=/);
    const page = await outcome(() =>
      practicePage.loader(args(formRequest(`http://x${island.location}`, { cookie: visitorCookie }))),
    );
    expect(page.data).toMatchObject({ kind: "play", run: { spec: { mode: "practice" } } });
  });

  it("refuses a form with no operation ticked, next to the boxes, starting nothing", async () => {
    const o = await outcome(() =>
      practicePage.action(
        args(formRequest("http://x/game/practice", { cookie: visitorCookie, body: { from: "start", go: "paged" } })),
      ),
    );
    expect(o.status).toBe(400);
    expect(o.data).toMatchObject({ kind: "choose", result: { error: { operations: [expect.any(String)] } } });
  });

  it("Practise these: the wrong answers that are facts come first", async () => {
    const runId = await soloWithTwoWrong();
    const focus = wrongFactsOf(getRunResult(runId, visitor)!.records);
    expect(focus.length).toBeGreaterThan(0);
    const o = await outcome(() =>
      practicePage.action(
        args(formRequest("http://x/game/practice", { cookie: visitorCookie, body: { runId, go: "paged" } })),
      ),
    );
    expect(o.status).toBe(302);
    const spec = readRunToken(tokenOf(o.location))!.spec;
    expect(spec.mode === "practice" && spec.facts.slice(0, focus.length)).toEqual(focus);
  });

  it("a solo game's finish draws the list for /game, whose button starts practice in the page on those facts", async () => {
    const done = await finishSoloWithTwoWrong();
    const { runId, wrongMarkup = "" } = done;
    expect(done.wrong).toHaveLength(2);
    expect(wrongMarkup.match(/<li>/g)).toHaveLength(2);
    expect(wrongMarkup).toContain('<form method="post" action="/game/practice">');
    expect(wrongMarkup).toContain(`name="runId" value="${runId}"`);
    expect(wrongMarkup).toContain('name="go" value="island"');
    // The form as the page posts it.
    const o = await outcome(() =>
      practicePage.action(
        args(formRequest("http://x/game/practice", { cookie: visitorCookie, body: { runId, go: "island" } })),
      ),
    );
    expect(o.location).toMatch(/^\/game\/practice\?token=/);
    const focus = wrongFactsOf(getRunResult(runId, visitor)!.records);
    const spec = readRunToken(tokenOf(o.location))!.spec;
    expect(spec.mode === "practice" && spec.facts.slice(0, focus.length)).toEqual(focus);

    // Nothing wrong: no list.
    const clean = issueRun(SOLO, visitor);
    vi.setSystemTime(START + 16_000);
    const right = await postJson(gameFinish, visitorCookie, {
      token: clean.token,
      answers: honestAnswers(clean.ticket, 6),
    });
    expect(right.body).toMatchObject({ ok: true, wrong: [] });
    expect(right.body.ok && right.body.wrongMarkup).toBeUndefined();
  });

  it("Practise these refuses another player's run, or none, with a 404", async () => {
    const runId = await soloWithTwoWrong();
    const other = await getOrCreatePlayer(new Request("http://x/"));
    const cookie = other.headers.get("Set-Cookie")!.split(";")[0]!;
    for (const [id, who] of [
      [runId, cookie],
      ["no-such-run", visitorCookie],
    ] as const) {
      const o = await outcome(() =>
        practicePage.action(args(formRequest("http://x/game/practice", { cookie: who, body: { runId: id } }))),
      );
      expect(o.status).toBe(404);
      expect(o.data).toMatchObject({ kind: "refused", message: PRACTICE_MESSAGES.noRun });
    }
  });

  it("a practice run is verified and saved, never on a board, and its results say it was practice", async () => {
    const before = entries();
    const { token, ticket } = issueRun({ mode: "practice", facts: ["*7,8", "*6,7", "/8,7"] }, visitor);
    vi.setSystemTime(START + 6_000);
    const done = await postJson(gameFinish, visitorCookie, {
      token,
      answers: honestAnswers(ticket, 4, { wrong: [1] }),
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ok: true, summary: { score: 3, totalQuestions: 4 }, practise: true });
    if (!done.body.ok) return;
    expect(done.body.wrong).toHaveLength(1);
    // Only /game shows the list as the server draws it; the practice page draws its own.
    expect(done.body.wrongMarkup).toBeUndefined();
    expect(entries()).toBe(before);
    const row = db.select().from(gameRuns).where(eq(gameRuns.id, done.body.runId)).get()!;
    expect(row).toMatchObject({ mode: "practice", gameType: "practice", review: null });
    const page = await outcome(() =>
      results.loader(
        args(formRequest("http://x/", { cookie: visitorCookie }), { runId: done.body.ok && done.body.runId }),
      ),
    );
    expect(page.data).toMatchObject({ kind: "practice", practise: true, wrong: [expect.any(Object)] });
  });

  it("refuses a token whose facts were changed, or a forged practice spec, with a 400", async () => {
    const { token, ticket } = issueRun({ mode: "practice", facts: ["*7,8"] }, visitor);
    const [payload, signature] = token.split(".");
    const changed: RunTicket = { ...ticket, spec: { mode: "practice", facts: ["*2,2"] } };
    const forgedPayload = Buffer.from(JSON.stringify(changed)).toString("base64url");
    expect(forgedPayload).not.toBe(payload);
    const tampered = `${forgedPayload}.${signature}`;
    expect(checkRunTicket(tampered, visitor)).toEqual({ ok: false, status: 400, message: TICKET_MESSAGES.badToken });
    // Even signed by the server, a list the engine refuses is no game.
    const bad = signRunTicket({ ...ticket, spec: { mode: "practice", facts: ["*7,8", "*7,8"] } });
    expect(checkRunTicket(bad, visitor)).toEqual({ ok: false, status: 400, message: TICKET_MESSAGES.badToken });
    const finish = await postJson(gameFinish, visitorCookie, {
      token: tampered,
      answers: [{ i: 0, value: "4", t: 900 }],
    });
    expect(finish.status).toBe(400);
  });
});

describe("Practise my facts, for a pupil", () => {
  it("practises within the teacher's settings, counts for progress, and reaches no board", async () => {
    const before = entries();
    const o = await outcome(() =>
      studentPractice.action(
        args(formRequest("http://x/student-game/practice", { cookie: pupilCookie, body: { go: "island" } })),
      ),
    );
    expect(o.location).toMatch(/^\/student-game\/practice\?token=/);
    const token = tokenOf(o.location);
    const ticket = readRunToken(token)!;
    expect(ticket.spec.mode).toBe("practice");
    if (ticket.spec.mode !== "practice") return;
    for (const key of ticket.spec.facts) {
      const fact = parseFactKey(key)!;
      expect(fact.op === "*" ? fact.b : fact.op === "/" ? fact.a : null).toBe(7);
    }
    // A visitor cannot finish it, and a pupil's practice is no game of /game's.
    expect((await postJson(gameFinish, visitorCookie, { token, answers: [] })).status).toBe(403);
    vi.setSystemTime(START + 5_000);
    const done = await postJson(studentFinish, pupilCookie, { token, answers: honestAnswers(ticket, 3) });
    expect(done.status).toBe(200);
    if (!done.body.ok) return;
    expect(db.select().from(gameRuns).where(eq(gameRuns.id, done.body.runId)).get()).toMatchObject({
      mode: "practice",
      studentId: pupilId,
    });
    const performance = db.select().from(studentPerformance).where(eq(studentPerformance.runId, done.body.runId)).get();
    expect(performance).toMatchObject({ studentId: pupilId, score: 3, totalQuestions: 3 });
    expect(entries()).toBe(before);
  });

  it("a fact the pupil missed in practice comes first in their next practice (their records, read at the start)", async () => {
    const pupil = studentPlayer(pupilId);
    const { token, ticket } = issueRun({ mode: "practice", facts: ["*8,7", "*3,7"] }, pupil);
    const problemAt = problemSequence(ticket.spec, ticket.seed);
    const missed = problemAt(0);
    vi.setSystemTime(START + 4_000);
    // One answer, wrong: the fact's latest answer is a miss, so it is weak.
    const answers = honestAnswers(ticket, 1, { wrong: [0] });
    const done = await postJson(studentFinish, pupilCookie, { token, answers });
    expect(done.status).toBe(200);
    const o = await outcome(() =>
      studentPractice.action(
        args(formRequest("http://x/student-game/practice", { cookie: pupilCookie, body: { go: "paged" } })),
      ),
    );
    const spec = readRunToken(tokenOf(o.location))!.spec;
    expect(spec.mode === "practice" && spec.facts[0]).toBe(`*${missed.num1},${missed.num2}`);
  });

  it("a visitor cannot start a pupil's practice: the pupils' route sends them to the login", async () => {
    const o = await outcome(() =>
      studentPractice.action(
        args(formRequest("http://x/student-game/practice", { cookie: visitorCookie, body: { go: "paged" } })),
      ),
    );
    expect(o.status).toBe(302);
    expect(o.location).toMatch(/^\/student-login/);
  });

  it("a pupil's Practise these names only their own runs", async () => {
    const runId = await soloWithTwoWrong();
    const o = await outcome(() =>
      studentPractice.action(
        args(formRequest("http://x/student-game/practice", { cookie: pupilCookie, body: { runId, go: "paged" } })),
      ),
    );
    expect(o.status).toBe(404);
  });
});

it("finishRun saves a pupil's practice with their performance (the direct path)", async () => {
  const pupil = studentPlayer(pupilId);
  const { ticket } = issueRun({ mode: "practice", facts: ["*3,7"] }, pupil);
  vi.setSystemTime(START + 3_000);
  const checked = checkRunTicket(issueRun({ mode: "practice", facts: ["*3,7"] }, pupil).token, pupil);
  expect(checked.ok).toBe(true);
  const result = await finishRun({
    ticket: { ...ticket, checked: true },
    answers: honestAnswers(ticket, 2),
    player: pupil,
  });
  expect(result).toMatchObject({ ok: true, entryId: null, held: false });
});
