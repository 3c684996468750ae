import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBook, encodeBook } from "../../../app/facts/codec";
import { NEW_PER_PLAN, PLAN_SIZE, PLAN_TUNING, inScope, practicePlan } from "../../../app/facts/plan";
import {
  FLUENT_MS,
  MAX_BOX,
  SECURE_BOX,
  answersByOp,
  applyAnswer,
  applyToBook,
  emptyBook,
  factAnswersOf,
  levelOf,
  type FactBook,
  type FactState,
} from "../../../app/facts/state";
import {
  FACT_OPS,
  factKey,
  factOfProblem,
  factOfStoredProblem,
  factProblem,
  factsOf,
  parseFactKey,
  type FactOp,
} from "../../../app/game/facts";
import { formatProblem, problemSequence, ALL_SPECS_FOR_FACTS } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 2, 9, 0);

const allFacts = FACT_OPS.flatMap((op) => factsOf(op));

describe("facts", () => {
  it("are 144 per operation, each with its own key that reads back", () => {
    for (const op of FACT_OPS) expect(factsOf(op)).toHaveLength(144);
    const keys = new Set(allFacts.map(factKey));
    expect(keys.size).toBe(576);
    for (const fact of allFacts) expect(parseFactKey(factKey(fact))).toEqual(fact);
  });

  it("refuse keys that are not facts", () => {
    for (const key of ["", "*0,1", "*13,1", "*07,8", "x7,8", "*7,8 ", "*7.8", "+1,2,3", 7, null, {}]) {
      expect(parseFactKey(key)).toBeNull();
    }
  });

  it("ask a problem whose fact is themselves, and whose stored line reads back as the same fact", () => {
    for (const fact of allFacts) {
      for (const sign of ["/", "÷"] as const) {
        const problem = factProblem(fact, sign);
        expect(factOfProblem(problem)).toEqual(fact);
        expect(factOfStoredProblem(formatProblem(problem).text, problem.answer)).toEqual(fact);
      }
    }
  });

  it("are read the same from a problem and from its stored line, for every mode's problems", () => {
    for (const spec of ALL_SPECS_FOR_FACTS) {
      const problems = problemSequence(spec, "facts-seed");
      for (let i = 0; i < 40; i++) {
        const problem = problems(i);
        expect(factOfStoredProblem(formatProblem(problem).text, problem.answer)).toEqual(factOfProblem(problem));
      }
    }
  });

  it("leave out bigger sums, money, percentages, answers of 0 and lines whose answer is wrong", () => {
    expect(factOfStoredProblem("37 + 48 = ?", 85)).toBeNull();
    expect(factOfStoredProblem("13 × 4 = ?", 52)).toBeNull();
    expect(factOfStoredProblem("5 - 5 = ?", 0)).toBeNull();
    expect(factOfStoredProblem("25% of 40 = ?", 10)).toBeNull();
    expect(factOfStoredProblem("£2.50 + £1.25 = ?", 3.75)).toBeNull();
    expect(factOfStoredProblem("7 × 8 = ?", 54)).toBeNull();
    expect(factOfStoredProblem("9 - 4 = ?", 5)).toEqual({ op: "-", a: 4, b: 5 });
    expect(factOfStoredProblem("56 ÷ 8 = ?", 7)).toEqual({ op: "/", a: 8, b: 7 });
  });
});

const fast = (at: number) => ({ correct: true, ms: 1_500, at });
const slow = (at: number) => ({ correct: true, ms: FLUENT_MS + 500, at });
const wrong = (at: number) => ({ correct: false, ms: 2_000, at });

function replay(...answers: { correct: boolean; ms: number | null; at: number }[]): FactState {
  let state: FactState | undefined;
  for (const answer of answers) state = applyAnswer(state, answer);
  return state as FactState;
}

describe("a fact's level", () => {
  it("is unseen, then weak after a miss, learning when right but slow, fluent when right within 3 seconds", () => {
    expect(levelOf(undefined)).toBe("unseen");
    expect(levelOf(replay(wrong(T0)))).toBe("weak");
    expect(levelOf(replay(slow(T0)))).toBe("learning");
    expect(levelOf(replay(fast(T0)))).toBe("fluent");
    expect(levelOf(replay(fast(T0), { correct: true, ms: null, at: T0 + 1000 }))).toBe("learning");
  });

  it("stays weak after three misses and one right answer (two of the last three wrong)", () => {
    expect(levelOf(replay(wrong(T0), wrong(T0 + 1), wrong(T0 + 2), fast(T0 + 3)))).toBe("weak");
    expect(levelOf(replay(wrong(T0), wrong(T0 + 1), wrong(T0 + 2), fast(T0 + 3), fast(T0 + 4)))).toBe("fluent");
  });

  it("becomes secure only when fluent on three separate days, as each came due", () => {
    const sameDay = replay(fast(T0), fast(T0 + 60_000), fast(T0 + 120_000));
    expect(levelOf(sameDay)).toBe("fluent");
    expect(sameDay.box).toBe(1);
    const spaced = replay(fast(T0), fast(T0 + DAY), fast(T0 + 4 * DAY));
    expect(spaced.box).toBe(SECURE_BOX);
    expect(levelOf(spaced)).toBe("secure");
    expect(levelOf(applyAnswer(spaced, wrong(T0 + 5 * DAY)))).toBe("weak");
    expect(applyAnswer(spaced, wrong(T0 + 5 * DAY)).box).toBe(0);
  });

  it("keeps counts and bounds whatever the answers", () => {
    const answerArb = fc.record({
      correct: fc.boolean(),
      ms: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
      gap: fc.integer({ min: 0, max: 30 * DAY }),
    });
    fc.assert(
      fc.property(fc.array(answerArb, { minLength: 1, maxLength: 40 }), (answers) => {
        let at = T0;
        let state: FactState | undefined;
        for (const answer of answers) {
          at += answer.gap;
          state = applyAnswer(state, { ...answer, at });
        }
        const s = state as FactState;
        expect(s.attempts).toBe(answers.length);
        expect(s.misses).toBe(answers.filter((a) => !a.correct).length);
        expect(s.recent.length).toBe(Math.min(3, answers.length));
        expect(s.box).toBeGreaterThanOrEqual(0);
        expect(s.box).toBeLessThanOrEqual(MAX_BOX);
        expect(levelOf(s)).not.toBe("unseen");
      }),
      { numRuns: 300 },
    );
  });
});

describe("a run's fact answers", () => {
  it("take each answer's time from the one before, and leave out what is not a fact", () => {
    const answers = factAnswersOf({
      startedAt: T0,
      answers: [
        { problem: "7 × 8 = ?", correctAnswer: 56, isCorrect: false, timeStamp: T0 + 2_500 },
        { problem: "37 + 48 = ?", correctAnswer: 85, isCorrect: true, timeStamp: T0 + 9_000 },
        { problem: "56 ÷ 8 = ?", correctAnswer: 7, isCorrect: true, timeStamp: T0 + 10_200 },
        { problem: "3 + 4 = ?", correctAnswer: 7, isCorrect: true },
      ],
    });
    expect(answers).toEqual([
      { key: "*7,8", op: "*", correct: false, ms: 2_500, at: T0 + 2_500 },
      { key: "/8,7", op: "/", correct: true, ms: 1_200, at: T0 + 10_200 },
      { key: "+3,4", op: "+", correct: true, ms: null, at: T0 },
    ]);
    expect(Array.from(answersByOp(answers).keys())).toEqual(["*", "/", "+"]);
  });

  it("fold the same through the stored text as in memory, run by run (the finish and the rebuild agree)", () => {
    const runArb = fc.array(
      fc.record({
        fact: fc.constantFrom(...allFacts.filter((f) => f.op === "*").slice(0, 20)),
        correct: fc.boolean(),
        gap: fc.integer({ min: 300, max: 9_000 }),
      }),
      { minLength: 1, maxLength: 15 },
    );
    fc.assert(
      fc.property(fc.array(runArb, { minLength: 1, maxLength: 6 }), (runs) => {
        let stored = encodeBook(emptyBook());
        let inMemory = emptyBook();
        let start = T0;
        for (const run of runs) {
          let at = start;
          const answers = run.map(({ fact, correct, gap }) => {
            at += gap;
            const problem = factProblem(fact);
            return {
              problem: formatProblem(problem).text,
              correctAnswer: problem.answer,
              isCorrect: correct,
              timeStamp: at,
            };
          });
          const factAnswers = factAnswersOf({ startedAt: start, answers });
          inMemory = applyToBook(inMemory, factAnswers);
          stored = encodeBook(applyToBook(decodeBook(stored, "*"), factAnswers));
          start += 2 * DAY;
        }
        // Run by run, as the finish and the rebuild both fold: `best` is the most secure facts after any run.
        expect(stored).toBe(encodeBook(inMemory));
      }),
      { numRuns: 100 },
    );
  });
});

describe("a stored fact book", () => {
  it("reads back as it was written", () => {
    let book = emptyBook();
    book = applyToBook(book, [
      { key: "*7,8", op: "*", correct: false, ms: null, at: T0 },
      { key: "*7,8", op: "*", correct: true, ms: 1_000, at: T0 + DAY },
      { key: "*6,7", op: "*", correct: false, ms: 4_000, at: T0 },
      { key: "*2,2", op: "*", correct: true, ms: null, at: T0 },
      { key: "*12,12", op: "*", correct: true, ms: 60_000, at: T0 },
    ]);
    const text = encodeBook(book);
    expect(decodeBook(text, "*")).toEqual(book);
    expect(text.length).toBe("2;0;0;".length + 4 * 25);
  });

  it("holds a whole grid of 144 facts in under 4,000 characters (one database page)", () => {
    const answers = factsOf("/").map((fact, i) => ({
      key: factKey(fact),
      op: fact.op,
      correct: i % 3 !== 0,
      ms: 500 + i * 100,
      at: T0 + i * DAY,
    }));
    const book = applyToBook(applyToBook(applyToBook(emptyBook(), answers), answers), answers);
    const text = encodeBook(book);
    expect(book.facts.size).toBe(144);
    expect(text.length).toBeLessThan(4_000);
    expect(decodeBook(text, "/")).toEqual(book);
  });

  it("keeps counts and minutes within their digits", () => {
    const state: FactState = {
      attempts: 50_000,
      misses: 49_000,
      recent: [{ correct: false, tenths: null }],
      seenMinute: 36 ** 5 + 10,
      box: MAX_BOX,
      dueMinute: 36 ** 5 + 20,
    };
    const book: FactBook = { facts: new Map([["-3,4", state]]), bestSecure: 0 };
    const read = decodeBook(encodeBook(book), "-").facts.get("-3,4");
    expect(read).toEqual({
      ...state,
      attempts: 36 ** 3 - 1,
      misses: 36 ** 3 - 1,
      seenMinute: 36 ** 5 - 1,
      dueMinute: 36 ** 5 - 1,
    });
  });

  it("is empty when the text is damaged or of another kind, and keeps only its operation's facts", () => {
    for (const text of [null, "", "{", "[]", "3;0;0;", '{"v":2,"best":0,"f":{}}', '{"v":1,"best":-1,"f":{}}']) {
      expect(decodeBook(text, "*").facts.size).toBe(0);
    }
    const mixed =
      '{"v":1,"best":0,"f":{"*7,8":[1,1,29000000,0,29000000,-21],"+3,4":[1,0,1,1,2,9],"*99,1":[1,0,1,1,2,9]}}';
    expect(Array.from(decodeBook(mixed, "*").facts.keys())).toEqual(["*7,8"]);
    expect(decodeBook('{"v":1,"best":0,"f":{"*7,8":[1,2,3,0,3]}}', "*").facts.size).toBe(0);
  });

  it("reads the first version's JSON as it reads its own cells", () => {
    const version1 =
      '{"v":1,"best":2,"sec":1,"f":{"*7,8":[3,1,29000000,1,29001440,-21,15,null],"*2,3":[1,0,29000001,0,29000001,-1]}}';
    const book = decodeBook(version1, "*");
    expect(book.bestSecure).toBe(2);
    expect(book.facts.get("*7,8")).toEqual({
      attempts: 3,
      misses: 1,
      seenMinute: 29_000_000,
      box: 1,
      dueMinute: 29_001_440,
      recent: [
        { correct: false, tenths: 20 },
        { correct: true, tenths: 15 },
        { correct: true, tenths: null },
      ],
    });
    expect(book.facts.get("*2,3")?.recent).toEqual([{ correct: false, tenths: null }]);
    expect(decodeBook(encodeBook(book), "*")).toEqual(book);
  });

  it("leaves out a damaged cell, or one out of grid order, and keeps the rest", () => {
    const book = applyToBook(emptyBook(), [
      { key: "*2,3", op: "*", correct: true, ms: 1_000, at: T0 },
      { key: "*7,8", op: "*", correct: false, ms: 2_000, at: T0 },
      { key: "*9,9", op: "*", correct: true, ms: 5_000, at: T0 },
    ]);
    const text = encodeBook(book);
    const head = "2;0;0;".length;
    const cell = (i: number) => text.slice(head + i * 25, head + (i + 1) * 25);
    // A letter that is not a digit in the second cell's attempts.
    const damaged = text.slice(0, head) + cell(0) + `${cell(1).slice(0, 3)}_${cell(1).slice(4)}` + cell(2);
    expect(Array.from(decodeBook(damaged, "*").facts.keys())).toEqual(["*2,3", "*9,9"]);
    // The last cell moved first: the cells after it, earlier in the grid, are left out.
    const shuffled = text.slice(0, head) + cell(2) + cell(0) + cell(1);
    expect(Array.from(decodeBook(shuffled, "*").facts.keys())).toEqual(["*9,9"]);
    // A recent answer after a gap is not one we wrote.
    const gap = text.slice(0, head) + `${cell(0).slice(0, 19)}--${cell(0).slice(19, 21)}--`;
    expect(decodeBook(gap, "*").facts.size).toBe(0);
  });
});

function bookOf(op: FactOp, entries: [string, ...{ correct: boolean; ms: number | null; at: number }[]][]): FactBook {
  const book = emptyBook();
  for (const [key, ...answers] of entries) book.facts.set(`${op}${key}`, replay(...answers));
  return book;
}

describe("a practice plan", () => {
  const now = T0 + 12 * DAY;

  const records = () => ({
    "*": bookOf("*", [
      ["7,8", wrong(T0 + DAY)],
      ["6,7", wrong(T0)],
      ["3,4", slow(T0)],
      ["9,9", fast(T0), fast(T0 + DAY), fast(T0 + 4 * DAY)],
      ["5,5", fast(now - 60_000)],
    ]),
  });

  it("puts chosen facts first, then weak ones, then due learning ones, then a few new ones, then reviews", () => {
    // A short list with room for reviews (the simulation's other candidates), to see the whole order.
    const tuning = { ...PLAN_TUNING, planSize: 12, newPerPlan: 6 };
    const plan = practicePlan(records(), { ops: ["*"] }, now, ["*12,12"], tuning);
    expect(plan).toHaveLength(12);
    expect(plan.slice(0, 4)).toEqual(["*12,12", "*7,8", "*6,7", "*3,4"]);
    expect(plan.slice(4, 10)).toEqual(["*1,1", "*1,2", "*2,1", "*1,3", "*3,1", "*1,4"]);
    expect(plan.indexOf("*9,9")).toBe(10);
    // Secure and due (box 3: 7 days after the fourth day), then fluent and seen a minute ago, not yet due.
    expect(plan.indexOf("*5,5")).toBe(11);
  });

  it("fills the site's list with new facts after the weak and due ones while any are left", () => {
    const plan = practicePlan(records(), { ops: ["*"] }, now, ["*12,12"]);
    expect(plan).toHaveLength(PLAN_SIZE);
    expect(plan.slice(0, 4)).toEqual(["*12,12", "*7,8", "*6,7", "*3,4"]);
    // The rest are all new facts, as many as fit: the site takes up to NEW_PER_PLAN.
    expect(plan.slice(4)).toHaveLength(Math.min(NEW_PER_PLAN, PLAN_SIZE - 4));
    for (const key of plan.slice(4)) expect(records()["*"].facts.has(key)).toBe(false);
    expect(plan.slice(4, 10)).toEqual(["*1,1", "*1,2", "*2,1", "*1,3", "*3,1", "*1,4"]);
    expect(plan).not.toContain("*9,9");
    // With every fact met, reviews come next: the secure fact due first.
    const book = records();
    for (const fact of factsOf("*")) {
      const key = factKey(fact);
      if (!book["*"].facts.has(key)) book["*"].facts.set(key, replay(fast(now - 60_000)));
    }
    expect(practicePlan(book, { ops: ["*"] }, now).slice(0, 4)).toEqual(["*7,8", "*6,7", "*3,4", "*9,9"]);
  });

  it("keeps to the scope: operations, tables, and the + and − range", () => {
    fc.assert(
      fc.property(
        fc.subarray([...FACT_OPS], { minLength: 1 }),
        fc.subarray([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        (ops, tables, addMax) => {
          const scope = { ops, tables, addMax };
          const plan = practicePlan({}, scope, now);
          expect(plan.length).toBeGreaterThan(0);
          expect(plan.length).toBeLessThanOrEqual(PLAN_SIZE);
          expect(new Set(plan).size).toBe(plan.length);
          for (const key of plan) expect(inScope(parseFactKey(key)!, scope)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
    expect(practicePlan({}, { ops: ["*"] }, now, ["+3,4"])).not.toContain("+3,4");
  });

  it("is the same for the same records and time", () => {
    const books = {
      "*": bookOf("*", [
        ["7,8", wrong(T0)],
        ["4,4", slow(T0)],
      ]),
    };
    expect(practicePlan(books, { ops: ["*", "/"] }, now)).toEqual(
      practicePlan(structuredClone(books), { ops: ["*", "/"] }, now),
    );
  });
});
