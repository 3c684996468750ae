import { now } from "~/utils/clock.server";

/*
 * The site's one rate limiter (docs/decisions/0013-one-rate-limiter.md). Counters live in this process's
 * memory: on Fly every POST reaches the primary through the LiteFS proxy, so the primary's counters see every
 * write; a replica's counters see only its own reads (game starts write nothing, so that is enough).
 *
 * Two kinds of rule:
 * - a window allows `max` hits per key in a sliding window of `windowMs`, kept as two fixed windows (this one
 *   and the last, weighted by overlap): constant memory per key, no timers;
 * - growing delays (docs/decisions/0038-logins-a-right-code-opens.md) let a key fail `free` times, then make it
 *   wait `waitsMs[0]`, `waitsMs[1]`, … (the last one again) after each further failure; a key that has not failed
 *   for `forgetMs` starts afresh. Refused while it waits, with the rest of the wait as Retry-After.
 */
export type WindowRule = { name: string; max: number; windowMs: number; message: string };
export type DelayRule = { name: string; free: number; waitsMs: readonly number[]; forgetMs: number; message: string };
export type LimitRule = WindowRule | DelayRule;

/** One rule and key to count against; `max`, when given, replaces a window rule's own (an allowance per key). */
export type LimitCheck = { rule: LimitRule; key: string | null; max?: number };

type Counter = { windowStart: number; current: number; previous: number };
type Delay = { failures: number; lastAt: number; readyAt: number };

/** Keys kept at most per rule; past that the oldest go first (a flood of addresses cannot grow memory). */
const MAX_KEYS = 50_000;

const counters = new Map<string, Map<string, Counter>>();
const delays = new Map<string, Map<string, Delay>>();

const isDelay = (rule: LimitRule): rule is DelayRule => "waitsMs" in rule;

function keysOf<T>(store: Map<string, Map<string, T>>, name: string): Map<string, T> {
  let byKey = store.get(name);
  if (!byKey) store.set(name, (byKey = new Map()));
  return byKey;
}

function estimate(counter: Counter, rule: WindowRule, at: number): number {
  const overlap = 1 - (at - counter.windowStart) / rule.windowMs;
  return counter.current + counter.previous * Math.max(0, overlap);
}

function counterFor(rule: WindowRule, key: string, at: number): Counter;
function counterFor(rule: WindowRule, key: string, at: number, create: false): Counter | undefined;
function counterFor(rule: WindowRule, key: string, at: number, create = true): Counter | undefined {
  const byKey = keysOf(counters, rule.name);
  let counter = byKey.get(key);
  if (!counter) {
    if (!create) return undefined;
    if (byKey.size >= MAX_KEYS) byKey.delete(byKey.keys().next().value!);
    counter = { windowStart: at - (at % rule.windowMs), current: 0, previous: 0 };
    byKey.set(key, counter);
  }
  Object.assign(counter, rolledOn(counter, rule, at));
  return counter;
}

/**
 * A counter as it stands at `at`: one window on, the current count becomes the previous; further on, both are spent.
 * A new object only when the window moved.
 */
function rolledOn(counter: Counter, rule: WindowRule, at: number): Counter {
  const windowStart = at - (at % rule.windowMs);
  if (windowStart === counter.windowStart) return counter;
  const previous = windowStart - counter.windowStart === rule.windowMs ? counter.current : 0;
  return { windowStart, current: 0, previous };
}

/** The key's delay, or undefined when it has none (never failed, or forgotten). Creates nothing. */
function delayOf(rule: DelayRule, key: string, at: number): Delay | undefined {
  const byKey = keysOf(delays, rule.name);
  const delay = byKey.get(key);
  if (delay && at >= Math.max(delay.readyAt, delay.lastAt + rule.forgetMs)) {
    byKey.delete(key);
    return undefined;
  }
  return delay;
}

function recordFailure(rule: DelayRule, key: string, at: number): void {
  const byKey = keysOf(delays, rule.name);
  const delay = delayOf(rule, key, at) ?? { failures: 0, lastAt: at, readyAt: 0 };
  // Kept in order of the last failure, so the oldest go first when the store is full.
  byKey.delete(key);
  if (byKey.size >= MAX_KEYS) byKey.delete(byKey.keys().next().value!);
  delay.failures += 1;
  delay.lastAt = at;
  if (delay.failures >= rule.free) {
    const step = Math.min(delay.failures - rule.free, rule.waitsMs.length - 1);
    delay.readyAt = at + rule.waitsMs[step]!;
  }
  byKey.set(key, delay);
}

export type LimitRefusal = { ok: false; message: string; retryAfterSeconds: number };
export type LimitVerdict = { ok: true } | LimitRefusal;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A window rule's estimate for a key at a later moment `at`, if it is not hit meanwhile. */
function estimateLater(counter: Counter, rule: WindowRule, at: number): number {
  return estimate(rolledOn(counter, rule, at), rule, at);
}

/**
 * The whole seconds until one more hit fits a window rule's `limit`, if the key is not hit meanwhile: the last
 * window's hits weigh less as this window goes on, and at its end this window's own become the last. Not merely this
 * window's end, where its hits still weigh in full: Retry-After says when the request gets through
 * (docs/product.md#rate-limits).
 */
function windowWaitSeconds(counter: Counter | undefined, rule: WindowRule, limit: number, at: number): number {
  const windowEnd = at - (at % rule.windowMs) + rule.windowMs;
  // The estimate one more hit needs; an allowance of none lets nothing through, so the window's end is as good as any.
  const room = limit - 1;
  if (!counter || room < 0) return seconds(windowEnd - at);
  const fitsAt =
    counter.current <= room
      ? counter.windowStart +
        (counter.previous > 0 ? 1 - (room - counter.current) / counter.previous : 0) * rule.windowMs
      : windowEnd + (1 - room / counter.current) * rule.windowMs;
  const wait = seconds(fitsAt - at);
  // Rounding can leave the estimate a hair over at an exact second: then the next one.
  return estimateLater(counter, rule, at + wait * 1000) > room ? wait + 1 : wait;
}

/** The refusal of the first check that is over its limit, or null when one more hit fits everywhere. */
function refusalOf(live: ReadonlyArray<LimitCheck & { key: string }>, at: number): LimitRefusal | null {
  for (const { rule, key, max } of live) {
    if (isDelay(rule)) {
      const delay = delayOf(rule, key, at);
      if (delay && at < delay.readyAt)
        return { ok: false, message: rule.message, retryAfterSeconds: seconds(delay.readyAt - at) };
      continue;
    }
    // Looking creates nothing, so keys that only look (every address on a login page) never push others out.
    const counter = counterFor(rule, key, at, false);
    const limit = max ?? rule.max;
    if ((counter ? estimate(counter, rule, at) : 0) + 1 > limit) {
      return { ok: false, message: rule.message, retryAfterSeconds: windowWaitSeconds(counter, rule, limit, at) };
    }
  }
  return null;
}

const liveChecks = (checks: ReadonlyArray<LimitCheck>) =>
  checks.filter((check): check is LimitCheck & { key: string } => check.key !== null);

/**
 * Counts one hit against every (rule, key) pair and refuses when any is over its limit (for a delay rule: while
 * it waits; the hit counts as a failure). A refused hit is not counted, so a client that waits gets through
 * again. Keys that are null (no player yet) are skipped.
 */
export function hit(checks: ReadonlyArray<LimitCheck>): LimitVerdict {
  const at = now();
  const live = liveChecks(checks);
  const refused = refusalOf(live, at);
  if (refused) return refused;
  for (const { rule, key } of live) {
    if (isDelay(rule)) recordFailure(rule, key, at);
    else counterFor(rule, key, at).current += 1;
  }
  return { ok: true };
}

/**
 * Whether one more hit would be allowed, counting nothing: for limits on failures only (a login code), which
 * check before the attempt and `hit` only when it fails, so good logins never use up the allowance.
 */
export function peek(checks: ReadonlyArray<LimitCheck>): LimitVerdict {
  return refusalOf(liveChecks(checks), now()) ?? { ok: true };
}

/**
 * Takes back a hit. Without `failedAt`: a right password (counted before the slow check, so attempts sent at once
 * meet the limit): a window counts one fewer, and a delay rule forgets the key, whose owner it now knows. With
 * `failedAt`: an explained wrong code (docs/decisions/0038-logins-a-right-code-opens.md#explained-failures), a
 * failure made then: a window counts one fewer in the window that counted it, and a delay rule one failure fewer
 * (a wait already running stays, since others may share the key).
 */
export function refund(checks: ReadonlyArray<LimitCheck>, failedAt?: number): void {
  const at = now();
  for (const { rule, key } of liveChecks(checks)) {
    if (!isDelay(rule)) takeBackHit(rule, key, at, failedAt ?? at);
    else if (failedAt === undefined) keysOf(delays, rule.name).delete(key);
    else {
      const delay = delayOf(rule, key, at);
      if (!delay) continue;
      delay.failures = Math.max(0, delay.failures - 1);
      if (delay.failures < rule.free) delay.readyAt = 0;
    }
  }
}

function takeBackHit(rule: WindowRule, key: string, at: number, hitAt: number): void {
  const counter = counterFor(rule, key, at, false);
  if (!counter) return;
  if (hitAt >= counter.windowStart) counter.current = Math.max(0, counter.current - 1);
  else if (hitAt >= counter.windowStart - rule.windowMs) counter.previous = Math.max(0, counter.previous - 1);
}

const alsoCleared: Array<() => void> = [];

/** A store kept beside the limiter (app/limits/login-credit.server.ts) is emptied with it. */
export function clearedWithLimits(clear: () => void): void {
  alsoCleared.push(clear);
}

/** Tests start from nothing. */
export function resetLimits(): void {
  counters.clear();
  delays.clear();
  for (const clear of alsoCleared) clear();
}
