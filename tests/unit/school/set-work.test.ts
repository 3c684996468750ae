import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  classProgressOf,
  counts,
  dueWords,
  endOfDueDay,
  GAME_KINDS,
  isDay,
  isOpen,
  isShownToPupils,
  MODES_OF_KIND,
  progressOf,
  progressWords,
  TARGET_KINDS,
  windowOf,
  workWords,
  type PupilGame,
  type Work,
} from "~/school-rules/set-work";
import { dueDayOf } from "~/forms/set-work.server";
import { hasWebAddress as hasLink } from "~/accounts/web-addresses.server";
import { addDays, ukDay, ukMidnight } from "~/school-rules/uk-days";

/* Set work's counting rules (docs/product.md#set-work). */

const HOUR = 3_600_000;
const MODES = ["student", "practice", "mtc", "solo", "calm", "tables"] as const;
const T0 = Date.UTC(2026, 0, 1);

const workArb = fc.record({
  id: fc.constant("w"),
  targetKind: fc.constantFrom(...TARGET_KINDS),
  target: fc.integer({ min: 1, max: 50 }),
  gameKind: fc.constantFrom(...GAME_KINDS),
  dueDay: fc.integer({ min: 0, max: 700 }).map((d) => addDays("2026-01-01", d)),
  setAt: fc.integer({ min: T0, max: T0 + 700 * 24 * HOUR }),
  note: fc.constant(null),
});

const gameArb = (studentIds: string[]) =>
  fc.record({
    runId: fc.integer({ min: 1, max: 60 }).map((n) => `r${n}`),
    studentId: fc.constantFrom(...studentIds),
    mode: fc.constantFrom(...MODES),
    finishedAt: fc.integer({ min: T0, max: T0 + 760 * 24 * HOUR }),
    seconds: fc.integer({ min: 0, max: 1500 }),
  });

describe("UK days", () => {
  it("a UK day starts at midnight in London, in winter and in summer time", () => {
    expect(ukMidnight("2026-12-04")).toBe(Date.UTC(2026, 11, 4));
    expect(ukMidnight("2026-07-04")).toBe(Date.UTC(2026, 6, 3, 23));
    // The clocks change: 29 March 2026 starts in GMT, 25 October 2026 in BST.
    expect(ukMidnight("2026-03-29")).toBe(Date.UTC(2026, 2, 29));
    expect(ukMidnight("2026-10-25")).toBe(Date.UTC(2026, 9, 24, 23));
    expect(endOfDueDay("2026-10-24")).toBe(Date.UTC(2026, 9, 24, 23));
  });

  it("every moment of a day is in that day, and the day's end is the next day's start", () => {
    fc.assert(
      fc.property(fc.integer({ min: T0, max: T0 + 3 * 365 * 24 * HOUR }), (ms) => {
        const day = ukDay(ms);
        expect(ukMidnight(day)).toBeLessThanOrEqual(ms);
        expect(endOfDueDay(day)).toBeGreaterThan(ms);
        expect(ukDay(ukMidnight(day))).toBe(day);
        expect(ukDay(endOfDueDay(day) - 1)).toBe(day);
        expect(ukDay(endOfDueDay(day))).toBe(addDays(day, 1));
      }),
    );
  });

  it("days are real calendar days", () => {
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay("26-1-1")).toBe(false);
    expect(dueDayOf("4/12/2026")).toBe("2026-12-04");
    expect(dueDayOf("2026-12-04")).toBe("2026-12-04");
    expect(dueDayOf("31/02/2026")).toBeNull();
    expect(dueDayOf("tomorrow")).toBeNull();
  });

  it("open until the due day ends; on pupils' pages a week more", () => {
    const work = { dueDay: "2026-12-04" };
    expect(isOpen(work, "2026-12-04")).toBe(true);
    expect(isOpen(work, "2026-12-05")).toBe(false);
    expect(isShownToPupils(work, "2026-12-11")).toBe(true);
    expect(isShownToPupils(work, "2026-12-12")).toBe(false);
  });
});

describe("counting", () => {
  it("a game counts when it is of the work's kind and finished between the setting and the due day's end", () => {
    fc.assert(
      fc.property(workArb, gameArb(["a"]), (work: Work, game: PupilGame) => {
        const expected =
          MODES_OF_KIND[work.gameKind].includes(game.mode) &&
          game.finishedAt >= work.setAt &&
          game.finishedAt < endOfDueDay(work.dueDay);
        expect(counts(work, game)).toBe(expected);
      }),
    );
  });

  it("only pupils' games count: a member's modes never, a calm pupil's game (a student run) as the maths game", () => {
    for (const kind of GAME_KINDS) {
      for (const mode of ["solo", "calm", "tables", "daily", "multiplayer"])
        expect(MODES_OF_KIND[kind]).not.toContain(mode);
    }
    expect(MODES_OF_KIND.timed).toEqual(["student"]);
  });

  it("each game counts once; games and minutes never go down when a game is added", () => {
    fc.assert(
      fc.property(workArb, fc.array(gameArb(["a"]), { maxLength: 30 }), gameArb(["a"]), (work, games, extra) => {
        const before = progressOf(work, games);
        const after = progressOf(work, [...games, extra]);
        expect(after.games).toBeGreaterThanOrEqual(before.games);
        expect(after.seconds).toBeGreaterThanOrEqual(before.seconds);
        // A repeated game changes nothing.
        expect(progressOf(work, [...games, ...games])).toEqual(before);
        const unique = new Set(games.filter((g) => counts(work, g)).map((g) => g.runId));
        expect(before.games).toBe(unique.size);
      }),
    );
  });

  it("done when the amount reaches the target; started with a game that counts; otherwise not started", () => {
    fc.assert(
      fc.property(workArb, fc.array(gameArb(["a"]), { maxLength: 30 }), (work, games) => {
        const p = progressOf(work, games);
        expect(p.amount).toBe(work.targetKind === "games" ? p.games : Math.floor(p.seconds / 60));
        if (p.amount >= work.target) expect(p.state).toBe("done");
        else expect(p.state).toBe(p.games > 0 ? "started" : "not-started");
      }),
    );
  });

  it("a class's lists hold every pupil once, as each pupil's own progress says", () => {
    const pupils = ["a", "b", "c", "d"].map((id) => ({ id, name: id.toUpperCase() }));
    fc.assert(
      fc.property(workArb, fc.array(gameArb(["a", "b", "c", "x"]), { maxLength: 40 }), (work, games) => {
        const lists = classProgressOf(work, pupils, games);
        const all = [...lists.done, ...lists.started, ...lists.notStarted].map((p) => p.id).sort();
        expect(all).toEqual(["a", "b", "c", "d"]);
        for (const p of pupils) {
          const own = progressOf(
            work,
            games.filter((g) => g.studentId === p.id),
          ).state;
          const list = own === "done" ? lists.done : own === "started" ? lists.started : lists.notStarted;
          expect(list.map((q) => q.id)).toContain(p.id);
        }
        expect(lists.notStarted.map((p) => p.id)).toContain("d");
      }),
    );
  });

  it("the window read covers every piece of work", () => {
    fc.assert(
      fc.property(fc.array(workArb, { minLength: 1, maxLength: 5 }), (works) => {
        const w = windowOf(works)!;
        for (const work of works) {
          expect(w.from).toBeLessThanOrEqual(work.setAt);
          expect(w.to).toBeGreaterThanOrEqual(endOfDueDay(work.dueDay));
        }
      }),
    );
    expect(windowOf([])).toBeNull();
  });
});

describe("words", () => {
  const base = { targetKind: "games" as const, target: 5, gameKind: "any" as const, dueDay: "2026-12-04" };
  it("say what to do and by when", () => {
    expect(dueWords("2026-12-04")).toBe("Friday 4 December");
    expect(workWords(base)).toBe("Play 5 games by Friday 4 December");
    expect(workWords({ ...base, target: 1 })).toBe("Play 1 game by Friday 4 December");
    expect(workWords({ ...base, gameKind: "timed", target: 1 })).toBe("Play the maths game once by Friday 4 December");
    expect(workWords({ ...base, gameKind: "practice", targetKind: "minutes", target: 20 })).toBe(
      "Practise my facts for 20 minutes by Friday 4 December",
    );
    expect(workWords({ ...base, gameKind: "mtc", target: 3 })).toBe(
      "Rehearse the times tables check 3 times by Friday 4 December",
    );
    expect(progressWords(base, { games: 3, seconds: 0, amount: 3, state: "started" })).toBe("3 done");
    expect(progressWords({ targetKind: "minutes" }, { games: 3, seconds: 750, amount: 12, state: "started" })).toBe(
      "12 minutes done",
    );
    expect(progressWords(base, { games: 5, seconds: 0, amount: 5, state: "done" })).toBe("Done!");
  });

  it("a note has no links", () => {
    expect(hasLink("Try hard this week!")).toBe(false);
    expect(hasLink("Well done everyone. See you on Monday.")).toBe(false);
    expect(hasLink("go to https://example.test")).toBe(true);
    expect(hasLink("www.example")).toBe(true);
    expect(hasLink("see games.com now")).toBe(true);
  });
});
