// The practice plan's drill (docs/decisions/0078-drilling-what-a-child-once-missed.md): a fact the child once missed
// comes back every run, due or not, until its Leitner box shows it held over days; at most so many a run.
import { describe, expect, it } from "vitest";
import { PLAN_TUNING, practicePlan, type PlanTuning } from "../../../app/facts/plan";
import type { FactState } from "../../../app/facts/state";
import { fast, replay, timesGridAt, wrong } from "./helpers";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 2, 9, 0);
const now = T0 + 2 * DAY;

const grid = (entries: Record<string, FactState>) => timesGridAt(now, entries);

// Missed on the first day, right and fast straight after (box 1), right and fast when due (box 2, due in 3 days).
const heldTwoDays = () => replay(wrong(T0), fast(T0 + 5_000), fast(T0 + DAY));
// Missed once, right straight after: box 1, due tomorrow.
const missedToday = () => replay(wrong(now - 60_000), fast(now - 55_000));

describe("a practice plan's drill", () => {
  const tuning = (drillBox: number, drillPerPlan: number): PlanTuning => ({
    ...PLAN_TUNING,
    planSize: 12,
    newPerPlan: 6,
    drillBox,
    drillPerPlan,
    // The drill alone: the list filled with the nearest due, as decision 0078 had it (the fill: plan-fill.test.ts).
    fill: "nearest-due",
  });

  it("brings a once-missed fact back before it is due while its box is below the drill's", () => {
    const books = grid({ "*7,8": heldTwoDays(), "*6,7": missedToday() });
    const plan = practicePlan(books, { ops: ["*"] }, now, [], tuning(3, 6));
    // Box 1 first (the least held), then box 2; neither is due.
    expect(plan.slice(0, 2)).toEqual(["*6,7", "*7,8"]);
    // Box 2 is not below 2: only the fact in box 1 is drilled.
    expect(practicePlan(books, { ops: ["*"] }, now, [], tuning(2, 6))[0]).toBe("*6,7");
    expect(practicePlan(books, { ops: ["*"] }, now, [], tuning(2, 6))).not.toContain("*7,8");
  });

  it("waits for a fact's due day when the drill is off, and leaves never-missed facts to their days", () => {
    const books = grid({ "*7,8": heldTwoDays(), "*6,7": missedToday() });
    const off = practicePlan(books, { ops: ["*"] }, now, [], tuning(0, 0));
    expect(off).not.toContain("*7,8");
    // Nothing is due and nothing missed is drilled: the list fills with the nearest due, a fact of yesterday's.
    expect(off).toHaveLength(12);
  });

  it("drills at most drillPerPlan facts, after the weak ones, and never lists a fact twice", () => {
    const missed = ["*3,4", "*4,3", "*6,8", "*8,6", "*7,9"];
    const books = grid({
      ...Object.fromEntries(missed.map((key) => [key, missedToday()])),
      "*9,9": replay(wrong(now - 30_000)),
    });
    const plan = practicePlan(books, { ops: ["*"] }, now, [], tuning(3, 2));
    expect(plan[0]).toBe("*9,9");
    expect(plan.slice(1, 3).every((key) => missed.includes(key))).toBe(true);
    expect(plan.slice(3).filter((key) => missed.includes(key))).toHaveLength(0);
    expect(new Set(plan).size).toBe(plan.length);
  });
});
