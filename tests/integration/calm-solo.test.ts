import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrCreatePlayer, type Player } from "~/auth/player.server";
import { sessionCookie } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { gameRuns, leaderboardEntries } from "~/db/schema";
import { CALM_QUESTIONS, problemSequence } from "~/game";
import { resetLimits } from "~/limits/rate-limit.server";
import { factBooksOf } from "~/models/fact-records.server";
import { insertMemberSession } from "~/models/sessions.server";
import { createMember, getMemberProfile } from "~/models/users.server";
import * as settings from "~/routes/account/settings";
import * as calmPlay from "~/routes/game/calm-play";
import * as calmPage from "~/routes/game/calm";
import * as gameFinish from "~/routes/game/finish";
import * as gamePage from "~/routes/game/game";
import * as results from "~/routes/game/results";
import { issueRun, readRunToken } from "~/runs/tokens.server";
import type { FinishResponse } from "~/types/runs";
import { CALM_SETTING } from "~/components/account/settings-forms";
import { CALM_PLAY_TEXTS } from "~/utils/calm-play";
import { SETTINGS_MESSAGES } from "~/utils/solo-settings";
import { honestAnswers } from "./helpers";
import { cookieSet, formRequest, outcome, refusal, tokenOf } from "./route-call";

/*
 * Calm play for members and visitors (docs/product.md#calm-play): its own start at /game/calm, in the page or page by
 * page, 20 questions, verified as every run, never on a board, its answers in the fact records; /game leads there for
 * a member with `Play calmly` and a visitor with `Always play calmly on this browser`, unless they ask for the clock.
 */

const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const args = (request: Request, params = {}) =>
  ({ request, params, context: { clientAddress: "203.0.113.20" } }) as never;

let visitor: Player;
let visitorCookie: string;

const entries = () => (db.select({ n: count() }).from(leaderboardEntries).get() as { n: number }).n;
const runsCount = () => (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;

function post(cookie: string, pairs: [string, string][]) {
  const request = new Request("http://x/game/calm", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(pairs).toString(),
  });
  return outcome(() => calmPage.action(args(request)));
}

const game = (url: string, cookie: string) => outcome(() => gamePage.loader(args(formRequest(url, { cookie }))));

let n = 0;
async function memberCookie(): Promise<{ id: string; cookie: string }> {
  n += 1;
  const made = createMember({
    email: `calm${n}@example.org`,
    phone: null,
    passwordHash: null,
    username: `Calm Player ${n}`,
    emailVerified: true,
  });
  if (!made.ok) throw new Error(made.taken);
  const session = `calm-session-${n}`;
  insertMemberSession({ id: session, userId: made.id, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  return { id: made.id, cookie: (await sessionCookie.serialize(session)).split(";")[0]! };
}

beforeAll(async () => {
  const made = await getOrCreatePlayer(new Request("http://x/"));
  visitor = made.player;
  visitorCookie = made.headers.get("Set-Cookie")!.split(";")[0]!;
});
beforeEach(() => {
  resetLimits();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe("starting a calm game", () => {
  it("starts a calm run of the choices: page by page, or in the page when the button says so", async () => {
    const paged = await post(visitorCookie, [
      ["from", "start"],
      ["difficulty", "hard"],
      ["operations", "add"],
      ["operations", "multiply"],
      ["go", "paged"],
    ]);
    expect(paged.status).toBe(302);
    expect(paged.location).toMatch(/^\/game\/calm\/play\?token=.*#play$/);
    expect(readRunToken(tokenOf(paged.location))!.spec).toEqual({
      mode: "calm",
      difficulty: "hard",
      operations: ["+", "*"],
    });
    const page = await outcome(() =>
      calmPlay.loader(args(formRequest(`http://x${paged.location!.replace("#play", "")}`, { cookie: visitorCookie }))),
    );
    expect(page.data).toMatchObject({ kind: "play", number: 1, questions: CALM_QUESTIONS });

    const island = await post(visitorCookie, [
      ["from", "start"],
      ["difficulty", "normal"],
      ["operations", "divide"],
      ["go", "island"],
    ]);
    expect(island.location).toMatch(/^\/game\/calm\?token=/);
    const inPage = await outcome(() =>
      calmPage.loader(args(formRequest(`http://x${island.location}`, { cookie: visitorCookie }))),
    );
    expect(inPage.data).toMatchObject({ kind: "play", run: { spec: { mode: "calm", operations: ["/"] } } });
  });

  it("refuses no operation ticked, an unknown difficulty and an odd `always`, the input kept, starting nothing", async () => {
    const before = runsCount();
    const none = await post(visitorCookie, [
      ["from", "start"],
      ["difficulty", "extreme"],
      ["always", "on"],
    ]);
    expect(none.status).toBe(400);
    expect(refusal(none).errors).toEqual({ operations: [SETTINGS_MESSAGES.operations] });
    expect(refusal(none).sent).toMatchObject({ difficulty: "extreme", always: "on" });
    const bad = await post(visitorCookie, [
      ["difficulty", "easy"],
      ["operations", "add"],
    ]);
    expect(bad.status).toBe(400);
    const odd = await post(visitorCookie, [
      ["difficulty", "normal"],
      ["operations", "add"],
      ["always", "yes"],
    ]);
    expect(odd.status).toBe(400);
    expect(refusal(odd).errors).toEqual({ always: [CALM_PLAY_TEXTS.alwaysInvalid] });
    expect(runsCount()).toBe(before);
  });

  it("refuses another game's token on its pages", async () => {
    const { token } = issueRun({ mode: "solo", difficulty: "normal", operations: ["+"], timeLimit: 60 }, visitor);
    const page = await outcome(() =>
      calmPlay.loader(args(formRequest(`http://x/game/calm/play?token=${token}`, { cookie: visitorCookie }))),
    );
    expect(page.status).toBe(400);
    const inPage = await outcome(() =>
      calmPage.loader(args(formRequest(`http://x/game/calm?token=${token}`, { cookie: visitorCookie }))),
    );
    expect(inPage.status).toBe(400);
  });
});

describe("finishing a calm game", () => {
  it("is verified and saved after 20 answers, never on a board, its answers in the fact records", async () => {
    const before = entries();
    const { token, ticket } = issueRun({ mode: "calm", difficulty: "normal", operations: ["*"] }, visitor);
    const problems = problemSequence(ticket.spec, ticket.seed);
    vi.setSystemTime(START + 90_000);
    const finish = (answers: unknown) =>
      gameFinish.action(
        args(
          new Request("http://x/game/finish", {
            method: "POST",
            headers: { "Content-Type": "application/json", Cookie: visitorCookie },
            body: JSON.stringify({ token, answers }),
          }),
        ),
      );
    // A 21st answer is no calm game's.
    const tooMany = await finish(honestAnswers(ticket, CALM_QUESTIONS + 1, { gapMs: 3000 }));
    expect(tooMany.status).toBe(400);
    const response = await finish(honestAnswers(ticket, CALM_QUESTIONS, { gapMs: 3000, wrong: [4] }));
    const body = (await response.json()) as FinishResponse;
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ ok: true, summary: { score: 19, totalQuestions: 20 }, practise: true });
    if (!body.ok) return;
    expect(body.standing ?? null).toBeNull();
    expect(entries()).toBe(before);
    const row = db.select().from(gameRuns).where(eq(gameRuns.id, body.runId)).get()!;
    expect(row).toMatchObject({ mode: "calm", gameType: "calm", review: null });
    const book = factBooksOf(visitor)["*"];
    for (let i = 0; i < CALM_QUESTIONS; i++) {
      expect(book?.facts.has(`*${problems(i).num1},${problems(i).num2}` as never)).toBe(true);
    }
    const page = await outcome(() =>
      results.loader(args(formRequest("http://x/", { cookie: visitorCookie }), { runId: body.runId })),
    );
    expect(page.data).toMatchObject({ kind: "practice", calm: true, practise: true, wrong: [expect.any(Object)] });
  });

  it("page by page: no answer after the 20th, `All done!`, then saved off the boards", async () => {
    const before = entries();
    const { token, ticket } = issueRun({ mode: "calm", difficulty: "normal", operations: ["+"] }, visitor);
    const problems = problemSequence(ticket.spec, ticket.seed);
    let location = `/game/calm/play?token=${encodeURIComponent(token)}`;
    const sealedOf = (url: string) => new URL(url, "http://x").searchParams.get("answers") ?? "";
    let sealed = "";
    for (let i = 0; i <= CALM_QUESTIONS; i++) {
      vi.setSystemTime(START + 2_000 * (i + 1));
      const answer = String(problems(i).answer);
      const o = await outcome(() =>
        calmPlay.action(
          args(
            formRequest("http://x/game/calm/play", {
              cookie: visitorCookie,
              body: { token, answers: sealed, answer, key: "enter" },
            }),
          ),
        ),
      );
      expect(o.status).toBe(302);
      location = o.location!.replace("#play", "");
      sealed = sealedOf(location);
    }
    const done = await outcome(() =>
      calmPlay.loader(args(formRequest(`http://x${location}`, { cookie: visitorCookie }))),
    );
    expect(done.data).toMatchObject({ kind: "time-up", answered: CALM_QUESTIONS, calm: true });
    const finished = await outcome(() =>
      calmPlay.action(
        args(
          formRequest("http://x/game/calm/play", {
            cookie: visitorCookie,
            body: { token, answers: sealed, intent: "finish" },
          }),
        ),
      ),
    );
    expect(finished.status).toBe(302);
    expect(finished.location).toMatch(/^\/game\/results\//);
    const runId = finished.location!.split("/").pop()!;
    const row = db.select().from(gameRuns).where(eq(gameRuns.id, runId)).get()!;
    expect(row).toMatchObject({ mode: "calm", score: CALM_QUESTIONS, totalQuestions: CALM_QUESTIONS });
    expect(entries()).toBe(before);
  });
});

describe("choosing calm play", () => {
  it("a member's `Play calmly` sends /game to /game/calm; `Play with the clock` still plays the timed game", async () => {
    const { id, cookie } = await memberCookie();
    expect((await game("http://x/game", cookie)).status).toBe(200);
    const save = (pairs: [string, string][]) =>
      outcome(() =>
        settings.action(
          args(
            new Request("http://x/settings", {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
              body: new URLSearchParams(pairs).toString(),
            }),
          ),
        ),
      );
    const base: [string, string][] = [
      ["intent", "game"],
      ["timeLimit", "60"],
      ["difficulty", "hard"],
      ["operations", "add"],
    ];
    const odd = await save([...base, ["calm", "yes"]]);
    expect(odd.status).toBe(400);
    expect(refusal(odd).errors).toEqual({ calm: [CALM_SETTING.invalid] });
    expect((await save([...base, ["calm", "on"]])).status).toBe(302);
    expect(getMemberProfile(id)?.soloSettings).toMatchObject({ difficulty: "hard", calm: true });

    const to = await game("http://x/game", cookie);
    expect(to.status).toBe(302);
    expect(to.location).toBe("/game/calm");
    // The calm start shows the member's difficulty and operations, and no `always` box.
    const start = await outcome(() => calmPage.loader(args(formRequest("http://x/game/calm", { cookie }))));
    expect(start.data).toMatchObject({
      kind: "choose",
      member: true,
      defaults: { difficulty: "hard", operations: ["+"] },
    });
    const clock = await game("http://x/game?clock=1", cookie);
    expect(clock.status).toBe(200);
    expect(clock.data).toMatchObject({ defaults: { difficulty: "hard", operations: ["+"] }, result: undefined });
    // The results' board panel is fetched from /game: never sent on.
    expect((await game("http://x/game?panel=hard-60", cookie)).status).toBe(200);

    expect((await save(base)).status).toBe(302);
    expect(getMemberProfile(id)?.soloSettings?.calm).toBeUndefined();
    expect((await game("http://x/game", cookie)).status).toBe(200);
  });

  it("a visitor's `Always play calmly on this browser` is kept in the `__solo` cookie, beside the solo settings", async () => {
    const start = (cookie: string, always: boolean) =>
      post(cookie, [
        ["from", "start"],
        ["difficulty", "extreme"],
        ["operations", "subtract"],
        ...(always ? ([["always", "on"]] as [string, string][]) : []),
      ]);
    const on = await start(visitorCookie, true);
    const solo = cookieSet(on.response, "__solo");
    expect(solo).not.toBe("");
    const cookie = `${visitorCookie}; ${solo}`;
    const to = await game("http://x/game", cookie);
    expect(to.location).toBe("/game/calm");
    expect((await game("http://x/game?clock=1", cookie)).status).toBe(200);
    const shown = await outcome(() => calmPage.loader(args(formRequest("http://x/game/calm", { cookie }))));
    expect(shown.data).toMatchObject({
      kind: "choose",
      member: false,
      defaults: { difficulty: "extreme", operations: ["-"], always: true },
    });

    // Not ticked: taken away.
    const off = await start(cookie, false);
    const after = `${visitorCookie}; ${cookieSet(off.response, "__solo")}`;
    expect((await game("http://x/game", after)).status).toBe(200);
    // Another visitor without the cookie plays with the clock.
    expect((await game("http://x/game", visitorCookie)).status).toBe(200);
  });
});
