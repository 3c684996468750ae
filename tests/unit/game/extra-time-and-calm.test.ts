// A pupil's extra time and calm mode in the run spec (docs/product.md#student-game, docs/product.md#calm-mode).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CALM_QUESTIONS,
  CALM_TIME_LIMIT,
  FINISH_GRACE_MS,
  STUDENT_TIME_LIMIT,
  deadlineOf,
  parseRunSpec,
  problemSequence,
  questionsOf,
  studentPlay,
  timeLimitOf,
  sumAsked,
  verifyRun,
  type Problem,
  type RunSpec,
  type RunSubmission,
} from "../../../app/game";
import { seedArb } from "./helpers";

const STARTED = Date.UTC(2026, 10, 2, 9, 0, 0);
const base = {
  mode: "student",
  difficulty: "easy",
  operations: ["addition"],
  timesTables: [],
} as const satisfies RunSpec;
const spec = (extra: Record<string, unknown> = {}) => ({
  ...base,
  operations: [...base.operations],
  timesTables: [],
  ...extra,
});

/** n right answers, one every gapMs, finished at `finishMs` after the start. */
function run(s: RunSpec, seed: string, n: number, gapMs: number, finishMs: number): RunSubmission {
  const at = problemSequence(s, seed);
  const answers = Array.from({ length: n }, (_, i) => ({ i, value: String(at(i).answer), t: 500 + i * gapMs }));
  return { spec: s, seed, answers, startedAt: STARTED, finishedAt: STARTED + finishMs };
}

describe("the student run spec with extra time and calm mode", () => {
  it("takes extra time 1.5 or 2 and calm mode true, each only when not the default", () => {
    expect(parseRunSpec(spec())).toEqual(base);
    expect(parseRunSpec(spec({ extraTime: 1.5 }))).toEqual({ ...base, extraTime: 1.5 });
    expect(parseRunSpec(spec({ extraTime: 2, calm: true }))).toEqual({ ...base, extraTime: 2, calm: true });
    for (const bad of [1, 3, 0.5, "2", null, Infinity]) expect(parseRunSpec(spec({ extraTime: bad }))).toBeNull();
    for (const bad of [false, "true", 1, null]) expect(parseRunSpec(spec({ calm: bad }))).toBeNull();
    expect(parseRunSpec(spec({ calm: true, other: 1 }))).toBeNull();
    // Only a pupil's game has them.
    expect(
      parseRunSpec({ mode: "solo", difficulty: "normal", operations: ["+"], timeLimit: 60, extraTime: 2 }),
    ).toBeNull();
  });

  it("multiplies the game time: 60 s becomes 90 or 120; a calm game has its generous hidden cap", () => {
    expect(timeLimitOf(spec() as RunSpec)).toBe(STUDENT_TIME_LIMIT);
    expect(timeLimitOf(spec({ extraTime: 1.5 }) as RunSpec)).toBe(90);
    expect(timeLimitOf(spec({ extraTime: 2 }) as RunSpec)).toBe(120);
    expect(timeLimitOf(spec({ calm: true }) as RunSpec)).toBe(CALM_TIME_LIMIT);
    expect(CALM_TIME_LIMIT).toBeGreaterThanOrEqual(CALM_QUESTIONS * 30);
    expect(questionsOf(spec() as RunSpec)).toBeNull();
    expect(questionsOf(spec({ calm: true }) as RunSpec)).toBe(CALM_QUESTIONS);
    expect(studentPlay(spec({ extraTime: 2 }) as RunSpec, "s").limitSeconds).toBe(120);
    expect(studentPlay(spec({ calm: true }) as RunSpec, "s").limitSeconds).toBe(CALM_TIME_LIMIT);
  });

  it("changes the problems of no seed: the teacher's time settings are not the problems'", () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 0, max: 30 }), (seed, i) => {
        const plain = problemSequence(spec() as RunSpec, seed)(i);
        expect(problemSequence(spec({ extraTime: 2, calm: true }) as RunSpec, seed)(i)).toEqual(plain);
      }),
      { numRuns: 50 },
    );
  });
});

describe("the server verifies against the pupil's own limit", () => {
  it("accepts answers up to 120 s with × 2 and refuses them with × 1", () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        // 30 answers, the last at 116.5 s, sent 2 s after a 120-second game ended.
        const long = run(spec({ extraTime: 2 }) as RunSpec, seed, 30, 4000, 122_000);
        expect(verifyRun(long).ok).toBe(true);
        const plain = verifyRun({ ...long, spec: spec() as RunSpec });
        expect(plain.ok).toBe(false);
        // × 1.5: past the 90 s (plus the grace) is late.
        const late = verifyRun({ ...long, spec: spec({ extraTime: 1.5 }) as RunSpec });
        expect(!late.ok && late.reason).toBe("finished-late");
      }),
      { numRuns: 20 },
    );
    expect(deadlineOf(spec({ extraTime: 1.5 }) as RunSpec, STARTED)).toBe(STARTED + 90_000);
  });

  it("ends a calm game after its questions: more answers are refused, a slow game is fine", () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const calm = spec({ calm: true }) as RunSpec;
        // 20 answers, 40 s apart: over 12 minutes, no clock.
        const slow = run(calm, seed, CALM_QUESTIONS, 40_000, 13 * 60_000);
        expect(verifyRun(slow).ok).toBe(true);
        const extra = verifyRun(run(calm, seed, CALM_QUESTIONS + 1, 2000, 60_000));
        expect(!extra.ok && extra.reason).toBe("too-many-answers");
        const afterCap = verifyRun({ ...slow, finishedAt: STARTED + CALM_TIME_LIMIT * 1000 + FINISH_GRACE_MS + 1 });
        expect(!afterCap.ok && afterCap.reason).toBe("finished-late");
      }),
      { numRuns: 20 },
    );
  });
});

describe("the teachers' words agree with the engine", () => {
  it("offers exactly the extra times the engine takes, and says its number of calm questions", async () => {
    const { CALM_HINT, EXTRA_TIME_CHOICES } = await import("../../../app/utils/teacher-messages");
    const { EXTRA_TIME_FACTORS } = await import("../../../app/game");
    expect(EXTRA_TIME_CHOICES.map((c) => Number(c.value))).toEqual([...EXTRA_TIME_FACTORS]);
    expect(CALM_HINT).toContain(`${CALM_QUESTIONS} questions`);
  });
});

describe("sumAsked: the sum that feedback naming the answer is about (docs/product.md#student-game)", () => {
  it("is the sum with its answer when right, and as it was asked when missed", () => {
    const problem: Problem = { num1: 7, num2: 8, operator: "*", answer: 56 };
    expect(sumAsked(problem, true)).toBe("7 × 8 = 56");
    expect(sumAsked(problem, false)).toBe("7 × 8 = ?");
    const percent: Problem = { num1: 75, num2: 20, operator: "% of", answer: 15 };
    expect(sumAsked(percent, true)).toBe("75% of 20 = 15");
  });
});
