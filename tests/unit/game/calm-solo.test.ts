// A member's or visitor's calm game in the run spec (docs/product.md#calm-play, docs/decisions/0053-calm-mode.md).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CALM_QUESTIONS,
  CALM_TIME_LIMIT,
  calmPlay,
  isServerFinished,
  leaderboardGameType,
  parseRunSpec,
  problemSequence,
  questionsOf,
  soloPlay,
  timeLimitOf,
  verifyRun,
  type RunSpec,
} from "../../../app/game";
import { seedArb } from "./helpers";

const STARTED = Date.UTC(2026, 10, 27, 9, 0, 0);
const calm: RunSpec = { mode: "calm", difficulty: "normal", operations: ["+", "*"] };

describe("the calm run spec", () => {
  it("is parsed strictly: a solo difficulty and operations, no time limit, nothing else", () => {
    expect(parseRunSpec({ mode: "calm", difficulty: "hard", operations: ["/"] })).toEqual({
      mode: "calm",
      difficulty: "hard",
      operations: ["/"],
    });
    const bad: unknown[] = [
      { mode: "calm", difficulty: "hard", operations: ["/"], timeLimit: 60 },
      { mode: "calm", difficulty: "hard", operations: ["/"], calm: true },
      { mode: "calm", difficulty: "medium", operations: ["/"] },
      { mode: "calm", difficulty: "hard", operations: [] },
      { mode: "calm", difficulty: "hard", operations: ["+", "+"] },
      { mode: "calm", difficulty: "hard", operations: ["addition"] },
      { mode: "calm", difficulty: "hard" },
      { mode: "calm", operations: ["+"] },
      { mode: "solo", difficulty: "normal", operations: ["+"], timeLimit: 60, calm: true },
    ];
    for (const value of bad) expect(parseRunSpec(value)).toBeNull();
  });

  it("has 20 questions, the hidden cap as its limit, and no board", () => {
    expect(questionsOf(calm)).toBe(CALM_QUESTIONS);
    expect(CALM_QUESTIONS).toBe(20);
    expect(timeLimitOf(calm)).toBe(CALM_TIME_LIMIT);
    expect(leaderboardGameType(calm)).toBeNull();
    expect(isServerFinished(calm)).toBe(true);
  });

  it("draws the solo generator's problems for its difficulty and operations", () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const solo: RunSpec = { mode: "solo", difficulty: "normal", operations: ["+", "*"], timeLimit: 60 };
        const mine = calmPlay(calm, seed);
        const theirs = soloPlay(solo, seed);
        for (let i = 0; i < 25; i++) expect(mine.problems(i)).toEqual(theirs.problems(i));
        expect(mine.limitSeconds).toBe(CALM_TIME_LIMIT);
      }),
      { numRuns: 30 },
    );
  });

  it("is verified to its 20th answer, and refuses a 21st", () => {
    const at = problemSequence(calm, "seed");
    const answers = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ i, value: String(at(i).answer), t: 2000 + i * 3000 }));
    const submit = (n: number) =>
      verifyRun({ spec: calm, seed: "seed", answers: answers(n), startedAt: STARTED, finishedAt: STARTED + 70_000 });
    const done = submit(20);
    expect(done.ok).toBe(true);
    if (done.ok) expect(done.summary.score).toBe(20);
    const over = submit(21);
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.reason).toBe("too-many-answers");
  });
});
