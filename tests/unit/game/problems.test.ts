import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { problemAt, problemSequence } from "../../../app/game";
import { ALL_SPECS, expectConsistent, seedArb, specArb } from "./helpers";

describe("problems of every mode", () => {
  it("are consistent: in range for their operator, whole where divided, never negative", () => {
    fc.assert(
      fc.property(specArb, seedArb, fc.nat(30), (spec, seed, i) => {
        expectConsistent(problemAt(spec, seed, i));
      }),
      { numRuns: 1000 },
    );
  });

  it("are a pure function of (spec, seed, i)", () => {
    fc.assert(
      fc.property(specArb, seedArb, fc.nat(30), (spec, seed, i) => {
        expect(problemAt(spec, seed, i)).toEqual(problemAt(structuredClone(spec), seed, i));
        expect(problemSequence(spec, seed)(i)).toEqual(problemAt(spec, seed, i));
      }),
      { numRuns: 300 },
    );
  });

  it("usually differ between seeds", () => {
    for (const spec of ALL_SPECS) {
      const a = problemSequence(spec, "seed-a");
      const b = problemSequence(spec, "seed-b");
      const first = (at: (i: number) => unknown) => Array.from({ length: 12 }, (_, i) => at(i));
      expect(first(a)).not.toEqual(first(b));
    }
  });

  it("refuses a bad index and an unknown challenge", () => {
    const spec = ALL_SPECS[0]!;
    expect(() => problemAt(spec, "s", -1)).toThrow(RangeError);
    expect(() => problemAt(spec, "s", 0.5)).toThrow(RangeError);
    expect(() => problemAt({ mode: "daily", challengeId: "nope" }, "s", 0)).toThrow(RangeError);
  });
});
