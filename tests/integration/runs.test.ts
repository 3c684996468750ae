import { count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrCreatePlayer, type Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { gameRuns, leaderboardEntries, users } from "~/db/schema";
import { FINISH_GRACE_MS, MIN_MS_PER_ANSWER } from "~/game";
import { getRunResult } from "~/models/runs.server";
import { FINISH_MESSAGES, finishRun } from "~/runs/finish.server";
import {
  TICKET_MESSAGES,
  checkRunTicket,
  issueRun,
  openAnswers,
  readRunToken,
  sealAnswers,
  type RunTicket,
} from "~/runs/tokens.server";
import { SOLO, honestAnswers } from "./helpers";

const visitor: Player = { kind: "anon", anonId: "visitor-aaaaaaaaaaaa" };
const otherVisitor: Player = { kind: "anon", anonId: "visitor-bbbbbbbbbbbb" };
const member: Player = { kind: "member", userId: "user-1", username: "Swift Otter" };

const START = Date.UTC(2026, 10, 22, 9, 0, 0);

const runCount = () => (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;

function entryCount() {
  return (db.select({ n: count() }).from(leaderboardEntries).get() as { n: number }).n;
}

/** Starts a run at START and moves the clock to `afterMs` for the finish. */
function startRun(player: Player = visitor, spec = SOLO) {
  vi.setSystemTime(START);
  const run = issueRun(spec, player);
  return run;
}

/** As the finish routes do it: the ticket is checked first, then the run is verified and saved. */
async function finishWith(input: { token: unknown; answers: unknown; player: Player | null; serverTimed?: boolean }) {
  const checked = checkRunTicket(input.token, input.player);
  if (!checked.ok) return checked;
  return finishRun({
    ticket: checked.ticket,
    answers: input.answers,
    player: checked.player,
    serverTimed: input.serverTimed,
  });
}

beforeAll(() => {
  db.insert(users).values({ id: "user-1", email: "otter@example.org" }).run();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ids written with every finish", () => {
  it("a run's id sorts by when it was started, so the ledger's keys go in at the end of their indexes", () => {
    const ids = [0, 1, 60_000, 86_400_000].map((later) => {
      vi.setSystemTime(START + later);
      return issueRun(SOLO, visitor).ticket.id;
    });
    expect([...ids].sort()).toEqual(ids);
    // Unique within one millisecond too, and of the shape the site accepts for an id.
    vi.setSystemTime(START);
    const sameMoment = Array.from({ length: 50 }, () => issueRun(SOLO, visitor).ticket.id);
    expect(new Set(sameMoment).size).toBe(50);
    for (const id of [...ids, ...sameMoment]) expect(id).toMatch(/^[0-9a-f]{12}[\w-]{22}$/);
  });

  it("a new visitor's id sorts by when they first came", async () => {
    const ids: string[] = [];
    for (const later of [0, 5, 3_600_000]) {
      vi.setSystemTime(START + later);
      const { player, headers } = await getOrCreatePlayer(new Request("http://localhost/game"));
      expect(player.kind).toBe("anon");
      if (player.kind === "anon") ids.push(player.anonId);
      expect(headers.get("Set-Cookie")).toContain("Path=/");
    }
    expect([...ids].sort()).toEqual(ids);
  });
});

describe("run tokens", () => {
  it("carry the run and are refused when tampered with", () => {
    const { token, ticket } = startRun();
    expect(readRunToken(token)).toEqual(ticket);
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...ticket, spec: { ...SOLO, difficulty: "easy" } })).toString(
      "base64url",
    );
    expect(readRunToken(`${forged}.${signature}`)).toBeNull();
    expect(readRunToken(`${payload}.x${signature}`)).toBeNull();
    expect(readRunToken("not-a-token")).toBeNull();
    expect(readRunToken(42)).toBeNull();
  });

  it("issuing a run writes nothing", () => {
    const before = (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;
    startRun();
    expect((db.select({ n: count() }).from(gameRuns).get() as { n: number }).n).toBe(before);
  });

  it("sealed answers only open with their own token and untouched", () => {
    const a = startRun();
    const b = startRun();
    const sealed = sealAnswers(a.token, [{ i: 0, value: "7", t: 900 }]);
    expect(openAnswers(a.token, sealed)).toEqual([{ i: 0, value: "7", t: 900 }]);
    expect(openAnswers(b.token, sealed)).toBeNull();
    expect(openAnswers(a.token, sealed.replace(/^./, "x"))).toBeNull();
    expect(openAnswers(a.token, "")).toEqual([]);
  });
});

describe("finishing a run", () => {
  it("saves the server's own score for a visitor with no user id or username", async () => {
    const { token, ticket } = startRun();
    const answers = honestAnswers(ticket, 10, { wrong: [2, 5] });
    vi.setSystemTime(START + 61_000);
    const result = await finishWith({ token, answers, player: visitor });
    expect(result).toMatchObject({ ok: true, summary: { score: 8, totalQuestions: 10, accuracy: 80 } });
    if (!result.ok) return;
    const entry = db.select().from(leaderboardEntries).where(eq(leaderboardEntries.id, result.entryId!)).get();
    expect(entry).toMatchObject({
      score: 8,
      totalQuestions: 10,
      accuracy: 80,
      gameType: "normal",
      userId: null,
      username: null,
    });
    expect(entry?.anonId).toBe(visitor.kind === "anon" ? visitor.anonId : null);
    expect(getRunResult(result.runId, visitor)?.records).toHaveLength(10);
  });

  it("saves a member's entry with their id and name", async () => {
    const { token, ticket } = startRun(member, { mode: "solo", difficulty: "hard", operations: ["+"], timeLimit: 60 });
    vi.setSystemTime(START + 30_000);
    const result = await finishWith({ token, answers: honestAnswers(ticket, 3), player: member });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const entry = db.select().from(leaderboardEntries).where(eq(leaderboardEntries.id, result.entryId!)).get();
    expect(entry).toMatchObject({ gameType: "hard", userId: "user-1", username: "Swift Otter", anonId: null });
  });

  it("scores a wrong answer as wrong whatever the client believed", async () => {
    const { token, ticket } = startRun();
    const answers = honestAnswers(ticket, 2).map((a) => ({ ...a, value: "99999" }));
    vi.setSystemTime(START + 61_000);
    expect(await finishWith({ token, answers, player: visitor })).toMatchObject({
      ok: true,
      summary: { score: 0, totalQuestions: 2 },
    });
  });

  it("finishes a run once: a replay is refused and writes nothing", async () => {
    const { token, ticket } = startRun();
    vi.setSystemTime(START + 61_000);
    expect((await finishWith({ token, answers: honestAnswers(ticket, 4), player: visitor })).ok).toBe(true);
    const before = entryCount();
    const replay = await finishWith({ token, answers: honestAnswers(ticket, 4), player: visitor });
    // Refused, but its own player learns what was saved (a lost response, a double click).
    expect(replay).toMatchObject({ ok: false, status: 409, message: FINISH_MESSAGES.alreadyFinished });
    expect(replay.ok === false && replay.status === 409 && replay.saved?.summary).toEqual({
      score: 4,
      totalQuestions: 4,
      accuracy: 100,
    });
    expect(entryCount()).toBe(before);
  });

  it("a late retry of a finished run still gets its saved result, not a timing refusal", async () => {
    const { token, ticket } = startRun();
    vi.setSystemTime(START + 61_000);
    expect((await finishWith({ token, answers: honestAnswers(ticket, 2), player: visitor })).ok).toBe(true);
    vi.setSystemTime(START + 10 * 60_000);
    const retry = await finishWith({ token, answers: honestAnswers(ticket, 2), player: visitor });
    expect(retry).toMatchObject({ ok: false, status: 409, saved: { summary: { score: 2, totalQuestions: 2 } } });
  });

  it("refuses a run that is not yours", async () => {
    const { token, ticket } = startRun(visitor);
    vi.setSystemTime(START + 61_000);
    const before = entryCount();
    expect(await finishWith({ token, answers: honestAnswers(ticket, 2), player: otherVisitor })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await finishWith({ token, answers: honestAnswers(ticket, 2), player: null })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(entryCount()).toBe(before);
  });

  it("a server-timed (no JavaScript) finish may come late: its answers were stamped and sealed by the server", async () => {
    const { token, ticket } = startRun();
    vi.setSystemTime(START + 60_000 + FINISH_GRACE_MS + 5 * 60_000);
    const result = await finishWith({ token, answers: honestAnswers(ticket, 5), player: visitor, serverTimed: true });
    expect(result).toMatchObject({ ok: true, summary: { score: 5, totalQuestions: 5 } });
  });

  it("refuses to sign a run spec the engine would not accept", () => {
    expect(() =>
      issueRun({ mode: "solo", difficulty: "normal", operations: [null as never], timeLimit: 60 }, visitor),
    ).toThrow(/invalid run spec/);
  });

  it("refuses a finish after the deadline plus grace", async () => {
    const { token, ticket } = startRun();
    vi.setSystemTime(START + 60_000 + FINISH_GRACE_MS + 1);
    const before = entryCount();
    expect(await finishWith({ token, answers: honestAnswers(ticket, 5), player: visitor })).toMatchObject({
      ok: false,
      status: 400,
      message: "This game was sent after its time ran out, so it cannot be scored.",
    });
    expect(entryCount()).toBe(before);
  });

  it.each([
    ["reordered", (a: ReturnType<typeof honestAnswers>) => [a[1]!, a[0]!, ...a.slice(2)]],
    ["duplicated", (a: ReturnType<typeof honestAnswers>) => [a[0]!, { ...a[0]!, t: a[0]!.t + 500 }, ...a.slice(1)]],
    ["skipped", (a: ReturnType<typeof honestAnswers>) => [a[0]!, ...a.slice(2)]],
    ["with an empty answer", (a: ReturnType<typeof honestAnswers>) => [{ ...a[0]!, value: "" }, ...a.slice(1)]],
    [
      "with one longer than 32 characters",
      (a: ReturnType<typeof honestAnswers>) => [{ ...a[0]!, value: "1".repeat(33) }, ...a.slice(1)],
    ],
    ["with times running backwards", (a: ReturnType<typeof honestAnswers>) => [{ ...a[0]!, t: 5000 }, ...a.slice(1)]],
    ["not a list", () => "7,8,9"],
    ["malformed items", () => [{ i: "0", value: 7 }]],
  ])("refuses answers %s and writes nothing", async (_name, forge) => {
    const { token, ticket } = startRun();
    vi.setSystemTime(START + 61_000);
    const before = entryCount();
    const result = await finishWith({ token, answers: forge(honestAnswers(ticket, 5)), player: visitor });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(entryCount()).toBe(before);
  });

  it.each<[string, number, (ticket: RunTicket) => ReturnType<typeof honestAnswers>, string]>([
    [
      "more answers than anyone could give in the time",
      // Two seconds in, more answers than 400 ms each allow.
      2_000,
      (ticket) => honestAnswers(ticket, Math.floor(2_000 / MIN_MS_PER_ANSWER) + 5, { gapMs: 10 }),
      "There are more answers than anyone could give in that time.",
    ],
    [
      "answers closer together than 400 ms on average, however long the game ran",
      // Ten answers in the game's first second: few enough for the minute, but 100 ms apart.
      61_000,
      (ticket) => honestAnswers(ticket, 10, { gapMs: 100 }),
      "These answers came faster than anyone could give them.",
    ],
  ])("refuses %s, writing nothing", async (_what, sentAfterMs, answers, message) => {
    const { token, ticket } = startRun();
    vi.setSystemTime(START + sentAfterMs);
    const runs = runCount();
    const result = await finishWith({ token, answers: answers(ticket), player: visitor });
    expect(result).toEqual({ ok: false, status: 400, message });
    expect(runCount()).toBe(runs);
  });

  it("refuses runs of modes the server does not finish (the engine's allow-list)", async () => {
    vi.setSystemTime(START);
    const multiplayer = issueRun({ mode: "multiplayer", difficulty: "Normal" }, visitor);
    const student = issueRun(
      { mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] },
      visitor,
    );
    vi.setSystemTime(START + 1_000);
    for (const { token } of [multiplayer, student]) {
      expect(await finishWith({ token, answers: [], player: visitor })).toMatchObject({
        ok: false,
        status: 400,
        message: TICKET_MESSAGES.badToken,
      });
    }
  });

  it("refuses a forged or foreign token", async () => {
    vi.setSystemTime(START + 1_000);
    expect(await finishWith({ token: "abc.def", answers: [], player: visitor })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await finishWith({ token: undefined, answers: [], player: visitor })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("a finished run's results are visible to its player only", async () => {
    const { token, ticket } = startRun();
    vi.setSystemTime(START + 61_000);
    const result = await finishWith({ token, answers: honestAnswers(ticket, 1), player: visitor });
    if (!result.ok) throw new Error(result.message);
    expect(getRunResult(result.runId, visitor)?.summary).toEqual({ score: 1, totalQuestions: 1, accuracy: 100 });
    expect(getRunResult(result.runId, otherVisitor)).toBeNull();
    expect(getRunResult(result.runId, null)).toBeNull();
    expect(getRunResult("missing", visitor)).toBeNull();
  });
});
