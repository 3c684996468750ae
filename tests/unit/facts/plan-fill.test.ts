// What fills a practice plan once the facts that need it are in: decision 0096's (on the site) the facts the child once
// missed, by minutes unseen × (1 + weight × share of answers missed), then the nearest due; decision 0086's the facts
// once missed, the longest unseen first; decision 0078's the nearest due only.
import { describe, expect, it } from "vitest";
import { MISS_SHARE_WEIGHT, PLAN_FILL, PLAN_TUNING, practicePlan, type PlanTuning } from "../../../app/facts/plan";
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

  it("is the once-missed facts on the site, the most often missed brought forward by its share of misses", () => {
    expect(PLAN_FILL).toBe("missed-by-share");
    expect(MISS_SHARE_WEIGHT).toBe(25);
    const byShare = (weight: number): PlanTuning => ({
      ...PLAN_TUNING,
      planSize: 12,
      newPerPlan: 6,
      drillBox: 0,
      drillPerPlan: 0,
      fill: "missed-by-share",
      missShareWeight: weight,
    });
    // *6,7: missed once in 6 answers, last seen 7 days ago; *7,8: missed 3 times in 6, last seen 5 days ago.
    const seldom = replay(
      wrong(now - 40 * DAY),
      fast(now - 39 * DAY),
      fast(now - 30 * DAY),
      fast(now - 20 * DAY),
      fast(now - 10 * DAY),
      fast(now - 7 * DAY),
    );
    const often = replay(
      wrong(now - 40 * DAY),
      fast(now - 39 * DAY),
      wrong(now - 30 * DAY),
      fast(now - 20 * DAY),
      wrong(now - 10 * DAY),
      fast(now - 5 * DAY),
    );
    // Neither is due soon enough to come before the fill (box 1 after the last miss is due again; make both later).
    const books = grid({
      "*6,7": { ...seldom, dueMinute: seldom.dueMinute + 60 * 24 * 30 },
      "*7,8": { ...often, dueMinute: often.dueMinute + 60 * 24 * 30 },
    });
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
});
