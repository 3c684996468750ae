import { onFirstUse } from "~/utils/first-use";
import { SCHOOL_TIME_ZONE } from "./uk-days";
/*
 * The progress page's chart of accuracy over a pupil's recent games (docs/product.md#progress-maths): the
 * geometry of an SVG line chart, worked out here and drawn by the server (app/components/student/accuracy-chart.tsx),
 * so it needs no script. Pure: the same games always give the same chart.
 */

/** How many of the most recent games the chart shows. */
export const CHART_GAMES = 10;

/** Dates as a pupil in the UK reads them, whatever the server's zone ("22 Nov"). */
const dayFormat = onFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: SCHOOL_TIME_ZONE }),
);

export type ChartGame = { accuracy: number; score: number; totalQuestions: number; completedAt: number };

export type ChartPoint = {
  x: number;
  y: number;
  accuracy: number;
  score: number;
  totalQuestions: number;
  /** 1 for the oldest game shown. */
  game: number;
  date: string;
};

export type AccuracyChart = {
  width: number;
  height: number;
  /** The plotting area inside the axes' labels. */
  plot: { left: number; top: number; right: number; bottom: number };
  /** Horizontal lines at 0, 50 and 100 %, with their labels. */
  gridLines: { y: number; label: string }[];
  points: ChartPoint[];
  /** The SVG path through the points, oldest to newest. */
  line: string;
  /** What the chart shows, in words: its accessible name and description. */
  title: string;
  description: string;
};

const WIDTH = 320;
const HEIGHT = 180;
const PLOT = { left: 44, top: 14, right: WIDTH - 16, bottom: HEIGHT - 30 };

const round1 = (n: number) => Math.round(n * 10) / 10;
const clampPercent = (n: number) => Math.min(100, Math.max(0, n));

/** The y of an accuracy: 100 % at the top of the plot, 0 % at its bottom. */
function yOf(accuracy: number): number {
  return round1(PLOT.bottom - (clampPercent(accuracy) / 100) * (PLOT.bottom - PLOT.top));
}

/**
 * The chart of the `count` most recent games (given in any order), oldest on the left; null with no games. One
 * game is a single point in the middle. `whose`: the words say "your", or the name given ("Asha's", on the parent
 * page).
 */
export function accuracyChart(
  games: readonly ChartGame[],
  count = CHART_GAMES,
  whose: string | null = null,
): AccuracyChart | null {
  const recent = [...games]
    .sort((a, b) => b.completedAt - a.completedAt)
    .slice(0, Math.max(1, count))
    .reverse();
  if (recent.length === 0) return null;
  const span = PLOT.right - PLOT.left;
  const step = recent.length > 1 ? span / (recent.length - 1) : 0;
  const points = recent.map((g, i): ChartPoint => ({
    x: round1(recent.length > 1 ? PLOT.left + i * step : PLOT.left + span / 2),
    y: yOf(g.accuracy),
    accuracy: g.accuracy,
    score: g.score,
    totalQuestions: g.totalQuestions,
    game: i + 1,
    date: dayFormat().format(g.completedAt),
  }));
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" ");
  const gridLines = [100, 50, 0].map((percent) => ({ y: yOf(percent), label: `${percent}%` }));
  return {
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    gridLines,
    points,
    line,
    title:
      recent.length === 1
        ? `Accuracy in ${whose ?? "your"} last game`
        : `Accuracy in ${whose ?? "your"} last ${recent.length} games`,
    description: describe(points, whose ?? "Your"),
  };
}

function describe(points: readonly ChartPoint[], whose: string): string {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (points.length === 1) return `One game, on ${first.date}: ${first.accuracy}% right.`;
  const best = Math.max(...points.map((p) => p.accuracy));
  const trend =
    last.accuracy > first.accuracy ? "went up" : last.accuracy < first.accuracy ? "went down" : "stayed the same";
  return (
    `Oldest game first. ${whose} accuracy ${trend}, from ${first.accuracy}% on ${first.date} ` +
    `to ${last.accuracy}% on ${last.date}. ${whose} best was ${best}%.`
  );
}
