import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FACT_OPS, factKey, factOfProblem, factsOf } from "../../../app/game/facts";
import { MAX_PRACTICE_FACTS, WEIGHTED_MAX, practiceSequenceOf, practiceWeight } from "../../../app/game/practice";
import { seedArb } from "./helpers";

const keyArb = fc.constantFrom(...FACT_OPS.flatMap((op) => factsOf(op).map(factKey)));
const planArb = fc.uniqueArray(keyArb, { minLength: 1, maxLength: MAX_PRACTICE_FACTS });

describe("practice problems", () => {
  it("are each a fact of the run's list, and a pure function of (list, seed, i)", () => {
    fc.assert(
      fc.property(planArb, seedArb, fc.nat(80), (keys, seed, i) => {
        const problem = practiceSequenceOf(keys, seed)(i);
        const fact = factOfProblem(problem);
        expect(fact).not.toBeNull();
        expect(keys).toContain(factKey(fact!));
        expect(practiceSequenceOf([...keys], seed)(i)).toEqual(problem);
      }),
      { numRuns: 300 },
    );
  });

  it("never ask the same fact twice running when the list has more than one", () => {
    fc.assert(
      fc.property(
        planArb.filter((keys) => keys.length > 1),
        seedArb,
        (keys, seed) => {
          const problems = practiceSequenceOf(keys, seed);
          for (let i = 1; i < 60; i++) expect(problems(i)).not.toEqual(problems(i - 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("ask the first of the list (the weakest) more often than the last", () => {
    const keys = factsOf("*").slice(0, 12).map(factKey);
    const counts = new Map<string, number>();
    const problems = practiceSequenceOf(keys, "weights");
    for (let i = 0; i < 240; i++) {
      const key = factKey(factOfProblem(problems(i))!);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.get(keys[0]!)).toBe(30);
    expect(counts.get(keys[11]!)).toBe(10);
    expect([0, 4, 8, 11].map((p) => practiceWeight(p, 12))).toEqual([3, 2, 1, 1]);
  });

  it("ask a list of more facts than a minute holds once a round, every fact before any comes again", () => {
    expect(WEIGHTED_MAX).toBe(20);
    // A list of 20 still asks its first third three times a round (runs already begun keep their problems).
    expect([0, 7, 14, 19].map((p) => practiceWeight(p, 20))).toEqual([3, 2, 1, 1]);
    const keys = factsOf("*").slice(0, MAX_PRACTICE_FACTS).map(factKey);
    expect(keys.length).toBeGreaterThan(WEIGHTED_MAX);
    for (const seed of ["once-a", "once-b"]) {
      const problems = practiceSequenceOf(keys, seed);
      for (let round = 0; round < 3; round++) {
        const asked = Array.from({ length: keys.length }, (_, i) =>
          factKey(factOfProblem(problems(round * keys.length + i))!),
        );
        expect(new Set(asked).size).toBe(keys.length);
      }
    }
  });

  it("differ between seeds, and refuse a list with no facts or a key that is not one", () => {
    const keys = factsOf("*").slice(0, 12).map(factKey);
    const a = Array.from({ length: 20 }, (_, i) => practiceSequenceOf(keys, "a")(i));
    const b = Array.from({ length: 20 }, (_, i) => practiceSequenceOf(keys, "b")(i));
    expect(a).not.toEqual(b);
    expect(() => practiceSequenceOf([], "a")).toThrow(RangeError);
    expect(() => practiceSequenceOf(["*7,13"], "a")).toThrow(RangeError);
  });
});
