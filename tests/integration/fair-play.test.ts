import { spawnSync } from "node:child_process";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Player } from "~/auth/player.server";
import { sessionCookie } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { gameRuns, leaderboardEntries } from "~/db/schema";
import { NO_ANSWERS_MESSAGE, problemSequence, timeLimitOf, type SubmittedAnswer } from "~/game";
import { topPlayers } from "~/models/leaderboard.server";
import { countHeldRuns, decideHeldRun, listHeldRuns, recentHoldQuery } from "~/models/review.server";
import { getRunResult } from "~/models/runs.server";
import { insertMemberSession } from "~/models/sessions.server";
import { createMember } from "~/models/users.server";
import { action, loader } from "~/routes/admin/admin-review";
import { resetLimits } from "~/limits/rate-limit.server";
import { finishFromJson, fromFetchRequest } from "~/runs/finish-request.server";
import { finishRun } from "~/runs/finish.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import { REVIEW_MESSAGES } from "~/utils/review-messages";
import { SOLO, honestAnswers } from "./helpers";
import { flashOf, formRequest, outcome } from "./route-call";

/*
 * Fair play (docs/decisions/0024-human-pace.md): a run answered faster or more evenly than people answer is
 * saved for its player but held off the boards; an admin releases or rejects it. A finish with no answers is no
 * game and is refused with nothing written.
 */

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
let n = 0;
const visitor = (): Player => ({ kind: "anon", anonId: `fair-visitor-${(n += 1)}`.padEnd(20, "x") });

async function finish(
  player: Player,
  answers: (token: ReturnType<typeof issueRun>) => SubmittedAnswer[],
  lastMs = 0,
  { startAt = START, serverTimed = false } = {},
) {
  vi.setSystemTime(startAt);
  const run = issueRun(SOLO, player);
  const list = answers(run);
  vi.setSystemTime(startAt + Math.max(lastMs, (list.at(-1)?.t ?? 0) + 200));
  const checked = checkRunTicket(run.token, player);
  if (!checked.ok) throw new Error(checked.message);
  return await finishRun({ ticket: checked.ticket, answers: list, player, serverTimed });
}

/** The perfect-score script: every answer right, one every 400 ms (the old flat floor). */
const scripted = (run: ReturnType<typeof issueRun>): SubmittedAnswer[] => {
  const problemAt = problemSequence(run.ticket.spec, run.ticket.seed);
  return Array.from({ length: 40 }, (_, i) => ({ i, value: String(problemAt(i).answer), t: (i + 1) * 400 }));
};

const onBoard = (runId: string) =>
  db.select({ n: count() }).from(leaderboardEntries).where(eq(leaderboardEntries.runId, runId)).get()!.n === 1;

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
afterEach(() => vi.useRealTimers());

describe("a run at a pace no person keeps", () => {
  it("is saved and shown to its player, but held off the boards", async () => {
    const player = visitor();
    const result = await finish(player, scripted);
    expect(result).toMatchObject({ ok: true, held: true, entryId: null, summary: { score: 40, accuracy: 100 } });
    if (!result.ok) return;
    expect(onBoard(result.runId)).toBe(false);
    expect(getRunResult(result.runId, player)).toMatchObject({ review: "held", summary: { score: 40 } });
    const held = listHeldRuns({ limit: 50 }).find((run) => run.runId === result.runId);
    expect(held?.info.reasons).toContain("faster-than-people");
    expect(held?.info.answers).toHaveLength(40);
    expect(held?.info.timeLimit).toBe(timeLimitOf(SOLO));
  });

  it("a person's run beside it goes straight on the board", async () => {
    const result = await finish(visitor(), (run) => honestAnswers(run.ticket, 20, { gapMs: 2_500 }));
    expect(result).toMatchObject({ ok: true, held: false, entryId: expect.any(Number) });
    if (result.ok) expect(onBoard(result.runId)).toBe(true);
  });

  it("goes on the board when an admin releases it, once", async () => {
    const player = visitor();
    const result = await finish(player, scripted);
    if (!result.ok) throw new Error("not saved");
    vi.setSystemTime(START + 3_600_000);
    expect(decideHeldRun(result.runId, "release")).toBe(true);
    expect(onBoard(result.runId)).toBe(true);
    expect(getRunResult(result.runId, player)?.review).toBe("released");
    // The entry the run would have had, at its own time, not the release's.
    const entry = db.select().from(leaderboardEntries).where(eq(leaderboardEntries.runId, result.runId)).get()!;
    const run = db.select().from(gameRuns).where(eq(gameRuns.id, result.runId)).get()!;
    expect(entry.createdAt).toBe(run.finishedAt);
    const board = topPlayers({ board: "normal", period: "all-time", limit: 20, now: START + 60_000, player });
    expect(board.find((row) => row.mine)).toMatchObject({ score: 40 });
    // Decided once: a second decision changes nothing.
    expect(decideHeldRun(result.runId, "reject")).toBe(false);
    expect(db.select().from(gameRuns).where(eq(gameRuns.id, result.runId)).get()?.review).toBe("released");
  });

  it("stays off the board when an admin rejects it", async () => {
    const player = visitor();
    const result = await finish(player, scripted);
    if (!result.ok) throw new Error("not saved");
    expect(decideHeldRun(result.runId, "reject")).toBe(true);
    expect(onBoard(result.runId)).toBe(false);
    expect(getRunResult(result.runId, player)?.review).toBe("rejected");
    expect(listHeldRuns({ limit: 500 }).some((run) => run.runId === result.runId)).toBe(false);
  });
});

describe("a player with a run held in the last hour (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md)", () => {
  const person = (run: ReturnType<typeof issueRun>) => honestAnswers(run.ticket, 20, { gapMs: 2_500 });

  it("waits for review on every run of that hour, however it was played; after the hour, not", async () => {
    const player = visitor();
    expect(await finish(player, scripted)).toMatchObject({ ok: true, held: true });
    const next = await finish(player, person, 0, { startAt: START + 10 * 60_000 });
    expect(next).toMatchObject({ ok: true, held: true, entryId: null });
    if (!next.ok) return;
    const held = listHeldRuns({ limit: 500 }).find((run) => run.runId === next.runId);
    expect(held?.info.reasons).toEqual(["held-recently"]);
    expect(await finish(player, person, 0, { startAt: START + 62 * 60_000 })).toMatchObject({ ok: true, held: false });
  });

  it("another player's run beside it goes on the board", async () => {
    await finish(visitor(), scripted);
    expect(await finish(visitor(), person, 0, { startAt: START + 60_000 })).toMatchObject({ ok: true, held: false });
  });

  it("keeps whose clock timed the answers: the server's in the game without JavaScript", async () => {
    const result = await finish(visitor(), scripted, 0, { serverTimed: true });
    if (!result.ok) throw new Error("not saved");
    const held = listHeldRuns({ limit: 500 }).find((run) => run.runId === result.runId);
    expect(held?.info).toMatchObject({ timedBy: "server", ceilingLoad: expect.any(Number) });
    expect(held!.info.ceilingLoad!).toBeGreaterThan(1);
  });
});

describe("a finish with no answers", () => {
  it("is refused, and nothing is written", async () => {
    const before = db.select({ n: count() }).from(gameRuns).get()!.n;
    const result = await finish(visitor(), () => [], 30_000);
    expect(result).toEqual({ ok: false, status: 400, message: NO_ANSWERS_MESSAGE });
    expect(db.select({ n: count() }).from(gameRuns).get()!.n).toBe(before);
  });
});

describe("the review page", () => {
  const cookies = { member: "", admin: "" };

  beforeAll(async () => {
    for (const role of ["member", "admin"] as const) {
      const created = createMember({
        email: `review-${role}@example.org`,
        phone: null,
        passwordHash: null,
        username: `Review ${role}`,
        emailVerified: true,
        role,
      });
      if (!created.ok) throw new Error("no account");
      const id = `review-session-${role}`;
      insertMemberSession({ id, userId: created.id, userAgent: null, expiresAt: Date.now() + 3_600_000 });
      cookies[role] = (await sessionCookie.serialize(id)).split(";")[0]!;
    }
  });

  const call = (who: "nobody" | "member" | "admin", body?: Record<string, string>) => {
    const request = formRequest("http://x/admin/review", { cookie: who === "nobody" ? "" : cookies[who], body });
    return outcome(() =>
      body ? action({ request, params: {}, context: {} }) : loader({ request, params: {}, context: {} }),
    );
  };

  it("is for admins only: no session goes to the login, a member gets 403", async () => {
    vi.useRealTimers();
    expect(await call("nobody")).toMatchObject({ status: 302, location: "/admin" });
    expect((await call("member")).status).toBe(403);
    expect(await call("nobody", { intent: "release", runId: "x" })).toMatchObject({ status: 302, location: "/admin" });
    expect((await call("member", { intent: "release", runId: "x" })).status).toBe(403);
  });

  it("lists held scores with why, and releases one to the board", async () => {
    const player = visitor();
    const result = await finish(player, scripted);
    vi.useRealTimers();
    if (!result.ok) throw new Error("not saved");
    const page = await call("admin");
    const data = page.data as { runs: { runId: string; reasons: string[]; player: string }[]; total: number };
    expect(data.total).toBe(countHeldRuns());
    const shown = data.runs.find((run) => run.runId === result.runId);
    expect(shown?.reasons).toEqual(["faster-than-people", "above-human-ceiling", "fast-burst", "too-regular"]);
    expect(shown?.player).toMatch(/^Anonymous player fair-v/);

    const released = await call("admin", { intent: "release", runId: result.runId });
    expect(released).toMatchObject({ status: 302, location: "/admin/review" });
    expect((await flashOf(released.response))?.title).toBe(REVIEW_MESSAGES.released);
    expect(onBoard(result.runId)).toBe(true);

    const again = await call("admin", { intent: "reject", runId: result.runId });
    expect((await flashOf(again.response))?.title).toBe(REVIEW_MESSAGES.gone);
  });

  it("asks before Reject: the step names the held score, and an unknown or decided one is a 404", async () => {
    const player = visitor();
    const result = await finish(player, scripted);
    vi.useRealTimers();
    if (!result.ok) throw new Error("not saved");
    const step = (runId: string) =>
      outcome(() =>
        loader({
          request: formRequest(`http://x/admin/review?reject=${encodeURIComponent(runId)}`, { cookie: cookies.admin }),
          params: {},
          context: {},
        }),
      );
    const asked = await step(result.runId);
    expect((asked.data as { rejecting: { runId: string } | null }).rejecting?.runId).toBe(result.runId);
    expect(countHeldRuns()).toBeGreaterThan(0);
    expect((await step("no-such-run")).status).toBe(404);
    expect((await step("not a run id!")).status).toBe(404);

    const rejected = await call("admin", { intent: "reject", runId: result.runId });
    expect((await flashOf(rejected.response))?.title).toBe(REVIEW_MESSAGES.rejected);
    expect(onBoard(result.runId)).toBe(false);
    expect((await step(result.runId)).status).toBe(404);
  });

  it("shows the held scores oldest first, 20 a page, each next page after the last", async () => {
    // 21 held, finished one a minute apart, newest first, so the page's order is the finish's, not the writing's
    // (two hours on, after the other tests' held runs, which they look for on the first page).
    for (let k = 21; k > 0; k--) await finish(visitor(), scripted, 0, { startAt: START + 2 * 3_600_000 - k * 60_000 });
    vi.useRealTimers();
    const oldestFirst = db.$client
      .prepare(`SELECT id FROM game_runs WHERE review = 'held' ORDER BY finished_at, id`)
      .pluck()
      .all() as string[];
    expect(oldestFirst.length).toBeGreaterThan(20);
    const shown: string[] = [];
    let after: string | null = "";
    while (after !== null) {
      const request = formRequest(`http://x/admin/review${after ? `?after=${after}` : ""}`, { cookie: cookies.admin });
      const page = await outcome(() => loader({ request, params: {}, context: {} }));
      const data = page.data as { runs: { runId: string }[]; next: string | null };
      expect(data.runs.length).toBeLessThanOrEqual(20);
      if (data.next !== null) expect(data.runs).toHaveLength(20);
      shown.push(...data.runs.map((run) => run.runId));
      after = data.next;
    }
    expect(shown).toEqual(oldestFirst);
  });

  it("refuses a form it did not send with 400, writing nothing", async () => {
    vi.useRealTimers();
    const bodies: Record<string, string>[] = [
      {},
      { intent: "delete", runId: "abc" },
      { intent: "release", runId: "../x" },
    ];
    for (const body of bodies) {
      expect((await call("admin", body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("the review queue from a terminal (npm run review)", () => {
  const review = (...args: string[]) =>
    spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/review.ts", ...args], {
      env: process.env,
      encoding: "utf8",
    });

  it("lists the held scores, and releases or rejects one by its run's id, once", async () => {
    const released = await finish(visitor(), scripted, 0, { startAt: START + 3 * 3_600_000 });
    const rejected = await finish(visitor(), scripted, 0, { startAt: START + 3 * 3_600_000 + 60_000 });
    vi.useRealTimers();
    if (!released.ok || !rejected.ok) throw new Error("not saved");
    const listed = review();
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(released.runId);
    expect(listed.stdout).toContain(rejected.runId);

    expect(review("release", released.runId)).toMatchObject({
      status: 0,
      stdout: `Released ${released.runId} to the leaderboards.\n`,
    });
    expect(onBoard(released.runId)).toBe(true);
    expect(review("reject", rejected.runId)).toMatchObject({ status: 0, stdout: `Rejected ${rejected.runId}.\n` });
    expect(onBoard(rejected.runId)).toBe(false);
    expect(db.select().from(gameRuns).where(eq(gameRuns.id, rejected.runId)).get()?.review).toBe("rejected");
    // Decided once: a second decision changes nothing, and says so.
    expect(review("reject", released.runId).status).toBe(1);
    expect(review().stdout).not.toContain(released.runId);
  }, 60_000);
});

describe("a school and a flood behind one address", () => {
  const ADDRESS = "198.51.100.30";

  /** Finishes a run through the island's JSON endpoint, as the browser does, with the rate limits. */
  async function finishJson(player: Player, token: string, answers: SubmittedAnswer[]) {
    const request = new Request("http://x/game/finish", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, answers }),
    });
    const reply = await finishFromJson(fromFetchRequest(request), { address: ADDRESS, playerOf: async () => player });
    return { status: reply.status, body: reply.body as { held?: boolean } };
  }

  it("a class of 30 finishing a game at a child's pace together, round after round, is never limited or held", async () => {
    resetLimits();
    const pupils = Array.from({ length: 30 }, () => visitor());
    for (let round = 0; round < 5; round++) {
      const roundStart = START + round * 70_000;
      vi.setSystemTime(roundStart);
      const runs = pupils.map((pupil) => ({ pupil, run: issueRun(SOLO, pupil) }));
      // Everyone's time runs out within the same minute.
      vi.setSystemTime(roundStart + 61_000);
      for (const { pupil, run } of runs) {
        const answers = honestAnswers(run.ticket, 22, { gapMs: 2_600, wrong: [3, 11] });
        const { status, body } = await finishJson(pupil, run.token, answers);
        expect(status).toBe(200);
        expect(body.held).toBe(false);
      }
    }
  });

  it("one address cannot post more than 300 finishes a minute, however many players it makes up", async () => {
    resetLimits();
    let accepted = 0;
    let refused = 0;
    // Ten minutes of a script posting 1,000 junk finishes a minute, each from a new made-up player.
    for (let minute = 0; minute < 10; minute++) {
      for (let k = 0; k < 1_000; k++) {
        const player = visitor();
        vi.setSystemTime(START + minute * 60_000 + k * 60);
        const run = issueRun(SOLO, player);
        vi.setSystemTime(START + minute * 60_000 + k * 60 + 500);
        const { status } = await finishJson(player, run.token, [{ i: 0, value: "1", t: 100 }]);
        if (status === 200) accepted += 1;
        else if (status === 429) refused += 1;
        else throw new Error(`unexpected ${status}`);
      }
    }
    // At most the address's 300 a minute: a million junk finishes would take over 55 hours from one address.
    expect(accepted).toBeLessThanOrEqual(10 * 300);
    expect(refused).toBeGreaterThanOrEqual(10 * 700);
    expect((1_000_000 / (accepted / 10)) * 60_000).toBeGreaterThan(55 * 3_600_000);
  }, 120_000);
});

describe("a player's recent holds", () => {
  it("are read off the partial holds indexes, never all of a player's runs", () => {
    const players: Player[] = [
      { kind: "member", userId: "u-plan", username: "Plan" },
      { kind: "anon", anonId: "a-plan" },
    ];
    for (const [player, index] of [
      [players[0]!, "game_runs_user_holds"],
      [players[1]!, "game_runs_anon_holds"],
    ] as const) {
      const query = recentHoldQuery(player, 0)!;
      const plan = (
        db.$client.prepare(`EXPLAIN QUERY PLAN ${query.statement.source}`).all(...query.params) as { detail: string }[]
      )
        .map((row) => row.detail)
        .join("\n");
      expect(plan).toContain(index);
    }
  });
});
