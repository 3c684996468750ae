import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PUPIL_DAY_FACTS,
  PUPIL_DAY_POINTS,
  checkPeriod,
  formatLongDay,
  formatPoints,
  parseDay,
  periodOf,
  pointsTenths,
  pupilDayCap,
  rankStandings,
  stateOn,
  winnersOf,
  type ClassTally,
} from "~/school-rules/competition";
import { addDays, ukDay, ukMidnight } from "~/school-rules/uk-days";

/* The class competition's rules (docs/product.md#class-competition): days in UK time, points per pupil, places. */

const tally = (className: string, total: number, pupils: number, played = pupils): ClassTally => ({
  classId: `id-${className}`,
  className,
  pupils,
  played,
  total,
});

describe("points", () => {
  it("divide the class's total by every pupil, played or not, to one decimal place", () => {
    expect(pointsTenths(100, 4)).toBe(250);
    expect(formatPoints(pointsTenths(100, 4))).toBe("25.0");
    expect(formatPoints(pointsTenths(10, 3))).toBe("3.3");
    expect(formatPoints(pointsTenths(1, 4))).toBe("0.3"); // 0.25, halves up
    expect(formatPoints(0)).toBe("0.0");
  });

  it("are 0 for a class with no pupils", () => {
    expect(pointsTenths(0, 0)).toBe(0);
    expect(rankStandings([tally("Empty", 0, 0), tally("3A", 5, 5)]).map((s) => [s.className, s.points])).toEqual([
      ["3A", "1.0"],
      ["Empty", "0.0"],
    ]);
  });

  it("a pupil who does not play pulls the class down: 2 of 4 playing is half the points of 2 of 2", () => {
    const [full, half] = rankStandings([tally("Half", 40, 4, 2), tally("Full", 40, 2, 2)]);
    expect([full!.className, full!.points, half!.className, half!.points]).toEqual(["Full", "20.0", "Half", "10.0"]);
  });

  it("are never negative, never more than the total, and shown as the tenths they are (property)", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 1000 }), (total, pupils) => {
        const tenths = pointsTenths(total, pupils);
        expect(tenths).toBeGreaterThanOrEqual(0);
        expect(tenths).toBeLessThanOrEqual(total * 10);
        expect(Math.abs(tenths / 10 - total / pupils)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Number(formatPoints(tenths))).toBeCloseTo(tenths / 10, 5);
      }),
    );
  });
});

describe("a pupil's fair share a day (docs/decisions/0093-competitions-on-secured-facts.md)", () => {
  it("is 150 points on scores and 12 secured facts on facts", () => {
    expect(pupilDayCap("scores")).toBe(PUPIL_DAY_POINTS);
    expect(pupilDayCap("facts")).toBe(PUPIL_DAY_FACTS);
    expect(PUPIL_DAY_FACTS).toBe(12);
  });

  it("moves a class of 30 by at most 0.4 secured facts a pupil a day, however many one pupil secures", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 576 }), (secured) => {
        const counted = Math.min(secured, pupilDayCap("facts"));
        expect(pointsTenths(counted, 30)).toBeLessThanOrEqual(4);
      }),
    );
    expect(formatPoints(pointsTenths(PUPIL_DAY_FACTS, 30))).toBe("0.4");
  });
});

describe("standings", () => {
  it("rank by points, ties share a place and the next place skips", () => {
    const standings = rankStandings([tally("C", 10, 2), tally("B", 20, 2), tally("A", 20, 2), tally("D", 1, 1)]);
    expect(standings.map((s) => [s.position, s.className, s.tied])).toEqual([
      [1, "A", true],
      [1, "B", true],
      [3, "C", false],
      [4, "D", false],
    ]);
    expect(winnersOf(standings).map((s) => s.className)).toEqual(["A", "B"]);
  });

  it("what shows the same is a tie (10.0 and 10.0, from different fractions)", () => {
    const standings = rankStandings([tally("A", 100, 10), tally("B", 301, 30)]);
    expect(standings.map((s) => s.position)).toEqual([1, 1]);
  });

  it("have no winner when no class has a point", () => {
    expect(winnersOf(rankStandings([tally("A", 0, 3), tally("B", 0, 0)]))).toEqual([]);
  });

  it("keep every class, in order of points, places from 1 (property)", () => {
    const tallies = fc.array(
      fc.record({ total: fc.nat(500), pupils: fc.nat(30) }).map(({ total, pupils }) => ({ total, pupils })),
      { minLength: 2, maxLength: 12 },
    );
    fc.assert(
      fc.property(tallies, (list) => {
        const standings = rankStandings(list.map((t, i) => tally(`Class ${i}`, t.pupils ? t.total : 0, t.pupils)));
        expect(standings).toHaveLength(list.length);
        expect(standings[0]!.position).toBe(1);
        for (let i = 1; i < standings.length; i++) {
          const [a, b] = [standings[i - 1]!, standings[i]!];
          expect(a.tenths).toBeGreaterThanOrEqual(b.tenths);
          expect(b.position).toBe(a.tenths === b.tenths ? a.position : i + 1);
        }
      }),
    );
  });
});

describe("days", () => {
  it("read a date field's value and a UK date typed by hand, day first", () => {
    expect(parseDay("2026-11-30")).toBe("2026-11-30");
    expect(parseDay("30/11/2026")).toBe("2026-11-30");
    expect(parseDay(" 1/2/2027 ")).toBe("2027-02-01");
    expect(parseDay("31/11/2026")).toBeNull();
    expect(parseDay("11/30/2026")).toBeNull();
    expect(parseDay("tomorrow")).toBeNull();
    expect(parseDay("2026-02-29")).toBeNull();
  });

  it("begin at midnight in London, summer and winter", () => {
    expect(new Date(ukMidnight("2026-11-30")).toISOString()).toBe("2026-11-30T00:00:00.000Z");
    expect(new Date(ukMidnight("2026-07-01")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    // The clocks change on these Sundays; their midnights are before the change.
    expect(new Date(ukMidnight("2026-03-29")).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(new Date(ukMidnight("2026-10-25")).toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(ukDay(Date.parse("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });

  it("count a period from its first day's midnight to the midnight after its last", () => {
    const { from, until } = periodOf({ startsOn: "2026-11-30", endsOn: "2026-12-04" });
    expect(until - from).toBe(5 * 86_400_000);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("a competition lasts at most 4 weeks and starts today or later", () => {
    expect(checkPeriod("2026-11-27", "2026-12-24", "2026-11-27")).toEqual({ ok: true });
    expect(checkPeriod("2026-11-27", "2026-12-25", "2026-11-27")).toMatchObject({ problem: "too-long" });
    expect(checkPeriod("2026-11-26", "2026-11-30", "2026-11-27")).toMatchObject({ problem: "past" });
    expect(checkPeriod("2026-11-30", "2026-11-29", "2026-11-27")).toMatchObject({ problem: "before-start" });
    expect(checkPeriod("2026-11-27", "2026-11-27", "2026-11-27")).toEqual({ ok: true });
  });

  it("say where a competition is", () => {
    const c = { startsOn: "2026-11-30", endsOn: "2026-12-04" };
    expect(stateOn(c, "2026-11-29")).toBe("upcoming");
    expect(stateOn(c, "2026-11-30")).toBe("running");
    expect(stateOn(c, "2026-12-04")).toBe("running");
    expect(stateOn(c, "2026-12-05")).toBe("finished");
    expect(formatLongDay("2026-12-04")).toBe("4 December 2026");
  });
});
