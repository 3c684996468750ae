// Number bonds and doubles and halves (docs/product.md#number-bonds, docs/product.md#doubles-and-halves).
import { describe, expect, it } from "vitest";
import {
  formatProblem,
  parseRunSpec,
  problemSequence,
  spokenProblem,
  sumAsked,
  timeLimitOf,
  type RunSpec,
} from "../../../app/game";
import { factOfProblem, factOfStoredProblem } from "../../../app/game/facts";
import { missingPart } from "../../../app/game/bonds";
import { doubledNumbers } from "../../../app/game/doubles";
import { FRESH_WINDOW } from "../../../app/game/fresh";

function problems(spec: RunSpec, seed: string, n = 300) {
  const sequence = problemSequence(spec, seed);
  return Array.from({ length: n }, (_, i) => sequence(i));
}

describe("number bonds", () => {
  it("asks the bonds of the totals picked, both ways round, each part 1 to the total less 1", () => {
    for (const total of [10, 20, 100] as const) {
      const asked = problems({ mode: "bonds", totals: [total], timeLimit: 60 }, `t${total}`);
      for (const p of asked) {
        if (p.written) {
          expect(p).toMatchObject({ operator: "+", num2: total });
          expect(p.num1 + p.answer).toBe(total);
        } else {
          expect(p).toMatchObject({ operator: "-", num1: total });
          expect(p.num2 + p.answer).toBe(total);
        }
        expect(Math.min(p.answer, total - p.answer)).toBeGreaterThanOrEqual(1);
      }
      expect(asked.some((p) => p.written)).toBe(true);
      expect(asked.some((p) => !p.written)).toBe(true);
    }
  });

  it("mixes the totals picked, and never asks a problem again within a few", () => {
    const asked = problems({ mode: "bonds", totals: [10, 100], timeLimit: 60 }, "mix");
    expect(new Set(asked.map((p) => (p.written ? p.num2 : p.num1)))).toEqual(new Set([10, 100]));
    asked.forEach((p, i) => {
      for (const before of asked.slice(Math.max(0, i - FRESH_WINDOW), i)) expect(before).not.toEqual(p);
    });
  });

  it("shows the missing part as a gap, and says it in words", () => {
    const gap = missingPart(7, 10);
    expect(gap).toMatchObject({ num1: 7, num2: 10, operator: "+", answer: 3 });
    expect(formatProblem(gap)).toMatchObject({ text: "7 + ? = 10", display: "7 + ? = 10", vertical: false });
    expect(spokenProblem(gap)).toBe("7 plus what equals 10?");
    expect(sumAsked(gap, true)).toBe("7 + 3 = 10");
    expect(formatProblem({ num1: 10, num2: 7, operator: "-", answer: 3 }).display).toBe("10 − 7 = ?");
  });

  it("reads its facts from the stored lines where the grid has them", () => {
    expect(factOfStoredProblem("7 + ? = 10", 3)).toEqual({ op: "+", a: 7, b: 3 });
    expect(factOfStoredProblem("10 - 7 = ?", 3)).toEqual({ op: "-", a: 7, b: 3 });
    expect(factOfStoredProblem("8 + ? = 20", 12)).toEqual({ op: "+", a: 8, b: 12 });
    // Beyond the 12 × 12 grid: no fact (docs/decisions/0081-number-bonds-and-doubles.md).
    expect(factOfStoredProblem("3 + ? = 20", 17)).toBeNull();
    expect(factOfStoredProblem("37 + ? = 100", 63)).toBeNull();
    // An answer that does not follow from the line is no fact.
    expect(factOfStoredProblem("7 + ? = 10", 4)).toBeNull();
    // Any one gap reads the same way, wherever it is: the engine needs no code for a new shape of problem.
    expect(factOfStoredProblem("? × 4 = 28", 7)).toEqual({ op: "*", a: 7, b: 4 });
    expect(factOfStoredProblem("9 - ? = 4", 5)).toEqual({ op: "-", a: 5, b: 4 });
    expect(factOfStoredProblem("? + ? = 10", 5)).toBeNull();
    expect(factOfStoredProblem("7 + 3 = 10", 3)).toBeNull();
    expect(factOfProblem(missingPart(7, 10))).toEqual({ op: "+", a: 7, b: 3 });
  });

  it("takes a time limit of the solo game's and refuses anything else", () => {
    expect(timeLimitOf({ mode: "bonds", totals: [20], timeLimit: 120 })).toBe(120);
    for (const bad of [
      { mode: "bonds", totals: [], timeLimit: 60 },
      { mode: "bonds", totals: [10, 10], timeLimit: 60 },
      { mode: "bonds", totals: ["10"], timeLimit: 60 },
      { mode: "bonds", totals: [50], timeLimit: 60 },
      { mode: "bonds", totals: [10], timeLimit: 45 },
      { mode: "bonds", totals: [10] },
    ]) {
      expect(parseRunSpec(bad)).toBeNull();
    }
    // The order ticked never matters: one game, one spec.
    expect(parseRunSpec({ mode: "bonds", totals: [100, 10], timeLimit: 60 })).toEqual({
      mode: "bonds",
      totals: [10, 100],
      timeLimit: 60,
    });
  });
});

describe("doubles and halves", () => {
  it("doubles and halves the numbers of each range", () => {
    expect(doubledNumbers("20")).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(doubledNumbers("100")).toHaveLength(50);
    expect(doubledNumbers("tens")).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    for (const range of ["20", "100", "tens"] as const) {
      const asked = problems(
        { mode: "doubles", ranges: [range], operations: ["double", "halve"], timeLimit: 60 },
        range,
      );
      for (const p of asked) {
        if (p.operator === "*") {
          expect(p.num2).toBe(2);
          expect(doubledNumbers(range)).toContain(p.num1);
        } else {
          expect(p).toMatchObject({ operator: "/", num2: 2 });
          expect(doubledNumbers(range)).toContain(p.answer);
        }
      }
      expect(asked.some((p) => p.operator === "*")).toBe(true);
      expect(asked.some((p) => p.operator === "/")).toBe(true);
    }
  });

  it("asks only what was picked", () => {
    const halves = problems({ mode: "doubles", ranges: ["20"], operations: ["halve"], timeLimit: 30 }, "h");
    expect(halves.every((p) => p.operator === "/" && p.num1 <= 20)).toBe(true);
  });

  it("reads its facts where the grid has them: doubles and halves to 24", () => {
    expect(factOfStoredProblem("7 × 2 = ?", 14)).toEqual({ op: "*", a: 7, b: 2 });
    expect(factOfStoredProblem("14 ÷ 2 = ?", 7)).toEqual({ op: "/", a: 2, b: 7 });
    expect(factOfStoredProblem("70 × 2 = ?", 140)).toBeNull();
  });

  it("refuses a spec with anything else", () => {
    for (const bad of [
      { mode: "doubles", ranges: [], operations: ["double"], timeLimit: 60 },
      { mode: "doubles", ranges: ["50"], operations: ["double"], timeLimit: 60 },
      { mode: "doubles", ranges: ["20"], operations: [], timeLimit: 60 },
      { mode: "doubles", ranges: ["20"], operations: ["triple"], timeLimit: 60 },
      { mode: "doubles", ranges: ["20"], operations: ["double", "double"], timeLimit: 60 },
      { mode: "doubles", ranges: ["20"], operations: ["double"], timeLimit: 0 },
    ]) {
      expect(parseRunSpec(bad)).toBeNull();
    }
  });
});
