import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrCreatePlayer, type Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { gameRuns, leaderboardEntries } from "~/db/schema";
import { problemSequence } from "~/game";
import { resetLimits } from "~/limits/rate-limit.server";
import { factBooksOf } from "~/models/fact-records.server";
import * as gameFinish from "~/routes/game/finish";
import * as gamePage from "~/routes/game/game";
import * as playPage from "~/routes/game/play";
import * as results from "~/routes/game/results";
import * as tablesPage from "~/routes/game/tables";
import { issueRun, readRunToken } from "~/runs/tokens.server";
import type { FinishResponse } from "~/types/runs";
import { TABLES_MESSAGES } from "~/utils/tables-settings";
import { honestAnswers } from "./helpers";
import { cookieSet, formRequest, outcome, refusal, tokenOf } from "./route-call";

/*
 * The times-tables game (docs/product.md#times-tables-game): started from its own form or a link, with or without
 * JavaScript, verified as every run, kept off the boards, its answers in the player's fact records, and its settings
 * remembered in the `__solo` cookie beside the solo ones.
 */

const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const args = (request: Request, params = {}) =>
  ({ request, params, context: { clientAddress: "203.0.113.10" } }) as never;

let visitor: Player;
let visitorCookie: string;

const entries = () => (db.select({ n: count() }).from(leaderboardEntries).get() as { n: number }).n;
const runsCount = () => (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;

const post = (cookie: string, body: Record<string, string>, pairs: [string, string][] = []) => {
  const request = formRequest("http://x/game/tables", { cookie, body });
  if (pairs.length === 0) return outcome(() => tablesPage.action(args(request)));
  const form = new URLSearchParams(body);
  for (const [name, value] of pairs) form.append(name, value);
  const withPairs = new Request("http://x/game/tables", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: form.toString(),
  });
  return outcome(() => tablesPage.action(args(withPairs)));
};

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

describe("starting a times-tables game", () => {
  it("starts a run of the ticked tables: page by page, or in the page when the button says so", async () => {
    const paged = await post(visitorCookie, { from: "start", tables: "7", operations: "multiply", timeLimit: "30" }, [
      ["operations", "divide"],
    ]);
    expect(paged.status).toBe(302);
    expect(paged.location).toMatch(/^\/game\/play\?token=.*#play$/);
    expect(readRunToken(tokenOf(paged.location))!.spec).toEqual({
      mode: "tables",
      tables: [7],
      operations: ["*", "/"],
      timeLimit: 30,
    });

    const island = await post(visitorCookie, { from: "start", tables: "8", operations: "divide", go: "island" }, [
      ["tables", "3"],
    ]);
    expect(island.location).toMatch(/^\/game\/tables\?token=/);
    // The tables in order, whatever order they came in.
    expect(readRunToken(tokenOf(island.location))!.spec).toMatchObject({ tables: [3, 8], operations: ["/"] });
    const page = await outcome(() =>
      tablesPage.loader(args(formRequest(`http://x${island.location}`, { cookie: visitorCookie }))),
    );
    expect(page.data).toMatchObject({ kind: "play", run: { spec: { mode: "tables", tables: [3, 8] } } });
  });

  it("refuses a form with no table ticked, next to the boxes, the other choices kept, starting nothing", async () => {
    const before = runsCount();
    const o = await post(visitorCookie, { from: "start", operations: "divide", timeLimit: "120", go: "paged" });
    expect(o.status).toBe(400);
    const { errors, sent } = refusal(o);
    expect(errors).toEqual({ tables: [TABLES_MESSAGES.tables] });
    expect(sent).toMatchObject({ operations: "divide", timeLimit: "120" });
    expect(o.headers?.get("Set-Cookie") ?? null).toBeNull();

    const none = await post(visitorCookie, { from: "start", tables: "5", go: "paged" });
    expect(none.status).toBe(400);
    expect(refusal(none).errors).toEqual({ operations: [TABLES_MESSAGES.operations] });

    for (const table of ["1", "13", "07", "7.0", "seven", ""]) {
      const bad = await post(visitorCookie, { from: "start", tables: table, operations: "multiply" });
      expect(bad.status).toBe(400);
      expect(refusal(bad).errors.tables).toEqual([TABLES_MESSAGES.tables]);
    }
    expect(runsCount()).toBe(before);
  });

  it("starts from a link without JavaScript, and a link with no table shows the times-tables form", async () => {
    const link = await outcome(() =>
      playPage.loader(args(formRequest("http://x/game/play?mode=tables&tables=9&tables=2", { cookie: visitorCookie }))),
    );
    expect(link.status).toBe(302);
    expect(readRunToken(tokenOf(link.location))!.spec).toEqual({
      mode: "tables",
      tables: [2, 9],
      operations: ["*", "/"],
      timeLimit: 60,
    });
    const refused = await outcome(() =>
      playPage.loader(
        args(formRequest("http://x/game/play?mode=tables&operations=multiply", { cookie: visitorCookie })),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ kind: "settings-error", tables: true });
    expect(refusal(refused).errors).toEqual({ tables: [TABLES_MESSAGES.tables] });
  });

  it("shows a link's own tables ticked, else the last game's (kept beside a visitor's solo settings)", async () => {
    const linked = await outcome(() =>
      tablesPage.loader(args(formRequest("http://x/game/tables?tables=7&tables=8&timeLimit=30"))),
    );
    expect(linked.data).toMatchObject({ kind: "choose", defaults: { tables: [7, 8], timeLimit: 30 } });
    // The start screen's own link with tables leads there.
    const fromGame = await outcome(() => gamePage.loader(args(formRequest("http://x/game?tables=7&tables=8"))));
    expect(fromGame.status).toBe(302);
    expect(fromGame.location).toBe("/game/tables?tables=7&tables=8");
    const fresh = await outcome(() => tablesPage.loader(args(formRequest("http://x/game/tables"))));
    expect(fresh.data).toMatchObject({ kind: "choose", defaults: { tables: [], operations: ["*", "/"] } });

    // A visitor's solo game, then a times-tables game: the cookie keeps both.
    const solo = await outcome(() =>
      playPage.loader(
        args(formRequest("http://x/game/play?difficulty=hard&timeLimit=120&operations=add", { cookie: visitorCookie })),
      ),
    );
    const soloCookie = cookieSet(solo.response, "__solo");
    expect(soloCookie).not.toBe("");
    const tables = await post(`${visitorCookie}; ${soloCookie}`, {
      from: "start",
      tables: "6",
      operations: "multiply",
      timeLimit: "300",
    });
    const both = cookieSet(tables.response, "__solo");
    const cookie = `${visitorCookie}; ${both}`;
    const shown = await outcome(() => tablesPage.loader(args(formRequest("http://x/game/tables", { cookie }))));
    expect(shown.data).toMatchObject({ defaults: { tables: [6], operations: ["*"], timeLimit: 300 } });
    const game = await outcome(() => gamePage.loader(args(formRequest("http://x/game", { cookie }))));
    expect(game.data).toMatchObject({ defaults: { difficulty: "hard", timeLimit: 120, operations: ["+"] } });
  });
});

describe("finishing a times-tables game", () => {
  it("is verified and saved, never on a board, its answers in the fact records, its results said so", async () => {
    const before = entries();
    const { token, ticket } = issueRun({ mode: "tables", tables: [7], operations: ["*"], timeLimit: 60 }, visitor);
    const problems = problemSequence(ticket.spec, ticket.seed);
    vi.setSystemTime(START + 8_000);
    const request = new Request("http://x/game/finish", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: visitorCookie },
      body: JSON.stringify({ token, answers: honestAnswers(ticket, 5, { wrong: [2] }) }),
    });
    const response = await gameFinish.action(args(request));
    const body = (await response.json()) as FinishResponse;
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ ok: true, summary: { score: 4, totalQuestions: 5 }, practise: true });
    if (!body.ok) return;
    expect(body.standing ?? null).toBeNull();
    expect(entries()).toBe(before);
    const row = db.select().from(gameRuns).where(eq(gameRuns.id, body.runId)).get()!;
    expect(row).toMatchObject({ mode: "tables", gameType: "tables", review: null });

    // Every answer reached the player's × records: the facts of the 7 times table asked.
    const asked = new Set(Array.from({ length: 5 }, (_, i) => `*${problems(i).num1},${problems(i).num2}`));
    const book = factBooksOf(visitor)["*"];
    for (const key of asked) expect(book?.facts.has(key as never)).toBe(true);

    const page = await outcome(() =>
      results.loader(args(formRequest("http://x/", { cookie: visitorCookie }), { runId: body.runId })),
    );
    expect(page.data).toMatchObject({ kind: "practice", tables: true, practise: true, wrong: [expect.any(Object)] });
  });
});
