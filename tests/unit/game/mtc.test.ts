import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MTC_CHECK_QUESTIONS,
  MTC_PAUSE_MS,
  MTC_PRACTICE_QUESTIONS,
  MTC_START_STEP,
  MTC_STEPS,
  MTC_TABLES,
  MTC_WEIGHTED_TABLES,
  mtcCheckDraw,
  mtcDraw,
  mtcPracticeDraw,
  mtcSequence,
  mtcTableRange,
  mtcTimeLimit,
  mtcTimeline,
  pairKey,
  questionOfStep,
  stepAppearsAt,
} from "../../../app/game/mtc";
import {
  FINISH_GRACE_MS,
  MTC_NOT_TIMED_MESSAGE,
  MTC_UNFINISHED_MESSAGE,
  parseRunSpec,
  problemSequence,
  verifyRun,
  type RunSpec,
  type SubmittedAnswer,
} from "../../../app/game";
import { seedArb } from "./helpers";

const spec: RunSpec = { mode: "mtc", questionSeconds: 6 };

describe("the MTC draw", () => {
  it("has 3 practice and 25 check questions, the check's 25 distinct pairs within each table's range", () => {
    fc.assert(
      fc.property(seedArb, seedArb, (seed, checkSeed) => {
        const draw = mtcDraw(seed, checkSeed);
        expect(draw).toHaveLength(MTC_PRACTICE_QUESTIONS + MTC_CHECK_QUESTIONS);
        for (const [a, b] of draw) {
          expect(MTC_TABLES).toContain(a);
          expect(MTC_TABLES).toContain(b);
        }
        // No pair asked twice, either way round, practice questions included.
        expect(new Set(draw.map(([a, b]) => pairKey(a, b))).size).toBe(draw.length);
        const check = draw.slice(MTC_PRACTICE_QUESTIONS);
        for (const table of MTC_TABLES) {
          const count = check.filter(([a]) => a === table).length;
          const [fewest, most] = mtcTableRange(table);
          expect(count).toBeGreaterThanOrEqual(fewest);
          expect(count).toBeLessThanOrEqual(most);
        }
        // The 1 times table is never asked.
        expect(draw.some(([a, b]) => a === 1 || b === 1)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("is the same for the same seeds, and the run's problems are its multiplications", () => {
    fc.assert(
      fc.property(seedArb, seedArb, (seed, checkSeed) => {
        expect(mtcDraw(seed, checkSeed)).toEqual(mtcDraw(`${seed}`, `${checkSeed}`));
        const problems = mtcSequence(spec, seed, checkSeed);
        mtcDraw(seed, checkSeed).forEach(([a, b], i) => {
          expect(problems(i)).toEqual({ num1: a, num2: b, operator: "*", answer: a * b });
        });
      }),
      { numRuns: 100 },
    );
    expect(() => mtcSequence(spec, "s", "c")(28)).toThrow(RangeError);
  });

  it("draws the practice from the run's seed and the check from the check's seed alone", () => {
    fc.assert(
      fc.property(seedArb, seedArb, seedArb, (seed, checkSeed, otherCheck) => {
        fc.pre(checkSeed !== otherCheck);
        const practice = mtcPracticeDraw(seed);
        expect(mtcDraw(seed, checkSeed).slice(0, MTC_PRACTICE_QUESTIONS)).toEqual(practice);
        expect(mtcDraw(seed, checkSeed).slice(MTC_PRACTICE_QUESTIONS)).toEqual(mtcCheckDraw(checkSeed, practice));
        // Another check seed, other questions: nothing of the run's seed tells the check's.
        expect(mtcCheckDraw(otherCheck, practice)).not.toEqual(mtcCheckDraw(checkSeed, practice));
      }),
      { numRuns: 100 },
    );
  });

  it("has no check question before there is a check seed: the page cannot show one before the server's stamp", () => {
    for (const problems of [problemSequence(spec, "s"), mtcSequence(spec, "s"), mtcSequence(spec, "s", null)]) {
      expect(problems(MTC_PRACTICE_QUESTIONS - 1)).toEqual(mtcSequence(spec, "s", "c")(MTC_PRACTICE_QUESTIONS - 1));
      expect(() => problems(MTC_PRACTICE_QUESTIONS)).toThrow(RangeError);
    }
  });

  it("asks the 6, 7, 8, 9 and 12 tables more often than the others over many seeds", () => {
    const counts = new Map<number, number>();
    for (let n = 0; n < 400; n++) {
      for (const [a] of mtcDraw(`seed-${n}`, `check-${n}`).slice(MTC_PRACTICE_QUESTIONS))
        counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    const weighted = MTC_WEIGHTED_TABLES.map((t) => counts.get(t) ?? 0);
    const others = MTC_TABLES.filter((t) => !MTC_WEIGHTED_TABLES.includes(t)).map((t) => counts.get(t) ?? 0);
    expect(Math.min(...weighted)).toBeGreaterThan(Math.max(...others));
    // Each multiplier comes too, not only the table.
    const multipliers = new Set(
      Array.from({ length: 50 }, (_, n) => mtcDraw(`m-${n}`, `c-${n}`).map(([, b]) => b)).flat(),
    );
    expect([...multipliers].sort((x, y) => x - y)).toEqual(MTC_TABLES);
  });
});

describe("the MTC spec", () => {
  it("takes 6, 9 or 12 seconds a question and nothing else", () => {
    for (const s of [6, 9, 12])
      expect(parseRunSpec({ mode: "mtc", questionSeconds: s })).toEqual({ mode: "mtc", questionSeconds: s });
    for (const bad of [0, 5, 7, "6", null]) expect(parseRunSpec({ mode: "mtc", questionSeconds: bad })).toBeNull();
    expect(parseRunSpec({ mode: "mtc", questionSeconds: 6, extra: 1 })).toBeNull();
    expect(mtcTimeLimit(6)).toBe(28 * 9 + 60);
  });
});

/**
 * A whole run: each question answered `answerMs` after it appeared (right, or `wrong` for those indexes), the start
 * step pressed `startMs` after it appeared.
 */
function playRun(
  seed: string,
  { answerMs = 1500, startMs = 2000, seconds = 6, late = [] as number[], wrong = [] as number[] } = {},
): SubmittedAnswer[] {
  const run: RunSpec = { mode: "mtc", questionSeconds: seconds as 6 };
  const problems = mtcSequence(run, seed, CHECK_SEED);
  const entries: SubmittedAnswer[] = [];
  let end = 0;
  for (let step = 0; step < MTC_STEPS; step++) {
    const appears = stepAppearsAt(step, end);
    const question = questionOfStep(step);
    if (question === null) {
      end = appears + startMs;
      // The page names the check's seed the server gave it.
      entries.push({ i: step, value: CHECK_SEED, t: end });
      continue;
    }
    const problem = problems(question);
    end = appears + (late.includes(question) ? seconds * 1000 + 2500 : answerMs);
    entries.push({ i: step, value: String(problem.answer + (wrong.includes(question) ? 1 : 0)), t: end });
  }
  return entries;
}

/** The check's seed as the server gives it: digits, so a page can name it in its start step's entry. */
const CHECK_SEED = "3141592653";

/** A run in the page, its check's start stamped by the server as its page's timeline puts it, with CHECK_SEED. */
function verify(
  answers: SubmittedAnswer[],
  elapsedMs: number,
  questionSeconds: 6 | 9 | 12 = 6,
  checkSeed: string | null = CHECK_SEED,
) {
  const timeline = mtcTimeline(answers, questionSeconds);
  const check = timeline.ok
    ? timeline.steps[timeline.steps.length - 1]!.endsAt - timeline.steps[MTC_START_STEP]!.endsAt
    : 0;
  return verifyRun({
    spec: { mode: "mtc", questionSeconds },
    seed: "seed",
    answers,
    startedAt: 1_000_000,
    finishedAt: 1_000_000 + elapsedMs,
    checkStartedAt: 1_000_000 + elapsedMs - check,
    checkSeed,
  });
}

describe("an MTC run's verification", () => {
  it("scores the check's 25 only, each with its time", () => {
    const answers = playRun("seed", { wrong: [0, 1, 5] });
    const result = verify(answers, answers[answers.length - 1]!.t + 500);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.records).toHaveLength(25);
    expect(result.summary).toEqual({ score: 24, totalQuestions: 25, accuracy: 96 });
    // Each record's time stamp is 1.5 s after the one before: the pauses are not the child's time.
    expect(result.records[0]!.timeStamp).toBe(1_000_000 + 1500);
    expect(result.records[24]!.timeStamp).toBe(1_000_000 + 25 * 1500);
  });

  it("counts an answer later than the question's seconds as no answer", () => {
    const answers = playRun("seed", { late: [4, 10] });
    const result = verify(answers, answers[answers.length - 1]!.t);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.summary.score).toBe(23);
    expect(result.records[1]).toMatchObject({ userAnswer: "", isCorrect: false });
    expect(result.records[7]).toMatchObject({ userAnswer: "", isCorrect: false });
  });

  it("gives a pupil with 12 seconds the longer time", () => {
    const answers = playRun("seed", { late: [], answerMs: 11_000, seconds: 12 });
    expect(verify(answers, answers[answers.length - 1]!.t, 12)).toMatchObject({ ok: true, summary: { score: 25 } });
    // At 6 seconds a question the same answers are all too late, and the run longer than a 6-second check lasts.
    expect(verify(answers, answers[answers.length - 1]!.t, 6)).toMatchObject({ ok: false, reason: "finished-late" });
  });

  it("refuses a run longer than allowed, an unfinished one, and times that do not fit", () => {
    const answers = playRun("seed");
    expect(verify(answers, mtcTimeLimit(6) * 1000 + FINISH_GRACE_MS + 1)).toMatchObject({
      ok: false,
      reason: "finished-late",
    });
    expect(verify(answers.slice(0, 20), 200_000)).toMatchObject({ ok: false, message: MTC_UNFINISHED_MESSAGE });
    // The server's own clock saw less time than the answers claim.
    expect(verify(answers, answers[answers.length - 1]!.t - 5000)).toMatchObject({ ok: false, reason: "bad-timing" });
    // An answer before its question appeared (inside the pause).
    const early = answers.map((a) => (a.i === 10 ? { ...a, t: answers[9]!.t + MTC_PAUSE_MS - 1 } : a));
    expect(verify(early, 300_000)).toMatchObject({ ok: false, reason: "bad-timing" });
    const outOfOrder = answers.map((a) => (a.i === 4 ? { ...a, i: 5 } : a));
    expect(verify(outOfOrder, 300_000)).toMatchObject({ ok: false, reason: "answer-order" });
    const notANumber = answers.map((a) => (a.i === 6 ? { ...a, value: "1e2" } : a));
    expect(verify(notANumber, 300_000)).toMatchObject({ ok: false, reason: "malformed-answers" });
  });

  it("scores the check's questions of the stamp's seed only: a page naming another seed, or none, is not scored", () => {
    const answers = playRun("seed");
    const end = answers[answers.length - 1]!.t + 500;
    expect(verify(answers, end)).toMatchObject({ ok: true, summary: { score: 25 } });
    // The answers and the named seed of another stamp than the finish's (a page that asked twice).
    expect(verify(answers, end, 6, "2718281828")).toMatchObject({ ok: false, message: MTC_NOT_TIMED_MESSAGE });
    // No seed from the server at all; or a page that names none.
    expect(verify(answers, end, 6, null)).toMatchObject({ ok: false, message: MTC_NOT_TIMED_MESSAGE });
    const unnamed = answers.map((a) => (a.i === MTC_START_STEP ? { ...a, value: "" } : a));
    expect(verify(unnamed, end)).toMatchObject({ ok: false, message: MTC_NOT_TIMED_MESSAGE });
    // Page by page the server stamped the step itself: its seed is the server's own, and the entry names none.
    const paged = verifyRun({
      spec,
      seed: "seed",
      answers: unnamed,
      startedAt: 1_000_000,
      finishedAt: 1_000_000 + end,
      serverTimed: true,
      checkSeed: CHECK_SEED,
    });
    expect(paged).toMatchObject({ ok: true, summary: { score: 25 } });
    expect(
      verifyRun({ spec, seed: "seed", answers, startedAt: 0, finishedAt: end, serverTimed: true, checkSeed: null }),
    ).toMatchObject({ ok: false, message: MTC_NOT_TIMED_MESSAGE });
  });

  it("has a whole run's length bounded by 28 × (seconds + 3) and the start step", () => {
    fc.assert(
      fc.property(seedArb, fc.constantFrom(6, 9, 12), (seed, seconds) => {
        const answers = playRun(seed, { answerMs: seconds * 1000, startMs: 60_000, seconds });
        expect(answers[MTC_START_STEP]!.value).toBe(CHECK_SEED);
        expect(answers[answers.length - 1]!.t).toBeLessThanOrEqual(mtcTimeLimit(seconds) * 1000);
      }),
      { numRuns: 30 },
    );
  });
});
