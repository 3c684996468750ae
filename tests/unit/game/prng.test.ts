import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomSeedFromBytes, rngFor } from "../../../app/game";

const sample = (seed: string, index: number, count = 20) => {
  const rng = rngFor(seed, index);
  return Array.from({ length: count }, () => rng.next());
};

describe("rngFor", () => {
  it("gives the same numbers for the same seed and index", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(10_000), (seed, index) => {
        expect(sample(seed, index)).toEqual(sample(seed, index));
      }),
    );
  });

  it("gives different numbers for another index or another seed", () => {
    expect(sample("seed", 0)).not.toEqual(sample("seed", 1));
    expect(sample("seed", 0)).not.toEqual(sample("seed2", 0));
    // The separator keeps ("a1", 2) apart from ("a", 12).
    expect(sample("a1", 2)).not.toEqual(sample("a", 12));
  });

  it("next() stays in [0, 1)", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (seed, index) => {
        for (const x of sample(seed, index, 50)) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(1);
        }
      }),
    );
  });

  it("int(min, max) is inclusive at both ends and never outside", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -1000, max: 1000 }), fc.nat(1000), (seed, min, width) => {
        const rng = rngFor(seed, 0);
        for (let k = 0; k < 20; k++) {
          const n = rng.int(min, min + width);
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(min);
          expect(n).toBeLessThanOrEqual(min + width);
        }
      }),
    );
    const rng = rngFor("ends", 0);
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(1, 5)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("is roughly uniform across seeds", () => {
    const counts = new Array<number>(10).fill(0);
    for (let s = 0; s < 20_000; s++) {
      const digit = rngFor(`seed-${s}`, 0).int(0, 9);
      counts[digit] = (counts[digit] ?? 0) + 1;
    }
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });

  it("pick() returns an element and refuses an empty list", () => {
    const rng = rngFor("pick", 3);
    for (let k = 0; k < 50; k++) expect(["a", "b", "c"]).toContain(rng.pick(["a", "b", "c"]));
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it("int() refuses fractional or reversed bounds", () => {
    const rng = rngFor("bad", 0);
    expect(() => rng.int(5, 1)).toThrow(RangeError);
    expect(() => rng.int(0.5, 3)).toThrow(RangeError);
  });
});

describe("randomSeedFromBytes", () => {
  it("writes bytes as lowercase hex, two digits each", () => {
    expect(randomSeedFromBytes(new Uint8Array([0, 15, 255, 16]))).toBe("000fff10");
    expect(randomSeedFromBytes(new Uint8Array(16))).toMatch(/^0{32}$/);
    expect(randomSeedFromBytes(new Uint8Array([]))).toBe("");
  });
});
