import { describe, expect, it } from "vitest";
import { rngFromString } from "../../../app/game";
import {
  DAY_MS,
  START_MS,
  answerFact,
  halfLifeDays,
  logNormal,
  gapsAt,
  makeLearner,
  recallProbability,
  simulate,
  type HlrMemory,
  type Learner,
} from "../../../bench/lib/fluency-sim";
import { CHILD_TIMES, HLR, PANEL } from "../../../bench/lib/learner-panel";

/*
 * The learner simulation behind `npm run bench -- fluency` (docs/decisions/0073-a-panel-of-learners.md): seeded, its
 * memory models forget with time and learn with practice, and answer times are spread, not a step at 3 s.
 */

const member = (id: string) => PANEL.find((m) => m.id === id)!;
const HLR_TYPICAL = member("hlr-typical");
const ACTR_TYPICAL = member("actr-typical");

const pOf = (learner: Learner) =>
  [...learner.memory.entries()].map(([key, memory]) => ({ key, p: recallProbability(learner, memory, START_MS) }));

describe("the learner simulation", () => {
  it("gives the same learner and the same outcome for the same member and seed", () => {
    expect(makeLearner(HLR_TYPICAL, "same")).toEqual(makeLearner(HLR_TYPICAL, "same"));
    expect(makeLearner(HLR_TYPICAL, "same")).not.toEqual(makeLearner(HLR_TYPICAL, "other"));
    for (const policy of ["adaptive", "random"] as const) {
      const first = simulate(HLR_TYPICAL, policy, "same");
      expect(first.fluent).toBe(true);
      expect(simulate(HLR_TYPICAL, policy, "same")).toEqual(first);
    }
  });

  it("counts, beside every fact fluent, the problems until 90% of the starting gaps are (decision 0078)", () => {
    const fluent = simulate(HLR_TYPICAL, "adaptive", "same");
    expect(fluent.shareProblems).toBeGreaterThan(0);
    expect(fluent.shareProblems).toBeLessThanOrEqual(fluent.problems);
    // A cap of one sitting: not fluent, and the gaps not yet closed either; both count as the cap.
    const capped = simulate(HLR_TYPICAL, "adaptive", "same", { cap: 20 });
    expect(capped).toMatchObject({ problems: 20, fluent: false, shareProblems: 20 });
    expect(gapsAt(makeLearner(HLR_TYPICAL, "same"), START_MS).length).toBeGreaterThan(0);
  });

  it("keeps, beside its own, the outcome the same run has when stopped at an earlier cap (decision 0098)", () => {
    const full = simulate(HLR_TYPICAL, "adaptive", "same");
    for (const earlierCap of [20, 100, full.problems, full.problems + 20]) {
      const { atEarlierCap, ...outcome } = simulate(HLR_TYPICAL, "adaptive", "same", { earlierCap });
      // The run itself is as without it, and stopped sooner it is what a run with that cap gives.
      expect(outcome).toEqual(full);
      expect(atEarlierCap).toEqual(simulate(HLR_TYPICAL, "adaptive", "same", { cap: earlierCap }));
    }
  });

  it("runs an ideal schedule that reads the hidden recall: fluent sooner than adaptive practice (decision 0086)", () => {
    const seeds = ["ideal-0", "ideal-1", "ideal-2"];
    for (const seed of seeds) {
      const ideal = simulate(HLR_TYPICAL, "ideal", seed);
      expect(ideal.fluent).toBe(true);
      expect(simulate(HLR_TYPICAL, "ideal", seed)).toEqual(ideal);
      expect(ideal.problems).toBeLessThanOrEqual(simulate(HLR_TYPICAL, "adaptive", seed).problems);
    }
  });

  it("makes typical learners who know most facts and are weak on a handful, under either model", () => {
    for (const kind of [HLR_TYPICAL, ACTR_TYPICAL]) {
      const learner = makeLearner(kind, "year-4");
      expect(learner.weak.length).toBeGreaterThanOrEqual(6);
      expect(learner.weak.length).toBeLessThanOrEqual(10);
      const p = pOf(learner);
      expect(p.filter((fact) => fact.p >= 0.8).length).toBeGreaterThanOrEqual(120);
      for (const key of learner.weak) expect(p.find((fact) => fact.key === key)!.p).toBeLessThan(0.9);
    }
  });

  it("makes half-knowing learners who know the easier half of the grid", () => {
    const learner = makeLearner(member("hlr-half-known"), "year-3");
    expect(learner.weak.length).toBeGreaterThanOrEqual(72);
    expect(learner.weak).toContain("*12,12");
    expect(learner.weak).not.toContain("*2,2");
    expect(pOf(learner).filter((fact) => fact.p >= 0.8).length).toBeLessThanOrEqual(72);
  });
});

describe("the memory models", () => {
  it("half-life regression forgets: recall falls as time passes, to a half after one half-life", () => {
    const learner = makeLearner(HLR_TYPICAL, "forget");
    const fact: HlrMemory = { kind: "hlr", right: 3, wrong: 2, lastSeen: START_MS, difficulty: 1 };
    const p = [0, 0.5, 1, 3, 10].map((days) => recallProbability(learner, fact, START_MS + days * DAY_MS));
    expect(p[0]).toBe(1);
    for (let k = 1; k < p.length; k++) expect(p[k]).toBeLessThan(p[k - 1]!);
    expect(recallProbability(learner, fact, START_MS + halfLifeDays(fact, HLR) * DAY_MS)).toBeCloseTo(0.5, 10);
  });

  for (const kind of [HLR_TYPICAL, ACTR_TYPICAL]) {
    it(`${kind.id}: practice of a weak fact raises its later recall`, () => {
      const learner = makeLearner(kind, "practice");
      const key = learner.weak[0]!;
      const later = START_MS + 14 * DAY_MS;
      const left = recallProbability(learner, structuredClone(learner.memory.get(key)!), later);
      const rng = rngFromString("practice");
      for (let day = 0; day < 14; day++) answerFact(learner, key, START_MS + day * DAY_MS, rng, day);
      expect(recallProbability(learner, learner.memory.get(key)!, later)).toBeGreaterThan(left + 0.3);
    });
  }
});

describe("answer times", () => {
  it("are log-normal around the median, so a sure fact is sometimes slower than 3 s", () => {
    const rng = rngFromString("times");
    const median = CHILD_TIMES.retrievalMedianMs[0]!;
    const draws = Array.from({ length: 4000 }, () => logNormal(rng, median, CHILD_TIMES.sigma)).sort((a, b) => a - b);
    expect(draws[2000]! / median).toBeGreaterThan(0.95);
    expect(draws[2000]! / median).toBeLessThan(1.05);
    const slow = draws.filter((ms) => ms > 3_000).length / draws.length;
    expect(slow).toBeGreaterThan(0.1);
    expect(slow).toBeLessThan(0.3);
  });
});
