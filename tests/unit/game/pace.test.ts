import { describe, expect, it } from "vitest";
import {
  DAILY_CHALLENGES,
  checkAnswer,
  judgePace,
  minimumAnswerMs,
  problemSequence,
  rngFromString,
  type PaceAnswer,
  type Problem,
  type RunSpec,
  type Rng,
} from "~/game";

/*
 * The human-pace model (docs/decisions/0024-human-pace.md). People are simulated with answer times drawn around
 * each problem's own difficulty, the way reaction times spread (log-normal: most near the typical time, a few
 * much slower); bots answer at the floor or at a steady beat.
 */

const p = (num1: number, operator: Problem["operator"], num2: number, answer: number): Problem => ({
  num1,
  num2,
  operator,
  answer,
});

describe("the least time a person needs for a problem", () => {
  it("grows with what the problem asks: facts, columns, carries, long products and quotients", () => {
    expect(minimumAnswerMs(p(3, "+", 4, 7))).toBe(500);
    expect(minimumAnswerMs(p(7, "*", 8, 56))).toBe(600);
    expect(minimumAnswerMs(p(56, "/", 8, 7))).toBe(600);
    expect(minimumAnswerMs(p(42, "+", 31, 73))).toBe(700); // two columns, no carry
    expect(minimumAnswerMs(p(47, "+", 38, 85))).toBe(850); // and one carry
    expect(minimumAnswerMs(p(52, "-", 27, 25))).toBe(850); // one borrow
    expect(minimumAnswerMs(p(18, "*", 14, 252))).toBe(1600); // four partial products
    expect(minimumAnswerMs(p(384, "+", 479, 863))).toBe(1200);
  });

  it("counts money's pence as typed digits and worked columns", () => {
    expect(minimumAnswerMs(p(2.5, "+", 1.25, 3.75))).toBeGreaterThan(minimumAnswerMs(p(25, "+", 12, 37)));
  });
});

/** A log-normal draw: median `median`, spread `sigma` (Box–Muller from the seeded generator). */
function logNormal(rng: Rng, median: number, sigma: number): number {
  const u = Math.max(rng.next(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
  return median * Math.exp(sigma * z);
}

type Player = {
  /** How many times the problem's minimum a typical answer takes, and how much answers spread. */
  pace: number;
  sigma: number;
  accuracy: number;
};

/** A run of `seconds` played by someone with this pace, on the real problems of a run spec. */
function playRun(spec: RunSpec, seed: string, seconds: number, who: Player): PaceAnswer[] {
  const problemAt = problemSequence(spec, seed);
  const rng = rngFromString(`${seed}:player`);
  const answers: PaceAnswer[] = [];
  let elapsed = 0;
  for (let i = 0; ; i++) {
    const problem = problemAt(i);
    const ms = Math.round(logNormal(rng, minimumAnswerMs(problem) * who.pace, who.sigma));
    elapsed += ms;
    if (elapsed > seconds * 1000) return answers;
    const correct = rng.next() < who.accuracy;
    expect(checkAnswer(spec.mode, problem, String(problem.answer))).toBe(true);
    answers.push({ problem, correct, ms });
  }
}

const solo = (difficulty: "easy" | "normal" | "hard" | "extreme", timeLimit = 60): RunSpec => ({
  mode: "solo",
  difficulty,
  operations: ["+", "-", "*", "/"],
  timeLimit,
});

const SPECS: [string, RunSpec, number][] = [
  ["easy, 30 s", solo("easy", 30), 30],
  ["normal, 1 min", solo("normal"), 60],
  ["hard, 2 min", solo("hard", 120), 120],
  ["extreme, 1 min", solo("extreme"), 60],
  ...DAILY_CHALLENGES.map((c): [string, RunSpec, number] => [
    `daily ${c.id}`,
    { mode: "daily", challengeId: c.id },
    c.timeLimit,
  ]),
];

/*
 * People, from a typical child to the fastest adults. A "very fast" player answers at 1.3× the minimum on
 * average (the minimums sit below the fastest published adult times), with the spread people show (σ 0.3: a
 * coefficient of variation near 0.3).
 */
const PEOPLE: [string, Player][] = [
  ["a typical child", { pace: 3, sigma: 0.45, accuracy: 0.8 }],
  ["a quick child", { pace: 2, sigma: 0.4, accuracy: 0.9 }],
  ["a very fast child on easy sums", { pace: 1.5, sigma: 0.35, accuracy: 0.95 }],
  ["the fastest adult", { pace: 1.3, sigma: 0.3, accuracy: 1 }],
];

describe("a person's run", () => {
  for (const [who, player] of PEOPLE) {
    it(`is never held: ${who}, 50 runs of every kind`, () => {
      const held: string[] = [];
      for (const [name, spec, seconds] of SPECS) {
        for (let k = 0; k < 50; k++) {
          const verdict = judgePace(playRun(spec, `${name}-${k}`, seconds, player));
          if (!verdict.plausible) held.push(`${name} #${k}: ${verdict.reasons.join(", ")} (${verdict.medianRatio})`);
        }
      }
      expect(held).toEqual([]);
    });
  }

  it("with a few very quick answers among the rest is not held", () => {
    const answers = playRun(solo("normal"), "lucky", 60, { pace: 2, sigma: 0.4, accuracy: 1 });
    // Two answers typed almost at once (a lucky guess, a fact the child knows by heart).
    answers[3]!.ms = 250;
    answers[9]!.ms = 300;
    expect(judgePace(answers).plausible).toBe(true);
  });

  it("is too short to judge under 5 right answers, however fast", () => {
    const answers = playRun(solo("normal"), "short", 60, { pace: 0.5, sigma: 0.1, accuracy: 1 }).slice(0, 4);
    expect(judgePace(answers)).toMatchObject({ plausible: true, medianRatio: null });
  });

  it("does not count fast wrong answers: a child pressing keys at random scores nothing to hold", () => {
    const answers = playRun(solo("normal"), "mash", 60, { pace: 2, sigma: 0.4, accuracy: 1 }).map((a, i) =>
      i % 2 ? { ...a, ms: 150, correct: false } : a,
    );
    expect(judgePace(answers).plausible).toBe(true);
  });
});

describe("a script's run", () => {
  const everyProblem = (spec: RunSpec, seed: string, gap: (i: number, problem: Problem) => number) => {
    const problemAt = problemSequence(spec, seed);
    return Array.from({ length: 60 }, (_, i): PaceAnswer => {
      const problem = problemAt(i);
      return { problem, correct: true, ms: gap(i, problem) };
    });
  };

  it("is held when every answer is right at the old 400 ms floor", () => {
    for (const [name, spec] of SPECS) {
      const verdict = judgePace(everyProblem(spec, name, () => 400));
      expect(verdict.plausible, name).toBe(false);
      expect(verdict.reasons).toContain("faster-than-people");
    }
  });

  it("is held when it answers at a steady human-looking beat", () => {
    const verdict = judgePace(everyProblem(solo("normal"), "beat", () => 1500));
    expect(verdict).toMatchObject({ plausible: false, reasons: ["too-regular"], variation: 0 });
  });

  it("is held with a little random jitter on a steady beat", () => {
    const rng = rngFromString("jitter");
    const verdict = judgePace(everyProblem(solo("hard"), "jitter", () => 1400 + rng.int(-100, 100)));
    expect(verdict.reasons).toContain("too-regular");
  });

  it("is held with three right answers under half their minimum, however slow the rest: two are slips", () => {
    const slow = (i: number, problem: Problem) => minimumAnswerMs(problem) * (2 + (i % 7) / 3);
    const withFast = (count: number) =>
      judgePace(everyProblem(solo("normal"), "slips", (i, problem) => (i < count ? 200 : slow(i, problem))));
    expect(withFast(2).reasons).toEqual([]);
    expect(withFast(3).reasons).toEqual(["many-too-fast"]);
  });

  it("is held when 15 right answers in a row come faster, on average, than their minimums", () => {
    const verdict = judgePace(
      everyProblem(
        solo("normal"),
        "burst",
        (i, problem) => minimumAnswerMs(problem) * (i < 40 ? 2 + (i % 5) / 4 : 0.9),
      ),
    );
    expect(verdict.reasons).toEqual(["fast-burst"]);
  });

  it("is not held for a jittered beat in a narrow band: a steady child keeps one too (decision 0075)", () => {
    const rng = rngFromString("band");
    const verdict = judgePace(everyProblem(solo("normal"), "band", () => 1000 * (1 + (rng.next() * 2 - 1) * 0.3)));
    expect(verdict.variation).toBeGreaterThan(0.12);
    // Its score meets the top places' check instead (tests/integration/top-places.test.ts).
    expect(verdict.reasons).toEqual([]);
  });

  it("is held above the human ceiling: more right answers than the time allows at each problem's least time", () => {
    const rng = rngFromString("ceiling");
    const answers = everyProblem(solo("normal"), "ceiling", (_, problem) =>
      logNormal(rng, minimumAnswerMs(problem) * 1.4, 0.3),
    );
    const span = answers.reduce((sum, a) => sum + a.ms, 0);
    const needed = answers.reduce((sum, a) => sum + minimumAnswerMs(a.problem), 0);
    expect(span).toBeGreaterThan(needed);
    expect(judgePace(answers, { spanMs: span, timeLimitSeconds: 60, serverTimed: false })).toMatchObject({
      plausible: true,
      ceilingLoad: Math.round((needed / span) * 1000) / 1000,
      timedBy: "client",
    });
    expect(judgePace(answers, { spanMs: needed * 0.99, timeLimitSeconds: 60, serverTimed: true })).toMatchObject({
      reasons: ["above-human-ceiling"],
      timedBy: "server",
    });
  });

  it("is held when it mixes answers far under a person's fastest with slow ones", () => {
    const verdict = judgePace(
      everyProblem(solo("normal"), "mixed", (i, problem) => (i % 3 === 0 ? 250 : minimumAnswerMs(problem) * 3)),
    );
    expect(verdict.reasons).toContain("many-too-fast");
  });
});
