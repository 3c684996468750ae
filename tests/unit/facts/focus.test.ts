import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyToBook, emptyBook, type FactAnswer } from "../../../app/facts/state";
import { classFocus, familiesOf, focusNote } from "../../../app/facts/focus";
import { isMissedAgain, type ClassPupil } from "../../../app/facts/summary";
import { FACT_OPS, factKey, type FactOp } from "../../../app/game/facts";
import { NOTE_MAX } from "../../../app/school-rules/set-work-limits";

/* The class's focus (docs/product.md#heat-maps): the family the most pupils keep missing facts of. */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 2, 9, 0);

const wrong = (op: FactOp, a: number, b: number, at = T0): FactAnswer => ({
  key: factKey({ op, a, b }),
  op,
  correct: false,
  ms: 2_000,
  at,
});
/** Missed on two days: a fact the pupil keeps missing. */
const twice = (op: FactOp, a: number, b: number) => [wrong(op, a, b), wrong(op, a, b, T0 + DAY)];
const pupil = (id: string, name: string, answers: FactAnswer[]): ClassPupil => {
  const books: ClassPupil["books"] = {};
  for (const op of FACT_OPS) {
    const mine = answers.filter((answer) => answer.op === op).sort((x, y) => x.at - y.at);
    if (mine.length > 0) books[op] = applyToBook(emptyBook(), mine);
  }
  return { id, name, books };
};

describe("the class's focus", () => {
  it("is the times table the most pupils keep missing, with those pupils by name", () => {
    const pupils = [
      pupil("a", "Cat", [...twice("*", 7, 8), ...twice("*", 3, 4)]),
      pupil("b", "Ann", [...twice("*", 6, 7)]),
      pupil("c", "Ben", [...twice("/", 7, 9)]),
      pupil("d", "Dan", [...twice("*", 3, 5)]),
      // One-off slips of the 3 times table by three pupils: not enough to make it the focus.
      pupil("e", "Eve", [wrong("*", 3, 6)]),
      pupil("f", "Fay", [wrong("*", 3, 6)]),
      pupil("g", "Gus", [wrong("*", 3, 6)]),
    ];
    expect(classFocus(pupils)).toEqual({
      kind: "times",
      n: 7,
      words: "the 7 times table",
      pupils: [
        { id: "b", name: "Ann" },
        { id: "c", name: "Ben" },
        { id: "a", name: "Cat" },
      ],
      facts: ["6 × 7", "7 × 8", "63 ÷ 7"],
    });
  });

  it("names adding and taking-away families, and is null when nobody keeps missing a fact", () => {
    expect(classFocus([pupil("a", "Ann", twice("+", 8, 5)), pupil("b", "Ben", twice("+", 5, 9))])).toMatchObject({
      words: "adding 5",
    });
    expect(classFocus([pupil("a", "Ann", twice("-", 6, 9))])).toMatchObject({ words: "taking away 6" });
    expect(classFocus([pupil("a", "Ann", [wrong("*", 7, 8)])])).toBeNull();
    expect(classFocus([])).toBeNull();
    expect(familiesOf({ op: "*", a: 1, b: 6 })).toEqual([{ kind: "times", n: 6 }]);
    expect(familiesOf({ op: "*", a: 4, b: 4 })).toEqual([{ kind: "times", n: 4 }]);
  });

  it("names exactly the pupils who keep missing a fact of it, and no family has more of them", () => {
    const answer = fc
      .record({
        op: fc.constantFrom(...FACT_OPS),
        a: fc.integer({ min: 1, max: 12 }),
        b: fc.integer({ min: 1, max: 12 }),
        correct: fc.boolean(),
        day: fc.integer({ min: 0, max: 9 }),
      })
      .map(({ op, a, b, correct, day }) => ({ ...wrong(op, a, b, T0 + day * DAY), correct }));
    const klass = fc
      .array(fc.array(answer, { maxLength: 40 }), { maxLength: 6 })
      .map((list) => list.map((answers, i) => pupil(`p${i}`, `Pupil ${i}`, answers)));
    fc.assert(
      fc.property(klass, (pupils) => {
        const focus = classFocus(pupils);
        const needs = (p: ClassPupil, kind: string, n: number) =>
          FACT_OPS.some((op) =>
            Array.from(p.books[op]?.facts ?? []).some(([key, state]) => {
              const [a, b] = key.slice(1).split(",").map(Number) as [number, number];
              return isMissedAgain(state) && familiesOf({ op, a, b }).some((f) => f.kind === kind && f.n === n);
            }),
          );
        if (!focus) {
          for (const p of pupils) for (let n = 2; n <= 12; n++) expect(needs(p, "times", n)).toBe(false);
          return;
        }
        const who = pupils.filter((p) => needs(p, focus.kind, focus.n)).map((p) => p.id);
        expect(focus.pupils.map((p) => p.id).sort()).toEqual(who.sort());
        for (const kind of ["times", "add", "take"])
          for (let n = 2; n <= 12; n++)
            expect(pupils.filter((p) => needs(p, kind, n)).length).toBeLessThanOrEqual(who.length);
      }),
    );
  });

  it("sets work with a note that fits the set work form", () => {
    for (const words of ["the 12 times table", "taking away 12"])
      expect([...focusNote({ words })].length).toBeLessThanOrEqual(NOTE_MAX);
  });
});
