import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyToBook, emptyBook, levelOf, type FactAnswer, type FactBook } from "../../../app/facts/state";
import { decodeBook, foldIntoStoredBook, type StoredFold } from "../../../app/facts/codec";
import {
  badgesEarnedBetween,
  badgesOf,
  milestonesOf,
  practiseFactsOf,
  sinceWords,
  stickerBookView,
  stickerCellNames,
  stickerGrid,
  stickerName,
  stickersEarned,
  type Sticker,
} from "../../../app/facts/stickers";
import { factKey, type FactKey, type FactOp } from "../../../app/game/facts";

/* The sticker book (docs/product.md#sticker-book): awards follow the fact model's secure level, and stay. */

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 2, 9, 0);

const answer = (op: FactOp, a: number, b: number, at: number, correct = true, ms = 2_000): FactAnswer => ({
  key: factKey({ op, a, b }),
  op,
  correct,
  ms,
  at,
});

/** A fact answered fluently on days 0, 1 and 4: due each time, so it reaches box 3 and is secure on day 4. */
const SECURE_DAYS = [0, 1, 4];

/** Folds sittings one by one as the finish does, awarding stickers after each; returns the stickers and the book. */
function play(sittings: FactAnswer[][]): { stickers: Map<FactKey, number>; book: FactBook; everSecure: Set<FactKey> } {
  let book = emptyBook();
  const stickers = new Map<FactKey, number>();
  const everSecure = new Set<FactKey>();
  for (const sitting of sittings) {
    book = applyToBook(book, sitting);
    const asked = new Set(sitting.map((a) => a.key));
    const earned = stickersEarned(
      Array.from(asked, (key) => [key, book.facts.get(key)] as [FactKey, ReturnType<FactBook["facts"]["get"]>]),
      new Set(stickers.keys()),
    );
    for (const key of earned) stickers.set(key, sitting[0]!.at);
    for (const [key, state] of book.facts) if (levelOf(state) === "secure") everSecure.add(key);
  }
  return { stickers, book, everSecure };
}

describe("stickers follow the fact model", () => {
  it("gives a sticker the first time a fact is secure, across separate days, and none before", () => {
    const sittings = SECURE_DAYS.map((day) => [answer("*", 7, 8, T0 + day * DAY)]);
    const before = play(sittings.slice(0, 2));
    expect(levelOf(before.book.facts.get("*7,8"))).not.toBe("secure");
    expect(before.stickers.size).toBe(0);
    const after = play(sittings);
    expect(levelOf(after.book.facts.get("*7,8"))).toBe("secure");
    expect(after.stickers.get("*7,8")).toBe(T0 + 4 * DAY);
  });

  it("earns nothing from an easy fact answered many times on one day", () => {
    const sitting = Array.from({ length: 60 }, (_, i) => answer("*", 1, 1, T0 + i * 1_000));
    expect(play([sitting, sitting.map((a) => ({ ...a, at: a.at + 60_000 }))]).stickers.size).toBe(0);
  });

  it("keeps a sticker when the fact slips back, and says it is time to practise", () => {
    const sittings = SECURE_DAYS.map((day) => [answer("*", 7, 8, T0 + day * DAY)]);
    sittings.push([answer("*", 7, 8, T0 + 5 * DAY, false)]);
    const { stickers, book } = play(sittings);
    expect(levelOf(book.facts.get("*7,8"))).toBe("weak");
    expect(stickers.has("*7,8")).toBe(true);
    const view = stickerBookView(
      Array.from(stickers, ([key, earnedAt]) => ({ key, earnedAt })),
      { "*": book },
      "times",
      T0 + 5 * DAY + 60_000,
    );
    const at = 6 * 12 + 7;
    expect(view.grid!.marks.charAt(at)).toBe("p");
    expect(stickerCellNames(view.grid!)[at]).toBe("7 × 8, sticker from yesterday, time to practise");
    expect(practiseFactsOf(view.grid!)).toEqual(["7 × 8"]);
  });

  it("property: every fact ever secure after a finish has a sticker, and no other fact has one", () => {
    const anAnswer = fc.record({
      a: fc.integer({ min: 1, max: 3 }),
      b: fc.integer({ min: 1, max: 3 }),
      day: fc.integer({ min: 0, max: 40 }),
      correct: fc.boolean(),
      ms: fc.integer({ min: 500, max: 5_000 }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(anAnswer, { minLength: 1, maxLength: 6 }), { maxLength: 30 }), (raw) => {
        // Sittings in time order, each on its day.
        const days = raw.map((s) => s[0]!.day).sort((x, y) => x - y);
        const sittings = raw.map((s, i) =>
          s.map((x, j) => answer("*", x.a, x.b, T0 + days[i]! * DAY + j * 5_000, x.correct, x.ms)),
        );
        const { stickers, everSecure } = play(sittings);
        expect(new Set(stickers.keys())).toEqual(everSecure);
      }),
      { numRuns: 300 },
    );
  });

  it("hands over the asked facts' states as the stored book holds them, in the order asked", () => {
    const answers = SECURE_DAYS.map((day) => answer("*", 7, 8, T0 + day * DAY));
    let fold: StoredFold = { text: "", asked: [] };
    for (const a of answers) fold = foldIntoStoredBook(fold.text, "*", [a, answer("*", 2, 3, a.at + 1_000), a]);
    const states = new Map(fold.asked);
    expect(Array.from(states.keys())).toEqual(["*7,8", "*2,3"]);
    expect(levelOf(fold.asked[0]![1])).toBe("secure");
    expect(states.get("*2,3")).toMatchObject({ attempts: 3 });
    const book = decodeBook(fold.text, "*");
    for (const [key, state] of fold.asked) expect(state).toEqual(book.facts.get(key));
    // The long way (no stored text yet) hands them over too.
    expect(foldIntoStoredBook(undefined, "*", [answers[0]!]).asked).toEqual([
      ["*7,8", decodeBook(foldIntoStoredBook(undefined, "*", [answers[0]!]).text, "*").facts.get("*7,8")],
    ]);
  });
});

describe("badges and milestones", () => {
  const row = (op: FactOp, a: number, at: number): Sticker[] =>
    Array.from({ length: 12 }, (_, i) => ({ key: factKey({ op, a, b: i + 1 }), earnedAt: at + i }));

  it("gives a badge for a whole row, at its last sticker, and none for eleven", () => {
    expect(badgesOf(row("*", 7, T0).slice(1))).toEqual([]);
    expect(badgesOf([...row("*", 7, T0), ...row("+", 3, T0)])).toEqual([
      { op: "+", n: 3, words: "adding 3", earnedAt: T0 + 11 },
      { op: "*", n: 7, words: "the 7 times table", earnedAt: T0 + 11 },
    ]);
  });

  it("names the badges of a week", () => {
    const stickers = [...row("*", 7, T0), ...row("/", 2, T0 + 10 * DAY)];
    expect(badgesEarnedBetween(stickers, T0 + 7 * DAY, T0 + 14 * DAY).map((b) => b.words)).toEqual(["dividing by 2"]);
  });

  it("marks the first sticker, the 10th, the 50th and all 144 of an operation", () => {
    const all = Array.from({ length: 12 }, (_, a) => row("-", a + 1, T0 + a * DAY)).flat();
    const ids = milestonesOf(all).map((m) => m.id);
    expect(ids).toEqual(["count-1", "count-10", "count-50", "all--"]);
    expect(milestonesOf(all.slice(0, 9)).map((m) => m.id)).toEqual(["count-1"]);
  });

  it("never takes an award away: a superset of stickers keeps every badge and milestone", () => {
    const some = row("*", 5, T0);
    const more = [...some, ...row("*", 6, T0 + DAY)];
    for (const badge of badgesOf(some)) expect(badgesOf(more)).toContainEqual(badge);
    for (const milestone of milestonesOf(some)) expect(milestonesOf(more)).toContainEqual(milestone);
  });
});

describe("words", () => {
  it("says when in UK days", () => {
    const tuesday = Date.UTC(2026, 10, 24, 10, 0);
    expect(sinceWords(tuesday, tuesday + 60_000)).toBe("today");
    expect(sinceWords(tuesday, tuesday + DAY)).toBe("yesterday");
    expect(sinceWords(tuesday, tuesday + 3 * DAY)).toBe("Tuesday");
    expect(sinceWords(tuesday, tuesday + 20 * DAY)).toBe("24 November");
    expect(sinceWords(tuesday, tuesday + 400 * DAY)).toBe("24 November 2026");
  });

  it("names a sticker for a screen reader", () => {
    const tuesday = Date.UTC(2026, 10, 24, 10, 0);
    expect(stickerName({ a: 7, b: 8, earnedAt: tuesday, practise: false }, "*", tuesday + 3 * DAY)).toBe(
      "7 × 8, secure since Tuesday",
    );
    expect(stickerName({ a: 7, b: 8, earnedAt: null, practise: false }, "-", tuesday)).toBe("15 − 7: no sticker yet");
  });
});

describe("the book's grid, sent small", () => {
  it("puts each day in words once, and names every cell as stickerName does", () => {
    const now = Date.UTC(2026, 10, 26, 15, 0);
    // Two stickers from one game, one more that morning, one from an earlier day; 9 × 9 slipped back.
    const earned = new Map<FactKey, number>([
      ["*7,8", now - 5 * DAY],
      ["*7,9", now - 5 * DAY],
      ["*8,8", now - 5 * DAY + 60_000],
      ["*9,9", now - 20 * DAY],
      ["+1,1", now],
    ]);
    const secure = SECURE_DAYS.map((day) => T0 + day * DAY);
    let book = emptyBook();
    for (const key of ["*7,8", "*7,9", "*8,8"] as const)
      for (const at of secure) book = applyToBook(book, [{ key, op: "*", correct: true, ms: 2_000, at }]);
    const grid = stickerGrid("*", earned, { "*": book }, now);
    expect(grid.days).toEqual(["Saturday", "6 November"]);
    expect(grid.when).toEqual([0, 0, 0, 1]);
    expect([grid.stickers, grid.practise]).toEqual([4, 1]);
    const names = stickerCellNames(grid);
    expect(names).toHaveLength(144);
    for (let at = 0; at < 144; at++) {
      const a = Math.floor(at / 12) + 1;
      const b = (at % 12) + 1;
      const earnedAt = earned.get(factKey({ op: "*", a, b })) ?? null;
      expect(names[at]).toBe(stickerName({ a, b, earnedAt, practise: grid.marks.charAt(at) === "p" }, "*", now));
    }
    expect(practiseFactsOf(grid)).toEqual(["9 × 9"]);
  });
});

describe("UK days without Intl", () => {
  const intl = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long" });
  it("property: a date more than a week old reads as Intl's Europe/London date", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 1) }), (at) => {
        const now = at + 20 * DAY;
        const words = sinceWords(at, now);
        expect(words.replace(/ \d{4}$/, "")).toBe(intl.format(at));
      }),
      { numRuns: 2_000 },
    );
  });

  it("crosses into summer time at 01:00 UTC on the last Sunday of March", () => {
    const change = Date.UTC(2026, 2, 29, 1, 0);
    expect(sinceWords(change - 60_000 - 23 * 60 * 60_000, change - 60_000)).toBe("yesterday");
    // 23:30 UTC on 29 March is 00:30 on 30 March in London.
    expect(sinceWords(Date.UTC(2026, 2, 29, 12), Date.UTC(2026, 2, 29, 23, 30))).toBe("yesterday");
  });
});
