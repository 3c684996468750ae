import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ANSWER_CLOCK_SLACK_MS,
  FINISH_GRACE_MS,
  MIN_MS_PER_ANSWER,
  deadlineOf,
  problemSequence,
  timeLimitOf,
  verifyRun,
  type RunSpec,
  type RunSubmission,
  type SubmittedAnswer,
  type VerifyResult,
} from "../../../app/game";
import { seedArb, specArb } from "./helpers";

const STARTED = Date.UTC(2025, 5, 1, 9, 0, 0);
const solo: RunSpec = { mode: "solo", difficulty: "normal", operations: ["+", "-", "*", "/"], timeLimit: 60 };

/** An honest run: n right answers, one every `gapMs`, sent just after the time ran out. */
function honest(spec: RunSpec, seed: string, n: number, gapMs = 900): RunSubmission {
  const at = problemSequence(spec, seed);
  const answers = Array.from({ length: n }, (_, i) => ({ i, value: String(at(i).answer), t: 500 + i * gapMs }));
  return { spec, seed, answers, startedAt: STARTED, finishedAt: STARTED + timeLimitOf(spec) * 1000 + 400 };
}

function refusal(result: VerifyResult): string {
  if (result.ok) throw new Error("expected a refusal");
  expect(result.message.length).toBeGreaterThan(10);
  return result.reason;
}

function withAnswers(run: RunSubmission, answers: SubmittedAnswer[]): RunSubmission {
  return { ...run, answers };
}

describe("verifyRun constants", () => {
  it("allows a 10 s grace for the finish, 1 s of clock slack for answers, and one answer per 400 ms on average", () => {
    expect(FINISH_GRACE_MS).toBe(10_000);
    expect(MIN_MS_PER_ANSWER).toBe(400);
    expect(ANSWER_CLOCK_SLACK_MS).toBe(1_000);
  });

  it("puts the deadline at the start plus the time limit", () => {
    expect(deadlineOf(solo, STARTED)).toBe(STARTED + 60_000);
    expect(deadlineOf({ mode: "daily", challengeId: "speed-demon" }, STARTED)).toBe(STARTED + 30_000);
    expect(deadlineOf({ mode: "daily", challengeId: "multiplication-marathon" }, STARTED)).toBe(STARTED + 45_000);
  });
});

describe("verifyRun accepts honest runs", () => {
  it("scores a run of right answers as all right, with records", () => {
    const run = honest(solo, "seed-1", 60);
    const result = verifyRun(run);
    if (!result.ok) throw new Error(result.message);
    expect(result.summary).toEqual({ score: 60, totalQuestions: 60, accuracy: 100 });
    expect(result.records).toHaveLength(60);
    const first = result.records[0]!;
    expect(first.problem).toMatch(/ = \?$/);
    expect(first.isCorrect).toBe(true);
    expect(first.timeStamp).toBe(STARTED + 500);
  });

  it("refuses a run with no answers: it is no game (docs/decisions/0024-human-pace.md)", () => {
    expect(verifyRun(honest(solo, "s", 0))).toMatchObject({ ok: false, reason: "no-answers" });
  });

  it("accepts any honest run of any mode", () => {
    fc.assert(
      fc.property(
        specArb,
        seedArb,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 400, max: 1000 }),
        (spec, seed, n, gap) => {
          const result = verifyRun(
            honest(spec, seed, n, Math.min(gap, Math.floor((timeLimitOf(spec) * 1000 - 500) / (n + 1)))),
          );
          if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
          expect(result.summary.score).toBe(n);
          expect(result.summary.totalQuestions).toBe(n);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("scores wrong answers as wrong, never as right", () => {
    fc.assert(
      fc.property(
        specArb,
        seedArb,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 50 }),
        (spec, seed, rights, off) => {
          const run = honest(spec, seed, rights.length);
          const at = problemSequence(spec, seed);
          // A wrong answer as a player types it (money answers have two decimals, not a float's tail).
          const wrong = (i: number) => String(Math.round((at(i).answer + off) * 100) / 100);
          const answers = run.answers.map((a) => (rights[a.i] ? a : { ...a, value: wrong(a.i) }));
          const result = verifyRun(withAnswers(run, answers));
          if (!result.ok) throw new Error(result.message);
          expect(result.records.map((r) => r.isCorrect)).toEqual(rights);
          expect(result.summary.score).toBe(rights.filter(Boolean).length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses answers the answer field could not have built (text, signs, markup, control characters)", () => {
    const run = honest(solo, "s", 3);
    for (const value of ["abc", "-7", " 12", "1.2.3", "<img src=x>", "7\u0000", "😀", ".5"]) {
      const answers = run.answers.map((a, i) => (i === 1 ? { ...a, value } : a));
      expect(verifyRun(withAnswers(run, answers)), value).toMatchObject({
        ok: false,
        reason: "malformed-answers",
        message: "Answer 2 is not a number.",
      });
    }
  });

  it("accepts a finish exactly 10 s after the deadline, and answers exactly 400 ms apart", () => {
    const run = honest(solo, "s", 5);
    expect(verifyRun({ ...run, finishedAt: STARTED + 60_000 + 10_000 }).ok).toBe(true);
    expect(verifyRun(honest(solo, "s", 140, 400)).ok).toBe(true);
  });

  it("accepts an answer time up to 1 s past the limit (clock drift), never more", () => {
    const run = honest(solo, "s", 3);
    const drift = run.answers.map((a, i) => (i === 2 ? { ...a, t: 61_000 } : a));
    expect(verifyRun(withAnswers(run, drift)).ok).toBe(true);
    const longer = run.answers.map((a, i) => (i === 2 ? { ...a, t: 61_001 } : a));
    expect(refusal(verifyRun(withAnswers(run, longer)))).toBe("bad-timing");
  });

  it("refuses answer times later than the server saw pass, beyond 1 s of drift", () => {
    const early = { ...honest(solo, "s", 3), finishedAt: STARTED + 2_000 };
    expect(
      verifyRun(
        withAnswers(
          early,
          early.answers.map((a) => ({ ...a, t: 500 + a.i * 1_000 })),
        ),
      ).ok,
    ).toBe(true);
    expect(
      refusal(
        verifyRun(
          withAnswers(
            early,
            early.answers.map((a) => ({ ...a, t: 500 + a.i * 1_300 })),
          ),
        ),
      ),
    ).toBe("bad-timing");
  });
});

describe("verifyRun judges the pace on what the server saw (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md)", () => {
  it("weighs the right answers against the run's span at the best people's pace, timed by the client or the server", () => {
    const run = honest(solo, "span", 40, 1_400);
    const client = verifyRun(run);
    const server = verifyRun({ ...run, serverTimed: true });
    if (!client.ok || !server.ok) throw new Error("refused");
    expect(client.pace.timedBy).toBe("client");
    expect(server.pace.timedBy).toBe("server");
    expect(client.pace.ceilingLoad).toBeGreaterThan(0.2);
    expect(client.pace.ceilingLoad).toBeLessThan(1);
  });

  it("holds the same count of right answers squeezed into a third of the time", () => {
    const result = verifyRun(honest(solo, "squeezed", 40, 470));
    if (!result.ok) throw new Error(result.message);
    expect(result.pace.reasons).toContain("above-human-ceiling");
  });
});

describe("verifyRun refuses forged runs", () => {
  const run = honest(solo, "forge", 20);

  it("refuses answers out of order, repeated, skipped or not starting at question 1", () => {
    const swapped = [...run.answers];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    expect(refusal(verifyRun(withAnswers(run, swapped)))).toBe("answer-order");

    const repeated = [...run.answers.slice(0, 5), { ...run.answers[4]!, t: run.answers[4]!.t + 900 }];
    expect(refusal(verifyRun(withAnswers(run, repeated)))).toBe("answer-order");

    const skipped = run.answers.filter((a) => a.i !== 7);
    expect(refusal(verifyRun(withAnswers(run, skipped)))).toBe("answer-order");

    const fromOne = run.answers.map((a) => ({ ...a, i: a.i + 1 }));
    expect(refusal(verifyRun(withAnswers(run, fromOne)))).toBe("answer-order");
  });

  it("refuses an empty answer", () => {
    for (const value of ["", "   "]) {
      const answers = run.answers.map((a) => (a.i === 2 ? { ...a, value } : a));
      expect(refusal(verifyRun(withAnswers(run, answers)))).toBe("empty-answer");
    }
  });

  it("refuses negative, decreasing or late client times", () => {
    const negative = run.answers.map((a) => (a.i === 0 ? { ...a, t: -1 } : a));
    expect(refusal(verifyRun(withAnswers(run, negative)))).toBe("bad-timing");

    const backwards = run.answers.map((a) => (a.i === 5 ? { ...a, t: run.answers[4]!.t - 1 } : a));
    expect(refusal(verifyRun(withAnswers(run, backwards)))).toBe("bad-timing");

    const last = run.answers.length - 1;
    const late = run.answers.map((a) => (a.i === last ? { ...a, t: 60_000 + 10_001 } : a));
    expect(refusal(verifyRun(withAnswers(run, late)))).toBe("bad-timing");

    const notANumber = run.answers.map((a) => (a.i === 1 ? { ...a, t: Number.NaN } : a));
    expect(refusal(verifyRun(withAnswers(run, notANumber)))).toBe("malformed-answers");
  });

  it("refuses client times well past the time the server saw", () => {
    const quick = { ...run, finishedAt: STARTED + 20_000 };
    const answers = run.answers.map((a, k) => ({ ...a, t: 1000 + k * 1000 + (k === 19 ? 15_000 : 0) }));
    expect(refusal(verifyRun(withAnswers(quick, answers)))).toBe("bad-timing");
  });

  it("refuses more answers than anyone could give", () => {
    // 10 s allows at most floor(10000 / 400) + 1 = 26 answers.
    const short = { ...honest(solo, "s", 27, 300), finishedAt: STARTED + 10_000 };
    expect(refusal(verifyRun(short))).toBe("too-fast");
    const twentySix = { ...honest(solo, "s", 26, 390), finishedAt: STARTED + 10_000 };
    twentySix.answers = twentySix.answers.map((a) => ({ ...a, t: a.i * 390 }));
    expect(refusal(verifyRun(twentySix))).toBe("too-fast"); // count fits, but 390 ms apart on average
    const fine = { ...honest(solo, "s", 26, 400), finishedAt: STARTED + 10_000 };
    fine.answers = fine.answers.map((a) => ({ ...a, t: a.i * 400 }));
    expect(verifyRun(fine).ok).toBe(true);
    // A burst is refused even in a long run if the whole run averages under 400 ms per answer.
    expect(refusal(verifyRun(honest(solo, "s", 100, 100)))).toBe("too-fast");
  });

  it("refuses a finish after the deadline plus 10 s, or before the start", () => {
    expect(refusal(verifyRun({ ...run, finishedAt: STARTED + 60_000 + 10_001 }))).toBe("finished-late");
    expect(refusal(verifyRun({ ...run, finishedAt: STARTED - 1 }))).toBe("finished-before-start");
    const daily: RunSpec = { mode: "daily", challengeId: "speed-demon" };
    expect(refusal(verifyRun({ ...honest(daily, "s", 5), finishedAt: STARTED + 40_001 }))).toBe("finished-late");
  });

  it("refuses an invalid spec or run", () => {
    const bad = (spec: unknown) => ({ ...run, spec: spec as RunSpec });
    expect(refusal(verifyRun(bad({ ...solo, timeLimit: 61 })))).toBe("invalid-spec");
    expect(refusal(verifyRun(bad({ mode: "daily", challengeId: "mystery" })))).toBe("invalid-spec");
    expect(refusal(verifyRun(bad(null)))).toBe("invalid-spec");
    expect(refusal(verifyRun({ ...run, seed: "" }))).toBe("invalid-run");
    expect(refusal(verifyRun({ ...run, startedAt: Number.NaN }))).toBe("invalid-run");
  });

  it("refuses answers that are not in the expected form", () => {
    const forms: unknown[] = [
      "not a list",
      [{ i: "0", value: "1", t: 500 }],
      [{ i: 0, value: 1, t: 500 }],
      [{ i: 0, value: "1" }],
      [null],
      [{ i: 0, value: "1".repeat(33), t: 500 }],
    ];
    for (const answers of forms) {
      expect(refusal(verifyRun({ ...run, answers: answers as SubmittedAnswer[] }))).toBe("malformed-answers");
    }
  });

  it("refuses every random reordering, duplication or skip", () => {
    const forge = fc.oneof(
      fc.constant("duplicate" as const),
      fc.constant("skip" as const),
      fc.constant("swap" as const),
    );
    fc.assert(
      fc.property(specArb, seedArb, fc.integer({ min: 3, max: 40 }), forge, fc.nat(), (spec, seed, n, how, pos) => {
        const run = honest(spec, seed, n, Math.floor((timeLimitOf(spec) * 1000) / (n + 2)));
        const k = pos % (n - 1);
        const answers = [...run.answers];
        if (how === "duplicate") answers.splice(k + 1, 0, { ...answers[k]! });
        if (how === "skip") answers.splice(k, 1);
        if (how === "swap") [answers[k], answers[k + 1]] = [answers[k + 1]!, answers[k]!];
        const reason = refusal(verifyRun(withAnswers(run, answers)));
        // A swap also makes the times go backwards; the order is checked first.
        expect(reason).toBe("answer-order");
      }),
      { numRuns: 150 },
    );
  });
});
