import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyToBook, emptyBook, levelOf, type FactAnswer, type FactBook } from "../../../app/facts/state";
import {
  MISSED_AGAIN,
  MOST_MISSED_MAX,
  NEEDS_HELP_MAX,
  OP_SLUGS,
  classGrid,
  classMapView,
  factGrid,
  factText,
  factWithAnswer,
  helpNeeded,
  isMissedAgain,
  levelCounts,
  mostMissed,
  needsHelp,
  opOfSlug,
  opsMet,
  playerMapView,
  shareBand,
  type ClassPupil,
} from "../../../app/facts/summary";
import { FACT_OPS, factKey, factsOf, type FactOp } from "../../../app/game/facts";

/* The heat maps' summaries (docs/product.md#heat-maps). */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 2, 9, 0);

const wrong = (op: FactOp, a: number, b: number, at = T0): FactAnswer => ({
  key: factKey({ op, a, b }),
  op,
  correct: false,
  ms: 2_000,
  at,
});
const fast = (op: FactOp, a: number, b: number, at = T0): FactAnswer => ({ ...wrong(op, a, b, at), correct: true });

function book(answers: FactAnswer[]): FactBook {
  return applyToBook(emptyBook(), answers);
}

/** Fluent when due on three days: secure. */
const secureAnswers = (op: FactOp, a: number, b: number) => [
  fast(op, a, b, T0),
  fast(op, a, b, T0 + DAY),
  fast(op, a, b, T0 + 4 * DAY),
];

const arbAnswer = fc
  .record({
    op: fc.constantFrom(...FACT_OPS),
    a: fc.integer({ min: 1, max: 12 }),
    b: fc.integer({ min: 1, max: 12 }),
    correct: fc.boolean(),
    ms: fc.option(fc.integer({ min: 100, max: 9_000 })),
    day: fc.integer({ min: 0, max: 30 }),
  })
  .map(({ op, a, b, correct, ms, day }) => ({ key: factKey({ op, a, b }), op, correct, ms, at: T0 + day * DAY }));

const arbBooks = fc.array(arbAnswer, { maxLength: 60 }).map((answers) => {
  const books: Partial<Record<FactOp, FactBook>> = {};
  for (const op of FACT_OPS) {
    const mine = answers.filter((answer) => answer.op === op).sort((x, y) => x.at - y.at);
    if (mine.length > 0) books[op] = book(mine);
  }
  return books;
});

const arbClass = fc
  .array(arbBooks, { maxLength: 8 })
  .map((list): ClassPupil[] => list.map((books, i) => ({ id: `p${i}`, name: `Pupil ${i}`, books })));

describe("a player's grid", () => {
  it("has 144 cells, row a and column b, each at the level of its record", () => {
    fc.assert(
      fc.property(arbBooks, fc.constantFrom(...FACT_OPS), (books, op) => {
        const grid = factGrid(op, books[op]);
        expect(grid.rows).toHaveLength(12);
        for (const [i, row] of grid.rows.entries()) {
          expect(row).toHaveLength(12);
          for (const [j, cell] of row.entries()) {
            expect(cell).toMatchObject({ a: i + 1, b: j + 1, key: factKey({ op, a: i + 1, b: j + 1 }) });
            expect(cell.level).toBe(levelOf(books[op]?.facts.get(cell.key)));
          }
        }
        expect(grid.counts).toEqual(levelCounts(books[op]));
        expect(Object.values(grid.counts).reduce((x, y) => x + y)).toBe(144);
      }),
    );
  });

  it("marks 7 × 8 missed three times weak, with its tries and misses", () => {
    const grid = factGrid("*", book([wrong("*", 7, 8), wrong("*", 7, 8, T0 + 5_000), wrong("*", 7, 8, T0 + 9_000)]));
    expect(grid.rows[6]![7]).toMatchObject({ key: "*7,8", level: "weak", attempts: 3, misses: 3 });
    expect(grid.counts).toMatchObject({ weak: 1, unseen: 143 });
  });

  it("shows the operations met, and the one asked for, else times tables, else the first met", () => {
    const books = { "+": book([fast("+", 3, 4)]), "*": book([wrong("*", 7, 8)]) };
    expect(opsMet(books)).toEqual(["+", "*"]);
    expect(playerMapView(books, null).op).toBe("*");
    expect(playerMapView(books, "add").op).toBe("+");
    expect(playerMapView(books, "divide").op).toBe("*");
    expect(playerMapView(books, "nonsense").op).toBe("*");
    expect(playerMapView({ "-": book([fast("-", 3, 4)]) }, null).op).toBe("-");
    expect(playerMapView({}, "times")).toEqual({ ops: [], op: null, grid: null });
    for (const op of FACT_OPS) expect(opOfSlug(OP_SLUGS[op])).toBe(op);
  });
});

describe("a class", () => {
  it("counts, per fact, every pupil at exactly one level, and knows those fluent or secure", () => {
    fc.assert(
      fc.property(arbClass, fc.constantFrom(...FACT_OPS), (pupils, op) => {
        const grid = classGrid(op, pupils);
        for (const cell of grid.rows.flat()) {
          expect(Object.values(cell.counts).reduce((x, y) => x + y)).toBe(pupils.length);
          expect(cell.known).toBe(cell.counts.fluent + cell.counts.secure);
          const weak = pupils.filter((p) => levelOf(p.books[op]?.facts.get(cell.key)) === "weak").length;
          expect(cell.counts.weak).toBe(weak);
        }
      }),
    );
  });

  it("bands the share that knows a fact: unmet, none, under a third, under two thirds, more, all", () => {
    const cell = (known: number, unseen = 0) => ({
      known,
      counts: { unseen, weak: 0, learning: 0, fluent: known, secure: 0 },
    });
    expect(shareBand(cell(0, 30), 30)).toBe("unseen");
    expect(shareBand(cell(0), 0)).toBe("unseen");
    expect(shareBand(cell(0, 29), 30)).toBe("none");
    expect(shareBand(cell(9), 30)).toBe("few");
    expect(shareBand(cell(10), 30)).toBe("some");
    expect(shareBand(cell(19), 30)).toBe("some");
    expect(shareBand(cell(20), 30)).toBe("most");
    expect(shareBand(cell(30), 30)).toBe("all");
  });

  it("needs help: the most help needed first (weak facts plus fallen secure ones), then the most fallen", () => {
    const fell = applyToBook(book(secureAnswers("*", 2, 2)), [wrong("*", 2, 2, T0 + 5 * DAY)]);
    expect(fell.bestSecure).toBe(1);
    const pupils: ClassPupil[] = [
      { id: "a", name: "Ann", books: { "*": book([wrong("*", 7, 8)]) } },
      { id: "b", name: "Ben", books: { "*": book([wrong("*", 7, 8), wrong("*", 6, 7)]) } },
      { id: "c", name: "Cat", books: { "*": fell } },
      { id: "d", name: "Dan", books: { "*": book(secureAnswers("*", 3, 3)) } },
      { id: "e", name: "Eve", books: {} },
      { id: "f", name: "Fay", books: { "*": book([wrong("*", 3, 4), wrong("*", 6, 8), wrong("*", 9, 7)]) } },
    ];
    // Fay's 3 weak facts need more help than Cat's one fact that fell from secure (Cat: 1 + 1, Ben: 2).
    expect(needsHelp(pupils).map((p) => [p.name, p.fell, p.weak, helpNeeded(p)])).toEqual([
      ["Fay", 0, 3, 3],
      ["Cat", 1, 1, 2],
      ["Ben", 0, 2, 2],
      ["Ann", 0, 1, 1],
    ]);
  });

  it("needs help lists only pupils with a fall or a weak fact, in its order, at most five", () => {
    fc.assert(
      fc.property(arbClass, (pupils) => {
        const list = needsHelp(pupils);
        expect(list.length).toBeLessThanOrEqual(NEEDS_HELP_MAX);
        for (const entry of list) expect(entry.fell + entry.weak).toBeGreaterThan(0);
        for (let i = 1; i < list.length; i++) {
          const [x, y] = [list[i - 1]!, list[i]!];
          const [hx, hy] = [helpNeeded(x), helpNeeded(y)];
          expect(hx > hy || (hx === hy && x.fell >= y.fell)).toBe(true);
        }
      }),
    );
  });

  it("most missed: the facts the most pupils keep missing, any operation, at most five; one-off slips left out", () => {
    const twice = (op: FactOp, a: number, b: number) => [wrong(op, a, b), wrong(op, a, b, T0 + DAY)];
    const pupils: ClassPupil[] = [
      { id: "a", name: "Ann", books: { "*": book([...twice("*", 7, 8), ...twice("*", 6, 7), wrong("*", 1, 6)]) } },
      {
        id: "b",
        name: "Ben",
        books: { "*": book([...twice("*", 7, 8), wrong("*", 1, 6)]), "+": book(twice("+", 8, 5)) },
      },
      { id: "c", name: "Cat", books: { "*": book([...twice("*", 7, 8), fast("*", 6, 7), wrong("*", 1, 6)]) } },
      // Missed twice, but right since: not weak, so not missed now.
      {
        id: "d",
        name: "Dan",
        books: { "*": book([...twice("*", 9, 9), fast("*", 9, 9, T0 + 2 * DAY), fast("*", 9, 9, T0 + 3 * DAY)]) },
      },
    ];
    // 1 × 6, a slip once by three pupils, does not crowd out facts missed again and again.
    expect(mostMissed(pupils).map((f) => [f.key, f.pupils])).toEqual([
      ["*7,8", 3],
      ["+8,5", 1],
      ["*6,7", 1],
    ]);
    expect(isMissedAgain(pupils[0]!.books["*"]!.facts.get("*6,7"))).toBe(true);
    expect(isMissedAgain(pupils[0]!.books["*"]!.facts.get("*1,6"))).toBe(false);
    fc.assert(
      fc.property(arbClass, (list) => {
        const missed = mostMissed(list);
        expect(missed.length).toBeLessThanOrEqual(MOST_MISSED_MAX);
        for (const fact of missed) {
          const weak = list.filter((p) => {
            const state = p.books[fact.op]?.facts.get(fact.key);
            return levelOf(state) === "weak" && (state?.misses ?? 0) >= MISSED_AGAIN;
          }).length;
          expect(fact.pupils).toBe(weak);
          expect(fact.pupils).toBeGreaterThan(0);
        }
      }),
    );
  });

  it("gives a class without records an empty page", () => {
    expect(classMapView([{ id: "a", name: "Ann", books: {} }], null)).toMatchObject({
      ops: [],
      op: null,
      grid: null,
      needsHelp: [],
      mostMissed: [],
    });
  });
});

describe("facts in words", () => {
  it("read as a child reads them, the inverse operations backwards", () => {
    expect(factText({ op: "*", a: 7, b: 8 })).toBe("7 × 8");
    expect(factText({ op: "+", a: 7, b: 8 })).toBe("7 + 8");
    expect(factText({ op: "-", a: 7, b: 8 })).toBe("15 − 7");
    expect(factText({ op: "/", a: 7, b: 8 })).toBe("56 ÷ 7");
    expect(factWithAnswer({ op: "*", a: 7, b: 8 })).toBe("7 × 8 = 56");
    expect(factWithAnswer({ op: "-", a: 7, b: 8 })).toBe("15 − 7 = 8");
    expect(factWithAnswer({ op: "/", a: 7, b: 8 })).toBe("56 ÷ 7 = 8");
    for (const op of FACT_OPS) expect(new Set(factsOf(op).map(factText)).size).toBe(144);
  });
});
