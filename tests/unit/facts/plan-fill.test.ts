// What fills a practice plan once the facts that need it are in: decision 0098's (on the site) the facts the child once
// missed, the lowest estimated recall first (a half-life shrinking with the fact's share of answers missed), then the
// nearest due; decision 0096's the facts once missed by minutes unseen × (1 + weight × share of answers missed);
// decision 0086's the facts once missed, the longest unseen first; decision 0078's the nearest due only.
import { describe, expect, it } from "vitest";
import {
  HALF_LIFE_WEIGHT,
  PLAN_FILL,
  PLAN_TUNING,
  forgettingScore,
  practicePlan,
  type PlanTuning,
} from "../../../app/facts/plan";
import type { FactState } from "../../../app/facts/state";
import { fast, replay, timesGridAt, wrong } from "./helpers";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 20, 9, 0);

const grid = (entries: Record<string, FactState>) => timesGridAt(now, entries);

/** Missed, then fluent when due five times over weeks: box 5, past the drill, next due in 60 days. */
const heldSinceMiss = (missedAt: number) =>
  replay(
    wrong(missedAt),
    fast(missedAt + DAY),
    fast(missedAt + 2 * DAY),
    fast(missedAt + 5 * DAY),
    fast(missedAt + 12 * DAY),
    fast(missedAt + 33 * DAY),
  );

/** A fill's tuning with nothing before the fill but the new facts (no drill), for the fill's order alone. */
const fillOnly = (fill: PlanTuning["fill"], weights: Partial<PlanTuning> = {}): PlanTuning => ({
  ...PLAN_TUNING,
  planSize: 12,
  newPerPlan: 6,
  drillBox: 0,
  drillPerPlan: 0,
  fill,
  ...weights,
});

/**
 * Two facts once missed, neither due for a month (only the fill can bring them back): *6,7 missed once in 6 answers,
 * last seen `seldomLastDays` ago; *7,8 missed 3 times in 6, last seen `oftenLastDays` ago.
 */
function seldomAndOften(seldomLastDays: number, oftenLastDays: number) {
  const seldom = replay(
    wrong(now - 40 * DAY),
    fast(now - 39 * DAY),
    fast(now - 30 * DAY),
    fast(now - 20 * DAY),
    fast(now - 15 * DAY),
    fast(now - seldomLastDays * DAY),
  );
  const often = replay(
    wrong(now - 40 * DAY),
    fast(now - 39 * DAY),
    wrong(now - 30 * DAY),
    fast(now - 20 * DAY),
    wrong(now - 10 * DAY),
    fast(now - oftenLastDays * DAY),
  );
  return grid({
    "*6,7": { ...seldom, dueMinute: seldom.dueMinute + 60 * 24 * 30 },
    "*7,8": { ...often, dueMinute: often.dueMinute + 60 * 24 * 30 },
  });
}

describe("a practice plan's fill", () => {
  const tuning = (fill: PlanTuning["fill"]): PlanTuning => ({ ...PLAN_TUNING, planSize: 12, newPerPlan: 6, fill });
  // Neither is due, drilled or weak: only the fill can bring them back.
  const books = grid({ "*6,7": heldSinceMiss(now - 40 * DAY), "*7,8": heldSinceMiss(now - 34 * DAY) });

  it("was the once-missed facts, the longest unseen first, in decision 0086's plan", () => {
    const plan = practicePlan(books, { ops: ["*"] }, now, [], tuning("missed-longest-unseen"));
    // *6,7 was last answered 7 days ago, *7,8 yesterday.
    expect(plan.slice(0, 2)).toEqual(["*6,7", "*7,8"]);
    // Then the nearest due, never a fact twice.
    expect(plan).toHaveLength(12);
    expect(new Set(plan).size).toBe(plan.length);
  });

  it("was the nearest due only in decision 0078's plan, leaving such facts to their day weeks away", () => {
    const plan = practicePlan(books, { ops: ["*"] }, now, [], tuning("nearest-due"));
    expect(plan).not.toContain("*6,7");
    expect(plan).not.toContain("*7,8");
  });

  it("comes after weak facts", () => {
    const withWeak = grid({ "*6,7": heldSinceMiss(now - 40 * DAY), "*9,9": replay(wrong(now - 30_000)) });
    const plan = practicePlan(withWeak, { ops: ["*"] }, now, [], tuning("missed-longest-unseen"));
    expect(plan.slice(0, 2)).toEqual(["*9,9", "*6,7"]);
  });

  it("was the once-missed facts in decision 0096's plan, the most often missed brought forward by its share", () => {
    const byShare = (weight: number) => fillOnly("missed-by-share", { missShareWeight: weight });
    // *6,7 last seen 7 days ago, *7,8 5 days ago.
    const books = seldomAndOften(7, 5);
    // 7 days × (1 + 25/6) against 5 days × (1 + 75/6): the often-missed fact first.
    expect(practicePlan(books, { ops: ["*"] }, now, [], byShare(25)).slice(0, 2)).toEqual(["*7,8", "*6,7"]);
    // With no weight on the share, the longest unseen first, as decision 0086's fill.
    expect(practicePlan(books, { ops: ["*"] }, now, [], byShare(0)).slice(0, 2)).toEqual(["*6,7", "*7,8"]);
    // The same facts, never a fact twice, the list full.
    const plan = practicePlan(books, { ops: ["*"] }, now, [], byShare(25));
    expect(plan).toHaveLength(12);
    expect(new Set(plan).size).toBe(plan.length);
  });

  it("never brings a fact never missed before a once-missed one", () => {
    const plan = practicePlan(books, { ops: ["*"] }, now, [], { ...PLAN_TUNING, planSize: 12, newPerPlan: 6 });
    expect(plan.slice(0, 2).sort()).toEqual(["*6,7", "*7,8"]);
  });

  it("is the once-missed facts on the site, the lowest estimated recall first", () => {
    expect(PLAN_FILL).toBe("missed-by-half-life");
    expect(HALF_LIFE_WEIGHT).toBe(10);
    const byHalfLife = (weight: number) => fillOnly("missed-by-half-life", { halfLifeWeight: weight });
    // *6,7 last seen 10 days ago, *7,8 2 days ago.
    const books = seldomAndOften(10, 2);
    // ln(1 + 10 days in minutes) + 10/6 against ln(1 + 2 days) + 30/6: the often-missed fact first, though seen later…
    expect(practicePlan(books, { ops: ["*"] }, now, [], byHalfLife(HALF_LIFE_WEIGHT)).slice(0, 2)).toEqual([
      "*7,8",
      "*6,7",
    ]);
    // …where decision 0096's linear weight, 10 × (1 + 25/6) against 2 × (1 + 75/6), put the longer unseen first.
    const byShare: PlanTuning = { ...byHalfLife(0), fill: "missed-by-share", missShareWeight: 25 };
    expect(practicePlan(books, { ops: ["*"] }, now, [], byShare).slice(0, 2)).toEqual(["*6,7", "*7,8"]);
    // With no weight on the share, the longest unseen first.
    expect(practicePlan(books, { ops: ["*"] }, now, [], byHalfLife(0)).slice(0, 2)).toEqual(["*6,7", "*7,8"]);
    const plan = practicePlan(books, { ops: ["*"] }, now, [], byHalfLife(HALF_LIFE_WEIGHT));
    expect(plan).toHaveLength(12);
    expect(new Set(plan).size).toBe(plan.length);
  });
});

describe("a fact's forgetting score", () => {
  const minute = Math.floor(now / 60_000);
  const record = (attempts: number, misses: number, minutesUnseen: number) => ({
    ...replay(wrong(now - 40 * DAY)),
    attempts,
    misses,
    seenMinute: minute - minutesUnseen,
  });

  it("is ln(1 + minutes unseen) plus the weight times the share of answers missed", () => {
    expect(forgettingScore(record(10, 2, 0), minute, 20)).toBeCloseTo(4, 10);
    expect(forgettingScore(record(4, 1, 1439), minute, 8)).toBeCloseTo(Math.log(1440) + 2, 10);
  });

  it("orders facts as their estimated recall 2^(−minutes unseen / half-life), lowest first, whatever the base half-life", () => {
    // The half-life estimate H · e^(−weight × share missed), with H the same for every fact.
    const recall = (state: ReturnType<typeof record>, base: number, weight: number) =>
      2 ** (-(1 + minute - state.seenMinute) / (base * Math.exp((-weight * state.misses) / state.attempts)));
    const facts = [record(10, 1, 3_000), record(10, 5, 300), record(40, 4, 20_000), record(6, 3, 60)];
    const byScore = [...facts].sort((x, y) => forgettingScore(y, minute, 20) - forgettingScore(x, minute, 20));
    for (const base of [1_000, 100_000, 1e7]) {
      const byRecall = [...facts].sort((x, y) => recall(x, base, 20) - recall(y, base, 20));
      expect(byRecall).toEqual(byScore);
    }
  });

  it("never grows with a fact seen later, and grows with its share missed", () => {
    expect(forgettingScore(record(10, 2, 60), minute, 20)).toBeLessThan(
      forgettingScore(record(10, 2, 600), minute, 20),
    );
    expect(forgettingScore(record(10, 2, 60), minute, 20)).toBeLessThan(forgettingScore(record(10, 3, 60), minute, 20));
    // A fact seen after `minute` (a clock behind the record) counts as seen this minute.
    expect(forgettingScore(record(10, 0, -5), minute, 20)).toBe(0);
  });
});
