import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrCreatePlayer, type Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { gameRuns, leaderboardEntries, studentPerformance, students } from "~/db/schema";
import { problemSequence, type RunSpec } from "~/game";
import { resetLimits } from "~/limits/rate-limit.server";
import { factBooksOf } from "~/models/fact-records.server";
import * as gameFinish from "~/routes/game/finish";
import * as modePage from "~/routes/game/mode";
import * as results from "~/routes/game/results";
import * as studentFinish from "~/routes/school/student-game-finish";
import * as studentMode from "~/routes/school/student-game-mode";
import { studentPlayer } from "~/runs/student.server";
import { issueRun, readRunToken } from "~/runs/tokens.server";
import type { FinishResponse } from "~/types/runs";
import { honestAnswers } from "./helpers";
import { makeSchool, schoolCookie } from "./school-fixtures";
import { formRequest, outcome, refusal } from "./route-call";

/*
 * Number bonds and doubles and halves (docs/product.md#number-bonds, docs/product.md#doubles-and-halves): started
 * from the form their definition makes, for visitors and pupils, verified through the one generator and checker,
 * kept off the boards, their facts in the player's records where the grid has them.
 */

const START = Date.UTC(2026, 10, 29, 9, 0, 0);
const args = (request: Request, params = {}) =>
  ({ request, params, context: { clientAddress: "203.0.113.31" } }) as never;

let visitor: Player;
let visitorCookie: string;
let pupilId: string;
let pupilCookie: string;

const entries = () => (db.select({ n: count() }).from(leaderboardEntries).get() as { n: number }).n;
const runsCount = () => (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;

function tokenOf(location: string | null | undefined): string {
  const token = new URL(location ?? "", "http://x").searchParams.get("token");
  if (!token) throw new Error(`no token in ${location}`);
  return token;
}

function post(path: string, cookie: string, pairs: [string, string][]) {
  const form = new URLSearchParams(pairs);
  const request = new Request(`http://x${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: form.toString(),
  });
  const mode = path.split("/").pop();
  const route = path.startsWith("/student-game") ? studentMode : modePage;
  return outcome(() => route.action(args(request, { mode })));
}

async function finish(route: { action: (a: never) => Promise<Response> }, cookie: string, body: unknown) {
  const request = new Request("http://x/finish", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  const response = await route.action(args(request));
  return { status: response.status, body: (await response.json()) as FinishResponse };
}

beforeAll(async () => {
  const made = await getOrCreatePlayer(new Request("http://x/"));
  visitor = made.player;
  visitorCookie = made.headers.get("Set-Cookie")!.split(";")[0]!;
  pupilId = makeSchool("Bonds").studentId;
  // Their teacher gave them both games (docs/decisions/0083-extra-games-per-pupil.md; tests/integration/given-games.test.ts).
  db.update(students)
    .set({ extraGames: { bonds: ["10", "20", "100"], doubles: ["20", "100", "tens"] } })
    .where(eq(students.id, pupilId))
    .run();
  pupilCookie = await schoolCookie({ studentId: pupilId });
});
beforeEach(() => {
  resetLimits();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe("starting number bonds or doubles and halves", () => {
  it("shows the definition's form, and starts a run of the choices: page by page, or in the page", async () => {
    const shown = await outcome(() => modePage.loader(args(formRequest("http://x/game/bonds"), { mode: "bonds" })));
    expect(shown.data).toMatchObject({
      kind: "choose",
      start: { heading: "Number bonds", action: "/game/bonds", choices: [{ name: "totals" }, { name: "timeLimit" }] },
    });
    const paged = await post("/game/bonds", visitorCookie, [
      ["from", "start"],
      ["totals", "100"],
      ["totals", "10"],
      ["timeLimit", "30"],
      ["go", "paged"],
    ]);
    expect(paged.status).toBe(302);
    expect(paged.location).toMatch(/^\/game\/play\?token=/);
    expect(readRunToken(tokenOf(paged.location))!.spec).toEqual({ mode: "bonds", totals: [10, 100], timeLimit: 30 });

    const island = await post("/game/doubles", visitorCookie, [
      ["from", "start"],
      ["ranges", "tens"],
      ["operations", "halve"],
      ["timeLimit", "60"],
      ["go", "island"],
    ]);
    expect(island.location).toMatch(/^\/game\/doubles\?token=/);
    const page = await outcome(() =>
      modePage.loader(args(formRequest(`http://x${island.location}`, { cookie: visitorCookie }), { mode: "doubles" })),
    );
    expect(page.data).toMatchObject({ kind: "play", run: { spec: { mode: "doubles", ranges: ["tens"] } } });
  });

  it("refuses a form with nothing ticked or what is none of its choices, beside the field, starting nothing", async () => {
    const before = runsCount();
    const none = await post("/game/bonds", visitorCookie, [
      ["from", "start"],
      ["timeLimit", "120"],
    ]);
    expect(none.status).toBe(400);
    expect(refusal(none).errors).toEqual({ totals: ["Choose 10, 20 or 100."] });
    expect(refusal(none).sent).toMatchObject({ timeLimit: "120" });
    for (const [name, value] of [
      ["totals", "50"],
      ["totals", "1e1"],
      ["timeLimit", "45"],
      ["timeLimit", "__proto__"],
    ]) {
      const pairs: [string, string][] = [
        ["totals", "10"],
        ["timeLimit", "60"],
      ];
      const bad = await post("/game/bonds", visitorCookie, [...pairs.filter(([n]) => n !== name), [name!, value!]]);
      expect(bad.status, `${name}=${value}`).toBe(400);
      expect(Object.keys(refusal(bad).errors)).toEqual([name]);
    }
    const twoTimes = await post("/game/doubles", visitorCookie, [
      ["ranges", "20"],
      ["operations", "double"],
      ["timeLimit", "30"],
      ["timeLimit", "60"],
    ]);
    expect(twoTimes.status).toBe(400);
    expect(refusal(twoTimes).errors).toEqual({ timeLimit: ["Choose a time limit."] });
    expect(runsCount()).toBe(before);
  });

  it("finds no game of another name, nor a mode with no start form of its definition's", async () => {
    for (const mode of ["nonsense", "solo", "student", "constructor", "__proto__"]) {
      const o = await outcome(() => modePage.loader(args(formRequest(`http://x/game/${mode}`), { mode })));
      expect(o.status, mode).toBe(404);
      const p = await outcome(() =>
        modePage.action(args(formRequest(`http://x/game/${mode}`, { cookie: visitorCookie, body: {} }), { mode })),
      );
      expect(p.status, mode).toBe(404);
    }
  });
});

describe("finishing them", () => {
  it("is verified from the server's own problems, never on a board, bond facts in the records", async () => {
    const before = entries();
    const spec: RunSpec = { mode: "bonds", totals: [10], timeLimit: 60 };
    const { token, ticket } = issueRun(spec, visitor);
    const problems = problemSequence(ticket.spec, ticket.seed);
    vi.setSystemTime(START + 10_000);
    const done = await finish(gameFinish, visitorCookie, { token, answers: honestAnswers(ticket, 6, { wrong: [1] }) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ok: true, summary: { score: 5, totalQuestions: 6 } });
    if (!done.body.ok) return;
    expect(entries()).toBe(before);
    const row = db.select().from(gameRuns).where(eq(gameRuns.id, done.body.runId)).get()!;
    expect(row).toMatchObject({ mode: "bonds", gameType: "bonds", review: null, userId: null });
    // Both ways round reach the records: `7 + ? = 10` is the + fact 7 + 3, `10 − 7 = ?` the − fact.
    const books = factBooksOf(visitor);
    for (let i = 0; i < 6; i++) {
      const p = problems(i);
      const key = p.written ? `+${p.num1},${p.answer}` : `-${p.num2},${p.answer}`;
      expect(books[p.written ? "+" : "-"]?.facts.has(key as never), key).toBe(true);
    }
    const page = await outcome(() =>
      results.loader(
        args(formRequest("http://x/", { cookie: visitorCookie }), { runId: done.body.ok ? done.body.runId : "" }),
      ),
    );
    expect(page.data).toMatchObject({
      kind: "practice",
      words: { note: "This was a number bonds game, so it is not on a leaderboard.", againTo: "/game/bonds" },
    });
  });

  it("refuses answers the server's problems do not bear out, and a token made up", async () => {
    const { token, ticket } = issueRun(
      { mode: "doubles", ranges: ["20"], operations: ["double"], timeLimit: 30 },
      visitor,
    );
    vi.setSystemTime(START + 10_000);
    const answers = honestAnswers(ticket, 4).map((a) => ({ ...a, value: "999" }));
    const wrong = await finish(gameFinish, visitorCookie, { token, answers });
    expect(wrong.body).toMatchObject({ ok: true, summary: { score: 0, totalQuestions: 4 } });

    const [payload, signature] = token.split(".") as [string, string];
    const forged = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    forged.spec = { mode: "doubles", ranges: ["20"], operations: ["double"], timeLimit: 300 };
    const made = `${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    const refused = await finish(gameFinish, visitorCookie, { token: made, answers: honestAnswers(ticket, 2) });
    expect(refused.status).toBe(400);
  });
});

describe("a pupil's number bonds and doubles and halves", () => {
  it("starts from the pupil's own page and counts as their practice does: a performance row, no board", async () => {
    const shown = await outcome(() =>
      studentMode.loader(
        args(formRequest("http://x/student-game/doubles", { cookie: pupilCookie }), { mode: "doubles" }),
      ),
    );
    expect(shown.data).toMatchObject({ kind: "choose", start: { action: "/student-game/doubles" } });
    const started = await post("/student-game/doubles", pupilCookie, [
      ["ranges", "20"],
      ["operations", "double"],
      ["operations", "halve"],
      ["timeLimit", "60"],
      ["go", "paged"],
    ]);
    expect(started.status).toBe(302);
    expect(started.location).toMatch(/^\/student-game\/play\?token=/);
    const ticket = readRunToken(tokenOf(started.location))!;
    expect(ticket.spec).toEqual({ mode: "doubles", ranges: ["20"], operations: ["double", "halve"], timeLimit: 60 });

    const { token, ticket: own } = issueRun(ticket.spec, studentPlayer(pupilId));
    vi.setSystemTime(START + 9_000);
    const done = await finish(studentFinish, pupilCookie, { token, answers: honestAnswers(own, 4) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ok: true, summary: { score: 4 } });
    if (!done.body.ok) return;
    const performance = db.select().from(studentPerformance).where(eq(studentPerformance.runId, done.body.runId)).get();
    expect(performance).toMatchObject({ studentId: pupilId, score: 4, totalQuestions: 4 });
    expect(db.select().from(gameRuns).where(eq(gameRuns.id, done.body.runId)).get()).toMatchObject({
      mode: "doubles",
      studentId: pupilId,
      review: null,
    });
  });

  it("sends a visitor at a pupil's page to the login, and a pupil at /game/bonds to their own", async () => {
    const visitorAtPupils = await post("/student-game/bonds", visitorCookie, [
      ["totals", "10"],
      ["timeLimit", "60"],
    ]);
    expect(visitorAtPupils.status).toBe(302);
    expect(visitorAtPupils.location).toMatch(/^\/student-login/);
    const pupilAtSite = await outcome(() =>
      modePage.loader(args(formRequest("http://x/game/bonds", { cookie: pupilCookie }), { mode: "bonds" })),
    );
    expect(pupilAtSite.status).toBe(302);
    expect(pupilAtSite.location).toBe("/student-game/bonds");
  });
});
