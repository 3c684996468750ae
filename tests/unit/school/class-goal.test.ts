import { describe, expect, it } from "vitest";
import { checkGoalDay, classGoalWords, goalDayWords } from "~/school-rules/class-goal";

/* A class goal's rules (docs/product.md#class-goal): its day, and its bar's words, with no countdown and no names. */

describe("a class goal", () => {
  it("takes a day from today to a year ahead", () => {
    expect(checkGoalDay("2026-11-28", "2026-11-29")).toBe("past");
    expect(checkGoalDay("2026-11-29", "2026-11-29")).toBeNull();
    expect(checkGoalDay("2027-11-30", "2026-11-29")).toBeNull();
    expect(checkGoalDay("2027-12-01", "2026-11-29")).toBe("too-far");
  });

  it("says the goal, how many so far, and never the days left", () => {
    const goal = { count: 500, day: "2027-02-12", setAt: 0 };
    expect(goalDayWords("2027-02-12")).toBe("12 February");
    expect(classGoalWords(goal, 312)).toEqual({
      goal: "Our class goal: 500 facts secured by 12 February.",
      progress: "312 so far.",
      reached: false,
    });
    const reached = classGoalWords(goal, 503);
    expect(reached.reached).toBe(true);
    expect(reached.progress).toBe("We did it: 503 secured together. Well done, everyone.");
    expect(JSON.stringify([classGoalWords(goal, 0), reached])).not.toMatch(/days? (left|to go)/);
  });
});
