import { describe, expect, it } from "vitest";
import { ceilingFactor, minimumAnswerMs, problemSequence, timeLimitOf, type RunSpec } from "~/game";
import {
  BOARD_SPECS,
  BOT_STRATEGIES,
  CEILING_MIMIC,
  HUMAN_PROFILES,
  humanRun,
  issue26Attack,
  judge,
  specsFor,
  type Outcome,
} from "../../../bench/lib/fair-play-corpus";
import { HOLDOUT_PROFILES, ruleReaderRun } from "../../../bench/lib/fair-play-holdout";

/*
 * Fair play against a script that has read our code (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md):
 * every machine-only bot strategy is held or refused, at most 1 % of the fitted people's runs are held and none of the
 * hold-out corpus's (decision 0075). Seeded, so the same runs every
 * time; bench/fair-play.bench.ts measures the same rates on more runs.
 */

const normal60: RunSpec = { mode: "solo", difficulty: "normal", operations: ["+", "-", "*", "/"], timeLimit: 60 };
const extreme60: RunSpec = { ...normal60, difficulty: "extreme" };
const marathon: RunSpec = { mode: "daily", challengeId: "multiplication-marathon" };

describe("issue 26: a script timed on the pace model", () => {
  it.each([
    ["Normal, 60 s", normal60, 115],
    ["Extreme, 60 s", extreme60, 61],
    ["the daily challenge", marathon, 81],
  ] as const)("scoring every answer right (%s, %i/%i) is now held", (_, spec, count) => {
    const run = issue26Attack(spec, "issue-26", count);
    expect(run.answers.at(-1)!.t).toBeLessThanOrEqual(timeLimitOf(spec) * 1000);
    const outcome = judge(run);
    expect(outcome).toMatchObject({ kind: "held", score: count });
    expect(outcome.reasons).toContain("above-human-ceiling");
  });
});

describe("the human ceiling", () => {
  it("is each problem's least time, whatever the run's length", () => {
    // Decision 0075: the minimums themselves; what lies between them and a fast person is the top places' check.
    expect([30, 45, 60, 120, 300].map(ceilingFactor)).toEqual([1, 1, 1, 1, 1]);
  });

  it("is about 105 right answers on Normal for 60 seconds (docs/product.md#human-pace-and-review)", () => {
    // How many of a draw's problems, each at its least time, fit into the minute, over 200 draws.
    const fits = Array.from({ length: 200 }, (_, k) => {
      const at = problemSequence(normal60, `ceiling:${k}`);
      let spent = 0;
      let count = 0;
      while (spent + minimumAnswerMs(at(count)) <= 60_000) spent += minimumAnswerMs(at(count++));
      return count;
    }).sort((a, b) => a - b);
    expect(fits[100]).toBe(105);
    expect(fits[0]).toBeGreaterThanOrEqual(100);
    expect(fits[199]).toBeLessThanOrEqual(110);
  });

  it("is worked out from the problems the run drew: an easy draw raises no one's ceiling", () => {
    // The same script's load is the same whatever problems came: its times follow their minimums.
    const loads = ["a", "b", "c"].map((seed) => {
      const at = problemSequence(normal60, seed);
      const minimums = Array.from({ length: 80 }, (_, i) => minimumAnswerMs(at(i)));
      return minimums.reduce((s, ms) => s + ms, 0);
    });
    expect(Math.max(...loads) / Math.min(...loads)).toBeLessThan(1.1);
  });
});

/** Share of outcomes that are not passed, and how many. */
function caught(outcomes: readonly Outcome[]): { rate: number; n: number } {
  return { rate: outcomes.filter((o) => o.kind !== "passed").length / outcomes.length, n: outcomes.length };
}

/**
 * Held or refused on their pace alone: what only a machine does (decision 0075). The jittered beat and the fishing
 * script pass the pace rules now; like the rule reader of issue 43, their scores meet the top places' check
 * (tests/integration/top-places.test.ts, bench/fair-play.bench.ts).
 */
const PASS_THE_PACE = new Set(["jittered beat", "many short runs", "perfect at the ceiling"]);

describe("machine-only strategies are held or refused on their pace", () => {
  for (const strategy of BOT_STRATEGIES.filter((s) => !PASS_THE_PACE.has(s.name))) {
    it(`${strategy.name}: ${strategy.description}`, () => {
      const outcomes = specsFor(strategy).flatMap(({ name, spec }) =>
        [0, 1, 2].map((k) => judge(strategy.runs(spec, `${name}:${strategy.name}:${k}`)[0]!)),
      );
      expect(outcomes.filter((o) => o.kind === "passed")).toEqual([]);
    });
  }

  it("the rule reader of issue 43 passes the pace rules on every board: no timing rule is the guard", () => {
    for (const { name, spec } of BOARD_SPECS) {
      const { outcome } = ruleReaderRun(spec, `unit:${name}`);
      expect({ name, kind: outcome.kind }).toEqual({ name, kind: "passed" });
    }
  });

  it("a script copying a person is not held for its pace either", () => {
    const outcomes = BOARD_SPECS.flatMap(({ name, spec }) =>
      [0, 1].map((k) => judge(CEILING_MIMIC.runs(spec, `${name}:${k}`)[0]!)),
    );
    expect(caught(outcomes).rate).toBeLessThan(0.2);
  });
});

describe("the hold-out corpus (decision 0075): people the rules were not fitted on", () => {
  const RUNS_PER_BOARD = 15;
  for (const profile of HOLDOUT_PROFILES) {
    it(`are never held for their pace: ${profile.name} (median ${profile.medianRatio}× the minimum, σ ${profile.sigma})`, () => {
      const outcomes = BOARD_SPECS.flatMap(({ name, spec }) =>
        Array.from({ length: RUNS_PER_BOARD }, (_, k) =>
          judge(humanRun(profile, spec, `holdout:${name}:${profile.name}:${k}`)),
        ),
      );
      expect(outcomes.filter((o) => o.kind !== "passed")).toEqual([]);
    });
  }
});

describe("people's runs", () => {
  const RUNS_PER_BOARD = 20;
  // Each profile's runs are judged once, by whichever test asks first: the tests hold in any order.
  const judged = new Map<(typeof HUMAN_PROFILES)[number], Outcome[]>();
  const outcomesOf = (profile: (typeof HUMAN_PROFILES)[number]): Outcome[] => {
    if (!judged.has(profile))
      judged.set(
        profile,
        BOARD_SPECS.flatMap(({ name, spec }) =>
          Array.from({ length: RUNS_PER_BOARD }, (_, k) =>
            judge(humanRun(profile, spec, `${name}:${profile.name}:${k}`)),
          ),
        ),
      );
    return judged.get(profile)!;
  };
  for (const profile of HUMAN_PROFILES) {
    it(`are held at most 1 % of the time: ${profile.name} (median ${profile.medianRatio}× the minimum, σ ${profile.sigma})`, () => {
      const outcomes = outcomesOf(profile);
      expect(outcomes.filter((o) => o.kind === "refused")).toEqual([]);
      expect(caught(outcomes).rate).toBeLessThanOrEqual(0.01);
    });
  }

  it("are held at most 1 % of the time over the whole corpus", () => {
    const all = HUMAN_PROFILES.flatMap(outcomesOf);
    expect(all.length).toBe(HUMAN_PROFILES.length * BOARD_SPECS.length * RUNS_PER_BOARD);
    expect(caught(all).rate).toBeLessThanOrEqual(0.01);
  });
});
