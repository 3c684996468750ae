// What fills a practice plan once the facts that need it are in (docs/decisions/0086-filling-a-plan-with-once-missed-facts.md):
// the facts the child once missed, the longest unseen first, then the nearest due; decision 0078's plan filled with the
// nearest due only.
import { describe, expect, it } from "vitest";
import { PLAN_FILL, PLAN_TUNING, practicePlan, type PlanTuning } from "../../../app/facts/plan";
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

  it("is the once-missed facts on the site, the longest unseen first", () => {
    expect(PLAN_FILL).toBe("missed-longest-unseen");
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
});
