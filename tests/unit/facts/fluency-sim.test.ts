import { describe, expect, it } from "vitest";
import { rngFromString } from "../../../app/game";
import {
  DAY_MS,
  START_MS,
  answerFact,
  halfLifeDays,
  makeLearner,
  recallProbability,
  simulate,
  type Memory,
} from "../../../bench/lib/fluency-sim";

/*
 * The learner simulation behind `npm run bench -- fluency` (docs/decisions/0050-facts-and-spaced-practice.md): seeded,
 * and its memory model (half-life regression) forgets with time and learns with practice.
 */

describe("the learner simulation", () => {
  it("gives the same learner and the same outcome for the same seed", () => {
    expect(makeLearner("same")).toEqual(makeLearner("same"));
    expect(makeLearner("same")).not.toEqual(makeLearner("other"));
    for (const policy of ["adaptive", "random"] as const) {
      const first = simulate(policy, "same");
      expect(first.fluent).toBe(true);
      expect(simulate(policy, "same")).toEqual(first);
    }
  });

  it("makes learners who know most facts and are weak on a handful", () => {
    const learner = makeLearner("year-4");
    expect(learner.weak.length).toBeGreaterThanOrEqual(6);
    expect(learner.weak.length).toBeLessThanOrEqual(10);
    const p = [...learner.memory.entries()].map(([key, memory]) => ({ key, p: recallProbability(memory, START_MS) }));
    expect(p.filter((fact) => fact.p >= 0.8).length).toBeGreaterThanOrEqual(120);
    for (const key of learner.weak) expect(p.find((fact) => fact.key === key)!.p).toBeLessThan(0.8);
  });
});

describe("the memory model", () => {
  const memory = (): Memory => ({ right: 3, wrong: 2, lastSeen: START_MS, difficulty: 1 });

  it("forgets: recall falls as time passes", () => {
    const fact = memory();
    const p = [0, 0.5, 1, 3, 10].map((days) => recallProbability(fact, START_MS + days * DAY_MS));
    expect(p[0]).toBe(1);
    for (let k = 1; k < p.length; k++) expect(p[k]).toBeLessThan(p[k - 1]!);
    // Half-life regression: after one half-life, a half.
    expect(recallProbability(fact, START_MS + halfLifeDays(fact) * DAY_MS)).toBeCloseTo(0.5, 10);
  });

  it("learns: a right answer lengthens the half-life, and practice raises later recall", () => {
    const learner = makeLearner("practice");
    const key = learner.weak[0]!;
    const practised = structuredClone(learner.memory.get(key)!);
    const before = halfLifeDays(practised);
    expect(halfLifeDays({ ...practised, right: practised.right + 1 })).toBeGreaterThan(before);
    // Asked every day for a fortnight, the fact is recalled a day later far better than if it had been left.
    const rng = rngFromString("practice");
    const left = structuredClone(learner.memory.get(key)!);
    for (let day = 0; day < 14; day++) answerFact(learner, key, START_MS + day * DAY_MS, rng, day);
    const later = START_MS + 14 * DAY_MS;
    expect(recallProbability(learner.memory.get(key)!, later)).toBeGreaterThan(recallProbability(left, later) + 0.3);
  });
});
