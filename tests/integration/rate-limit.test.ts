import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hit, peek, refund, resetLimits, type DelayRule, type LimitRule } from "~/limits/rate-limit.server";

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
