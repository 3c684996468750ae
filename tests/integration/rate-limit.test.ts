import { count } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { gameRuns } from "~/db/schema";
import type { RunSpec, SubmittedAnswer } from "~/game";
import { hit, peek, refund, resetLimits, type DelayRule, type LimitRule } from "~/limits/rate-limit.server";
import { finishFromJson, fromFetchRequest } from "~/runs/finish-request.server";
import { issueRun } from "~/runs/tokens.server";
import { honestAnswers } from "./helpers";

const perMinute = (max: number): LimitRule => ({ name: `test-${max}`, max, windowMs: 60_000, message: "Slow down." });
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

beforeEach(() => {
  resetLimits();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("the rate limiter", () => {
  it("allows max hits per key in a window, then refuses with the rule's message and when to retry", () => {
    const rule = perMinute(3);
    for (let i = 0; i < 3; i++) expect(hit([{ rule, key: "a" }])).toEqual({ ok: true });
    const refused = hit([{ rule, key: "a" }]);
    expect(refused).toMatchObject({ ok: false, message: "Slow down." });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another key has its own count.
    expect(hit([{ rule, key: "b" }])).toEqual({ ok: true });
  });

  it("says in Retry-After when the request gets through, not a second later, nor while it is still refused", () => {
    const rule = perMinute(12);
    // Hits spread over the last window and this one, refused at many moments: each wait is the first whole second
    // at which the same request fits, if nothing else hits the key meanwhile.
    for (const [earlier, now, offsetMs] of [
      [0, 12, 50_000],
      [12, 0, 60_000],
      [12, 0, 65_000],
      [8, 4, 70_000],
      [12, 3, 110_000],
      [5, 11, 119_999],
    ] as const) {
      resetLimits();
      vi.setSystemTime(T0 + 1_000);
      for (let i = 0; i < earlier; i++) hit([{ rule, key: "k" }]);
      vi.setSystemTime(T0 + 60_000);
      for (let i = 0; i < now; i++) hit([{ rule, key: "k" }]);
      vi.setSystemTime(T0 + offsetMs);
      const refused = hit([{ rule, key: "k" }]);
      if (refused.ok) continue;
      const wait = refused.retryAfterSeconds * 1000;
      vi.setSystemTime(T0 + offsetMs + wait - 1_000);
      if (wait > 1_000) expect(peek([{ rule, key: "k" }]).ok, `${earlier}, ${now} at ${offsetMs}`).toBe(false);
      vi.setSystemTime(T0 + offsetMs + wait);
      expect(peek([{ rule, key: "k" }]).ok, `${earlier}, ${now} at ${offsetMs}`).toBe(true);
    }
  });

  it("slides: the last window's hits weigh less as time passes, and are gone after two windows", () => {
    const rule = perMinute(10);
    for (let i = 0; i < 10; i++) hit([{ rule, key: "a" }]);
    vi.setSystemTime(T0 + 60_000 + 30_000); // half way through the next window: 10 × 0.5 still counted
    for (let i = 0; i < 5; i++) expect(hit([{ rule, key: "a" }]).ok).toBe(true);
    expect(hit([{ rule, key: "a" }]).ok).toBe(false);
    vi.setSystemTime(T0 + 3 * 60_000);
    expect(hit([{ rule, key: "a" }]).ok).toBe(true);
  });

  it("counts nothing when any rule refuses, and skips keys that are not known", () => {
    const small = perMinute(1);
    const large = perMinute(100);
    expect(
      hit([
        { rule: small, key: "p" },
        { rule: large, key: "addr" },
      ]).ok,
    ).toBe(true);
    expect(
      hit([
        { rule: small, key: "p" },
        { rule: large, key: "addr" },
      ]).ok,
    ).toBe(false);
    // The refused hit did not count against the address: 99 more fit.
    for (let i = 0; i < 99; i++) expect(hit([{ rule: large, key: "addr" }]).ok).toBe(true);
    expect(hit([{ rule: large, key: "addr" }]).ok).toBe(false);
    expect(hit([{ rule: small, key: null }]).ok).toBe(true);
  });

  it("a key's own allowance can replace the rule's (an address's credit), and a refund takes a hit back", () => {
    const rule = perMinute(100);
    expect(hit([{ rule, key: "a", max: 2 }]).ok).toBe(true);
    expect(hit([{ rule, key: "a", max: 2 }]).ok).toBe(true);
    expect(peek([{ rule, key: "a", max: 2 }]).ok).toBe(false);
    expect(peek([{ rule, key: "a", max: 0 }]).ok).toBe(false);
    refund([{ rule, key: "a" }]);
    expect(peek([{ rule, key: "a", max: 2 }]).ok).toBe(true);
  });

  it("growing delays: free failures, then a wait after each, Retry-After the rest of it, forgotten later", () => {
    const rule: DelayRule = { name: "delays", free: 2, waitsMs: [10_000, 60_000], forgetMs: 120_000, message: "Wait." };
    const at = (ms: number) => vi.setSystemTime(T0 + ms);
    expect(hit([{ rule, key: "a" }])).toEqual({ ok: true });
    expect(hit([{ rule, key: "a" }])).toEqual({ ok: true });
    // The second failure starts the first wait; a try while waiting is refused and not counted.
    expect(peek([{ rule, key: "a" }])).toEqual({ ok: false, message: "Wait.", retryAfterSeconds: 10 });
    at(4_000);
    expect(hit([{ rule, key: "a" }])).toEqual({ ok: false, message: "Wait.", retryAfterSeconds: 6 });
    expect(peek([{ rule, key: "b" }]).ok).toBe(true);
    at(10_000);
    expect(hit([{ rule, key: "a" }]).ok).toBe(true);
    expect(peek([{ rule, key: "a" }])).toMatchObject({ retryAfterSeconds: 60 });
    at(70_000);
    expect(hit([{ rule, key: "a" }]).ok).toBe(true);
    // The last wait repeats.
    expect(peek([{ rule, key: "a" }])).toMatchObject({ retryAfterSeconds: 60 });
    // Two minutes without a failure: forgotten, two free again.
    at(70_000 + 120_000);
    expect(hit([{ rule, key: "a" }]).ok).toBe(true);
    expect(peek([{ rule, key: "a" }]).ok).toBe(true);
    expect(hit([{ rule, key: "a" }]).ok).toBe(true);
    expect(peek([{ rule, key: "a" }]).ok).toBe(false);
    // A refund (a right password) forgets the key at once.
    refund([{ rule, key: "a" }]);
    expect(peek([{ rule, key: "a" }]).ok).toBe(true);
  });

  it("a refund of one explained failure takes back that one: from the window that counted it, one delay step", () => {
    const rule = perMinute(3);
    for (let i = 0; i < 3; i++) hit([{ rule, key: "a" }]);
    vi.setSystemTime(T0 + 60_000); // the next window: the 3 weigh fully at its start
    expect(peek([{ rule, key: "a" }]).ok).toBe(false);
    refund([{ rule, key: "a" }], T0 + 1_000);
    expect(hit([{ rule, key: "a" }]).ok).toBe(true);
    expect(peek([{ rule, key: "a" }]).ok).toBe(false);
    // Nothing to take back from a key never counted, or from long ago.
    refund([{ rule, key: "none" }], T0);
    refund([{ rule, key: "a" }], T0 - 120_000);
    expect(peek([{ rule, key: "a" }]).ok).toBe(false);

    const delays: DelayRule = { name: "d", free: 2, waitsMs: [10_000], forgetMs: 120_000, message: "Wait." };
    for (let i = 0; i < 3; i++) {
      vi.setSystemTime(T0 + 100_000 + i * 10_000);
      hit([{ rule: delays, key: "a" }]);
    }
    // Three failures: one given back leaves two, so the running wait stays; another leaves one, and no wait.
    refund([{ rule: delays, key: "a" }], T0 + 100_000);
    expect(peek([{ rule: delays, key: "a" }])).toMatchObject({ ok: false, retryAfterSeconds: 10 });
    refund([{ rule: delays, key: "a" }], T0 + 110_000);
    expect(peek([{ rule: delays, key: "a" }]).ok).toBe(true);
    expect(hit([{ rule: delays, key: "a" }]).ok).toBe(true);
    expect(peek([{ rule: delays, key: "a" }]).ok).toBe(false);
  });

  it("a whole class behind one address, finishing together every minute, is never limited", async () => {
    const { GAME_LIMITS } = await import("~/limits/game-limits.server");
    for (let minute = 0; minute < 10; minute++) {
      vi.setSystemTime(T0 + minute * 60_000);
      for (let child = 0; child < 30; child++) {
        const player = `a:child-${child}`;
        expect(GAME_LIMITS.start({ address: "203.0.113.7", player }).ok).toBe(true);
        expect(GAME_LIMITS.finish({ address: "203.0.113.7", player }).ok).toBe(true);
      }
    }
  });

  it("one player starting games in a loop is stopped within a minute", async () => {
    const { GAME_LIMITS } = await import("~/limits/game-limits.server");
    const results = Array.from(
      { length: 40 },
      () => GAME_LIMITS.start({ address: "198.51.100.1", player: "a:bot" }).ok,
    );
    expect(results.filter(Boolean).length).toBeLessThan(40);
    expect(results.at(-1)).toBe(false);
  });
});

/*
 * The games' own limits (docs/product.md#rate-limits), through the real finish: one player starts 20 games and
 * finishes 12 a minute, one address starts 600; over a limit, 429 with the message and Retry-After, nothing written,
 * and the same finish sent again once the limit lets it through is taken.
 */
describe("the games' limits", () => {
  const ADDRESS = "198.51.100.44";
  const SLOW_DOWN = "You have started a lot of games in a short time. Please wait a minute, then play again.";
  // A 5-minute game, finished early: the finish sent again after Retry-After is still within its time.
  const LONG: RunSpec = { mode: "solo", difficulty: "normal", operations: ["+", "-", "*", "/"], timeLimit: 300 };
  const runsWritten = () => db.select({ n: count() }).from(gameRuns).get()!.n;

  async function finishJson(player: Player, token: string, answers: SubmittedAnswer[]) {
    const request = new Request("http://x/game/finish", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, answers }),
    });
    return finishFromJson(fromFetchRequest(request), { address: ADDRESS, playerOf: async () => player });
  }

  it("a player starts 20 games a minute and an address 600, then each is refused with the message", async () => {
    const { GAME_LIMITS } = await import("~/limits/game-limits.server");
    const starts = Array.from({ length: 21 }, () => GAME_LIMITS.start({ address: "198.51.100.45", player: "a:one" }));
    expect(starts.filter((s) => s.ok)).toHaveLength(20);
    expect(starts[20]).toMatchObject({ ok: false, message: SLOW_DOWN, retryAfterSeconds: expect.any(Number) });

    resetLimits();
    const crowd = Array.from({ length: 601 }, (_, k) => GAME_LIMITS.start({ address: ADDRESS, player: `a:${k}` }));
    expect(crowd.filter((s) => s.ok)).toHaveLength(600);
    expect(crowd[600]).toMatchObject({ ok: false, message: SLOW_DOWN });
  });

  it("a player's 13th finish in a minute is 429, writes nothing, and is taken when sent again", async () => {
    const player: Player = { kind: "anon", anonId: "limit-finisher-aaaaaa" };
    const runs = Array.from({ length: 13 }, () => issueRun(LONG, player));
    vi.setSystemTime(T0 + 50_000);
    const answered = runs.map((run) => honestAnswers(run.ticket, 8, { gapMs: 5_000 }));
    for (let k = 0; k < 12; k++) expect((await finishJson(player, runs[k]!.token, answered[k]!)).status).toBe(200);

    const before = runsWritten();
    const refused = await finishJson(player, runs[12]!.token, answered[12]!);
    expect(refused).toMatchObject({ status: 429, body: { ok: false, message: SLOW_DOWN, retryable: true } });
    const wait = Number(refused.headers?.["Retry-After"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(runsWritten()).toBe(before);

    vi.setSystemTime(T0 + 50_000 + wait * 1000);
    const again = await finishJson(player, runs[12]!.token, answered[12]!);
    expect(again).toMatchObject({ status: 200, body: { ok: true, summary: { score: 8 } } });
    expect(runsWritten()).toBe(before + 1);
  });
});
