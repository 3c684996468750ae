import { describe, expect, it } from "vitest";
import type { PerformanceRecord } from "~/game";
import {
  formatDateTime,
  formatDay,
  overviewRow,
  overviewSortFrom,
  performanceCard,
  sortOverview,
} from "~/school-rules/class-results";
import { trendWords } from "~/utils/teacher-messages";

/* A class's results as the teacher sees them (docs/product.md#teacher-performance-card, #teachers). */

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 12, 0);

const game = (accuracy: number, daysAgo: number): PerformanceRecord => ({
  score: Math.round(accuracy / 10),
  totalQuestions: 10,
  accuracy,
  completedAt: NOW - daysAgo * DAY,
});

describe("the performance card", () => {
  it("averages, colours and keeps the 5 most recent games, newest first", () => {
    const card = performanceCard([game(50, 9), game(90, 1), game(80, 3), game(70, 5), game(60, 7), game(100, 2)]);
    expect(card).toMatchObject({ games: 6, averageScore: 75, best: 100, latest: 90, colour: "yellow" });
    expect(card.recent.map((g) => g.accuracy)).toEqual([90, 100, 80, 70, 60]);
    expect(card.recent[0]).toMatchObject({ day: "21 Nov 2026", dateTime: new Date(NOW - DAY).toISOString() });
    expect(performanceCard([])).toMatchObject({ games: 0, recent: [], best: null, latest: null });
  });
});

describe("UK dates", () => {
  it("shows British summer time and winter time", () => {
    expect(formatDateTime(Date.UTC(2026, 6, 1, 23, 30))).toBe("2026-07-02 00:30");
    expect(formatDateTime(Date.UTC(2026, 11, 1, 23, 30))).toBe("2026-12-01 23:30");
    expect(formatDay(Date.UTC(2026, 6, 1, 23, 30))).toBe("2 Jul 2026");
  });
});

describe("the class overview", () => {
  const ada = overviewRow({ id: "a", name: "Ada" }, [game(90, 1), game(80, 2), game(60, 10), game(50, 12)], NOW);
  const ben = overviewRow({ id: "b", name: "ben" }, [game(40, 3)], NOW);
  const cy = overviewRow({ id: "c", name: "Cy" }, [], NOW);
  const dee = overviewRow({ id: "d", name: "Dee" }, [game(70, 20), game(75, 19), game(60, 18), game(65, 17)], NOW);

  it("counts this week's games, the average, the trend and the last game", () => {
    expect(ada).toMatchObject({ games: 4, gamesThisWeek: 2, averageScore: 70, colour: "yellow", trend: 30 });
    expect(ada.lastGame).toBe(NOW - DAY);
    expect(ben).toMatchObject({ gamesThisWeek: 1, averageScore: 40, colour: "red", trend: null });
    expect(cy).toMatchObject({ games: 0, averageScore: null, colour: null, trend: null, lastGame: null });
    expect(dee.trend).toBe(-10);
  });

  it("sorts by any column; rows without a value first; ties by name", () => {
    const rows = [dee, cy, ben, ada];
    const names = (sort: Parameters<typeof sortOverview>[1], dir: "asc" | "desc") =>
      sortOverview(rows, sort, dir).map((r) => r.name);
    expect(names("name", "asc")).toEqual(["Ada", "ben", "Cy", "Dee"]);
    expect(names("name", "desc")).toEqual(["Dee", "Cy", "ben", "Ada"]);
    expect(names("average", "asc")).toEqual(["Cy", "ben", "Dee", "Ada"]);
    expect(names("average", "desc")).toEqual(["Cy", "Ada", "Dee", "ben"]);
    expect(names("trend", "asc")).toEqual(["ben", "Cy", "Dee", "Ada"]);
    expect(names("week", "asc")).toEqual(["Cy", "Dee", "ben", "Ada"]);
    expect(names("last", "asc")).toEqual(["Cy", "Dee", "ben", "Ada"]);
    expect(names("last", "desc")).toEqual(["Cy", "Ada", "ben", "Dee"]);
  });

  it("reads the order from the query, by name ascending otherwise", () => {
    expect(overviewSortFrom(null, null)).toEqual({ sort: "name", dir: "asc" });
    expect(overviewSortFrom("average", "desc")).toEqual({ sort: "average", dir: "desc" });
    expect(overviewSortFrom("password", "sideways")).toEqual({ sort: "name", dir: "asc" });
  });

  it("says the trend in words", () => {
    expect(trendWords(null)).toBe("Not enough games yet");
    expect(trendWords(12)).toBe("Improving: up 12 points");
    expect(trendWords(1)).toBe("Improving: up 1 point");
    expect(trendWords(-8)).toBe("Slipping: down 8 points");
    expect(trendWords(0)).toBe("Steady");
  });
});
