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
  withPlayerHistory,
  type Outcome,
} from "../../../bench/lib/fair-play-corpus";

/*
 * Fair play against a script that has read our code (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md):
 * every bot strategy is held or refused, and at most 1 % of people's runs are held. Seeded, so the same runs every
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
  it("allows less over longer runs, as people tire", () => {
    expect([30, 45, 60, 120, 300].map(ceilingFactor)).toEqual([1.15, 1.15, 1.15, 1.2, 1.25]);
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

describe("every bot strategy is held or refused", () => {
  for (const strategy of BOT_STRATEGIES.filter((s) => s.name !== "many short runs")) {
    it(`${strategy.name}: ${strategy.description}`, () => {
      const outcomes = specsFor(strategy).flatMap(({ name, spec }) =>
        [0, 1, 2].map((k) => judge(strategy.runs(spec, `${name}:${strategy.name}:${k}`)[0]!)),
      );
      expect(outcomes.filter((o) => o.kind === "passed")).toEqual([]);
    });
  }

  const fishing = BOT_STRATEGIES.find((s) => s.name === "many short runs")!;
  it(`many short runs: ${fishing.description}`, () => {
    for (const { name, spec } of specsFor(fishing)) {
      for (let k = 0; k < 3; k++) {
        const outcomes = fishing.runs(spec, `${name}:${fishing.name}:${k}`).map(judge);
        // Almost every run is held on its own pace; once one is, the player's later runs of the hour are too
        // (app/runs/player-history.server.ts). Only a run before the first hold can pass, under the ceiling.
        expect(caught(outcomes).rate).toBeGreaterThanOrEqual(0.9);
        const firstHeld = outcomes.findIndex((o) => o.kind !== "passed");
        expect(firstHeld).toBeGreaterThanOrEqual(0);
        expect(
          withPlayerHistory(outcomes)
            .slice(firstHeld)
            .every((o) => o.kind !== "passed"),
        ).toBe(true);
      }
    }
  });

  it("a script copying a person just under the ceiling is the limit: rarely held, never above the best people", () => {
    const outcomes = BOARD_SPECS.flatMap(({ name, spec }) =>
      [0, 1].map((k) => judge(CEILING_MIMIC.runs(spec, `${name}:${k}`)[0]!)),
    );
    expect(caught(outcomes).rate).toBeLessThan(0.2);
    for (const outcome of outcomes.filter((o) => o.kind === "passed")) expect(outcome.reasons).toEqual([]);
  });
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
