import { now } from "~/utils/clock.server";

/*
 * The site's one rate limiter (docs/decisions/0013-one-rate-limiter.md). Counters live in this process's
 * memory: on Fly every POST reaches the primary through the LiteFS proxy, so the primary's counters see every
 * write; a replica's counters see only its own reads (game starts write nothing, so that is enough).
 *
 * Each rule allows `max` hits per key in a sliding window of `windowMs`, kept as two fixed windows (this one
 * and the last, weighted by overlap): constant memory per key, no timers.
 */
export type LimitRule = { name: string; max: number; windowMs: number; message: string };

type Counter = { windowStart: number; current: number; previous: number };

/** Keys kept at most per rule; past that the oldest windows go first (a flood of addresses cannot grow memory). */
const MAX_KEYS = 50_000;

const counters = new Map<string, Map<string, Counter>>();

function estimate(counter: Counter, rule: LimitRule, at: number): number {
  const overlap = 1 - (at - counter.windowStart) / rule.windowMs;
  return counter.current + counter.previous * Math.max(0, overlap);
}

function counterFor(rule: LimitRule, key: string, at: number): Counter {
  let byKey = counters.get(rule.name);
  if (!byKey) counters.set(rule.name, (byKey = new Map()));
  let counter = byKey.get(key);
  if (!counter) {
    if (byKey.size >= MAX_KEYS) byKey.delete(byKey.keys().next().value!);
    counter = { windowStart: at - (at % rule.windowMs), current: 0, previous: 0 };
    byKey.set(key, counter);
  }
  const windowStart = at - (at % rule.windowMs);
  if (windowStart !== counter.windowStart) {
    // One window on: the current count becomes the previous; further on, both are spent.
    counter.previous = windowStart - counter.windowStart === rule.windowMs ? counter.current : 0;
    counter.current = 0;
    counter.windowStart = windowStart;
  }
  return counter;
}

export type LimitVerdict = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

/**
 * Counts one hit against every (rule, key) pair and refuses when any is over its limit. A refused hit is not
 * counted, so a client that waits gets through again. Keys that are null (no player yet) are skipped.
 */
export function hit(checks: ReadonlyArray<{ rule: LimitRule; key: string | null }>): LimitVerdict {
  const at = now();
  const live = checks.filter((check): check is { rule: LimitRule; key: string } => check.key !== null);
  for (const { rule, key } of live) {
    const counter = counterFor(rule, key, at);
    if (estimate(counter, rule, at) + 1 > rule.max) {
      const retryAfterSeconds = Math.max(1, Math.ceil((counter.windowStart + rule.windowMs - at) / 1000));
      return { ok: false, message: rule.message, retryAfterSeconds };
    }
  }
  for (const { rule, key } of live) counterFor(rule, key, at).current += 1;
  return { ok: true };
}

/**
 * Whether one more hit would be allowed, counting nothing: for limits on failures only (a login code), which
 * check before the attempt and `hit` only when it fails, so good logins never use up the allowance.
 */
export function peek(checks: ReadonlyArray<{ rule: LimitRule; key: string | null }>): LimitVerdict {
  const at = now();
  for (const { rule, key } of checks) {
    if (key === null) continue;
    const counter = counterFor(rule, key, at);
    if (estimate(counter, rule, at) + 1 > rule.max) {
      const retryAfterSeconds = Math.max(1, Math.ceil((counter.windowStart + rule.windowMs - at) / 1000));
      return { ok: false, message: rule.message, retryAfterSeconds };
    }
  }
  return { ok: true };
}

/** Tests start from nothing. */
export function resetLimits(): void {
  counters.clear();
}
