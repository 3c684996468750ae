import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  TIMES_TABLE_NUMBERS,
  isServerFinished,
  leaderboardGameType,
  parseRunSpec,
  problemSequence,
  tablesPlay,
  timeLimitOf,
  type RunSpec,
  type TablesOperation,
  type TimesTable,
} from "../../../app/game";
import { expectConsistent, seedArb } from "./helpers";

const tablesArb = fc
  .subarray([...TIMES_TABLE_NUMBERS], { minLength: 1 })
  .chain((tables) => fc.shuffledSubarray(tables, { minLength: tables.length, maxLength: tables.length }));
const operationsArb = fc.constantFrom<TablesOperation[]>(["*"], ["/"], ["*", "/"], ["/", "*"]);
const specArb = fc
  .record({ tables: tablesArb, operations: operationsArb, timeLimit: fc.constantFrom(30, 60, 120, 300) })
  .map((fields): RunSpec => ({ mode: "tables", ...fields }));

describe("a times-tables run's problems (docs/product.md#times-tables-game)", () => {
  it("are all of the chosen tables and operations: the table second, or the divisor", () => {
    fc.assert(
      fc.property(specArb, seedArb, (spec, seed) => {
        if (spec.mode !== "tables") throw new Error("not a tables spec");
        const problems = problemSequence(spec, seed);
        for (let i = 0; i < 40; i++) {
          const p = problems(i);
          expectConsistent(p);
          expect(spec.operations).toContain(p.operator);
          expect(spec.tables).toContain(p.num2 as TimesTable);
          // The other number (the first factor, or the answer of a division) is 1 to 12.
          const other = p.operator === "*" ? p.num1 : p.answer;
          expect(other).toBeGreaterThanOrEqual(1);
          expect(other).toBeLessThanOrEqual(12);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("are the same for the same seed, whatever order the tables and operations were ticked in", () => {
    fc.assert(
      fc.property(specArb, seedArb, (spec, seed) => {
        if (spec.mode !== "tables") throw new Error("not a tables spec");
        const reordered: RunSpec = {
          ...spec,
          tables: [...spec.tables].reverse(),
          operations: [...spec.operations].reverse(),
        };
        const first = (s: RunSpec) => Array.from({ length: 30 }, (_, i) => problemSequence(s, seed)(i));
        expect(first(reordered)).toEqual(first(spec));
        expect(first(structuredClone(spec))).toEqual(first(spec));
      }),
      { numRuns: 200 },
    );
  });

  it("ask the one table of a one-table game, both ways, without repeating the sum just asked", () => {
    const spec: RunSpec = { mode: "tables", tables: [7], operations: ["*", "/"], timeLimit: 60 };
    const problems = problemSequence(spec, "seven");
    const seen = Array.from({ length: 60 }, (_, i) => problems(i));
    expect(seen.every((p) => p.num2 === 7)).toBe(true);
    expect(new Set(seen.map((p) => p.operator))).toEqual(new Set(["*", "/"]));
    for (let i = 1; i < seen.length; i++) expect(seen[i]).not.toEqual(seen[i - 1]);
  });

  it("play for the run's time limit, whole answers only", () => {
    const spec: RunSpec = { mode: "tables", tables: [3, 4], operations: ["*"], timeLimit: 120 };
    const play = tablesPlay(spec, "s");
    expect(play.limitSeconds).toBe(120);
    expect(timeLimitOf(spec)).toBe(120);
    expect(play.decimal).toBe(false);
    expect(() =>
      tablesPlay({ mode: "solo", difficulty: "normal", operations: ["*"], timeLimit: 60 } as RunSpec, "s"),
    ).toThrow(RangeError);
  });
});

describe("a times-tables spec", () => {
  const good = { mode: "tables", tables: [7, 8], operations: ["*", "/"], timeLimit: 60 };

  it("is parsed strictly", () => {
    expect(parseRunSpec(good)).toEqual(good);
    expect(parseRunSpec({ ...good, tables: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] })).not.toBeNull();
    for (const bad of [
      { ...good, tables: [] },
      { ...good, tables: [1] },
      { ...good, tables: [13] },
      { ...good, tables: ["7"] },
      { ...good, tables: [7, 7] },
      { ...good, tables: [7.5] },
      { ...good, tables: 7 },
      { ...good, operations: [] },
      { ...good, operations: ["+"] },
      { ...good, operations: ["*", "*"] },
      { ...good, operations: ["÷"] },
      { ...good, timeLimit: 45 },
      { ...good, timeLimit: "60" },
      { ...good, extra: 1 },
      { mode: "tables", tables: [7], operations: ["*"] },
    ]) {
      expect(parseRunSpec(bad)).toBeNull();
    }
  });

  it("is finished by the server and reaches no board", () => {
    const spec = parseRunSpec(good)!;
    expect(isServerFinished(spec)).toBe(true);
    expect(leaderboardGameType(spec)).toBeNull();
  });
});
