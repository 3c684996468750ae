import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyToStoredBook, decodeBook, encodeBook } from "../../../app/facts/codec";
import { applyToBook, emptyBook, levelOf, type FactAnswer } from "../../../app/facts/state";
import { factKey, type FactOp } from "../../../app/game/facts";

/*
 * The finish's short way with a stored book (app/facts/codec.ts, docs/product.md#fact-records): rewriting only the
 * facts a run asks gives, character for character, what decoding, folding and encoding the whole book gives.
 */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);
const OPS: FactOp[] = ["+", "-", "*", "/"];

const answer = fc.record({
  a: fc.integer({ min: 1, max: 12 }),
  b: fc.integer({ min: 1, max: 4 }),
  correct: fc.boolean(),
  ms: fc.option(fc.integer({ min: 300, max: 9_000 }), { nil: null }),
  day: fc.integer({ min: 0, max: 3 }),
});

/** Runs a few days apart, each a list of answers of one operation, in time order. */
const history = fc.constantFrom(...OPS).chain((op) =>
  fc.array(fc.array(answer, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 25 }).map((runs) => {
    let at = T0;
    const list: FactAnswer[][] = runs.map((run) =>
      run.map(({ a, b, correct, ms, day }) => {
        at += day * DAY + 1_500;
        return { key: factKey({ op, a, b }), op, correct, ms, at };
      }),
    );
    return { op, runs: list };
  }),
);

describe("applyToStoredBook", () => {
  it("gives the text of the whole book folded and encoded, run after run", () => {
    fc.assert(
      fc.property(history, ({ op, runs }) => {
        let book = emptyBook();
        let text: string | undefined;
        for (const run of runs) {
          book = applyToBook(book, run);
          text = applyToStoredBook(text, op, run);
          expect(text).toBe(encodeBook(book));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reaches secure facts and keeps the best count as the long way does", () => {
    // One fact answered fluently when due, on enough days to become secure.
    const op: FactOp = "*";
    let book = emptyBook();
    let text: string | undefined;
    const key = factKey({ op, a: 7, b: 8 });
    const intervals = [0, 1, 3, 7, 21, 60];
    let at = T0;
    for (const days of intervals) {
      at += days * DAY + 60_000;
      const run: FactAnswer[] = [
        { key, op, correct: true, ms: 1_200, at },
        { key: factKey({ op, a: 2, b: 3 }), op, correct: true, ms: 1_000, at: at + 2_000 },
      ];
      book = applyToBook(book, run);
      text = applyToStoredBook(text, op, run);
      expect(text).toBe(encodeBook(book));
    }
    expect(levelOf(book.facts.get(key))).toBe("secure");
    expect(book.bestSecure).toBeGreaterThan(0);
    // Then missed: no longer secure, and the best count stays.
    const miss: FactAnswer[] = [{ key, op, correct: false, ms: 4_000, at: at + DAY }];
    text = applyToStoredBook(text, op, miss);
    expect(text).toBe(encodeBook(applyToBook(book, miss)));
    expect(decodeBook(text, op).bestSecure).toBe(book.bestSecure);
  });

  it("takes the long way with a text it cannot trust, and writes the first version's JSON as cells", () => {
    const op: FactOp = "+";
    const run: FactAnswer[] = [{ key: factKey({ op, a: 3, b: 4 }), op, correct: true, ms: 900, at: T0 }];
    const cells = encodeBook(applyToBook(emptyBook(), [{ ...run[0]!, key: factKey({ op, a: 3, b: 5 }) }]));
    for (const text of [
      null,
      "",
      "{",
      '{"v":1,"best":0,"f":{}}',
      '{"v":1,"best":0,"sec":0,"f":{"+3,4":[1,0,29000000,1,29001440,12],"+9,9":[2,1,29000000,0,29000000,-40,8]}}',
      '{"v":1,"best":0,"f":{"+3,4":[1,2,3]}}',
      // Not a whole number of cells; a head of another version.
      `${cells}0`,
      cells.replace(/^2;/, "3;"),
    ]) {
      const written = applyToStoredBook(text, op, run);
      expect(written).toBe(encodeBook(applyToBook(decodeBook(text, op), run)));
      expect(written.startsWith("2;")).toBe(true);
    }
  });

  it("mends a damaged cell it asks, and keeps one it does not ask for the rebuild to mend", () => {
    const op: FactOp = "*";
    const asked = (a: number, b: number): FactAnswer[] => [
      { key: factKey({ op, a, b }), op, correct: true, ms: 900, at: T0 + DAY },
    ];
    const book = applyToBook(emptyBook(), [...asked(2, 3), ...asked(7, 8)]);
    const text = encodeBook(book);
    const head = "2;0;0;".length;
    // The second cell (7 × 8) with a character that is not a digit in its attempts.
    const damaged = `${text.slice(0, head + 25 + 3)}_${text.slice(head + 25 + 4)}`;
    expect(applyToStoredBook(damaged, op, asked(7, 8))).toBe(
      encodeBook(applyToBook(decodeBook(damaged, op), asked(7, 8))),
    );
    const kept = applyToStoredBook(damaged, op, asked(2, 3));
    expect(kept.slice(head + 25)).toBe(damaged.slice(head + 25));
    expect(Array.from(decodeBook(kept, op).facts.keys())).toEqual(["*2,3"]);
  });
});
