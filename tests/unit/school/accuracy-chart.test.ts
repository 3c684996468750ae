import { describe, expect, it } from "vitest";
import { CHART_GAMES, accuracyChart, type ChartGame } from "~/school-rules/accuracy-chart";

/* The progress page's accuracy chart (docs/product.md#progress-maths): pure geometry, drawn as SVG by the server. */

const DAY = 86_400_000;
const MONDAY = Date.UTC(2026, 10, 23, 10, 0, 0);

function game(accuracy: number, dayOffset: number): ChartGame {
  return { accuracy, score: accuracy / 10, totalQuestions: 10, completedAt: MONDAY + dayOffset * DAY };
}

describe("accuracyChart", () => {
  it("has no chart without games", () => {
    expect(accuracyChart([])).toBeNull();
  });

  it("puts one game in the middle, at its height", () => {
    const chart = accuracyChart([game(50, 0)])!;
    const { plot } = chart;
    expect(chart.points).toHaveLength(1);
    expect(chart.points[0]!.x).toBe((plot.left + plot.right) / 2);
    expect(chart.points[0]!.y).toBe((plot.top + plot.bottom) / 2);
    expect(chart.line).toBe(`M${chart.points[0]!.x} ${chart.points[0]!.y}`);
    expect(chart.title).toBe("Accuracy in your last game");
    expect(chart.description).toBe("One game, on 23 Nov: 50% right.");
  });

  it("shows the most recent games oldest first, spread across the plot, 100% at the top and 0% at the bottom", () => {
    // Given newest first, as the database reads them.
    const chart = accuracyChart([game(100, 2), game(0, 1), game(60, 0)])!;
    const { plot, points } = chart;
    expect(points.map((p) => p.accuracy)).toEqual([60, 0, 100]);
    expect(points.map((p) => p.game)).toEqual([1, 2, 3]);
    expect(points.map((p) => p.x)).toEqual([plot.left, (plot.left + plot.right) / 2, plot.right]);
    expect(points[1]!.y).toBe(plot.bottom);
    expect(points[2]!.y).toBe(plot.top);
    expect(points.map((p) => p.date)).toEqual(["23 Nov", "24 Nov", "25 Nov"]);
    expect(chart.line).toBe(points.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" "));
    expect(chart.gridLines.map((g) => g.label)).toEqual(["100%", "50%", "0%"]);
    expect(chart.gridLines.map((g) => g.y)).toEqual([plot.top, (plot.top + plot.bottom) / 2, plot.bottom]);
  });

  it(`keeps only the last ${CHART_GAMES} games`, () => {
    const games = Array.from({ length: 15 }, (_, i) => game(i * 5, i));
    const chart = accuracyChart(games)!;
    expect(chart.points).toHaveLength(CHART_GAMES);
    expect(chart.points[0]!.accuracy).toBe(25);
    expect(chart.points[CHART_GAMES - 1]!.accuracy).toBe(70);
    expect(chart.title).toBe(`Accuracy in your last ${CHART_GAMES} games`);
  });

  it("says what it shows in words, for screen readers", () => {
    expect(accuracyChart([game(40, 0), game(90, 1), game(80, 2)])!.description).toBe(
      "Oldest game first. Your accuracy went up, from 40% on 23 Nov to 80% on 25 Nov. Your best was 90%.",
    );
    expect(accuracyChart([game(80, 0), game(40, 1)])!.description).toContain("went down");
    expect(accuracyChart([game(80, 0), game(80, 1)])!.description).toContain("stayed the same");
  });

  it("speaks about the pupil by name where someone else reads it (the parent page)", () => {
    const chart = accuracyChart([game(40, 0), game(90, 1)], undefined, "Ada's")!;
    expect(chart.title).toBe("Accuracy in Ada's last 2 games");
    expect(chart.description).toBe(
      "Oldest game first. Ada's accuracy went up, from 40% on 23 Nov to 90% on 24 Nov. Ada's best was 90%.",
    );
  });

  it("never draws outside the plot, whatever the numbers", () => {
    const chart = accuracyChart([game(140, 0), game(-20, 1)])!;
    for (const p of chart.points) {
      expect(p.y).toBeGreaterThanOrEqual(chart.plot.top);
      expect(p.y).toBeLessThanOrEqual(chart.plot.bottom);
    }
  });

  it("reads dates in UK time, whatever the server's zone", () => {
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in London (summer time).
    const chart = accuracyChart([
      { accuracy: 50, score: 5, totalQuestions: 10, completedAt: Date.UTC(2026, 2, 31, 23, 30) },
    ]);
    expect(chart!.points[0]!.date).toBe("1 Apr");
  });
});
