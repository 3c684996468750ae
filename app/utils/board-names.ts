import type { Board, BoardTime, Period } from "~/types/leaderboard";

/* How the boards are named on screen (docs/product.md#boards-and-periods), by the leaderboard page and the results. */

export const PERIOD_LABELS: Readonly<Record<Period, string>> = { daily: "Daily (24h)", "all-time": "All Time" };
export const BOARD_LABELS: Readonly<Record<Board, string>> = { normal: "Normal", hard: "Hard", extreme: "Extreme" };
/** The time tabs (docs/decisions/0025-board-time-tabs.md): every game, or only games of one time limit. */
export const TIME_LABELS: Readonly<Record<BoardTime, string>> = {
  all: "All",
  "30": "30 s",
  "60": "1 m",
  "120": "2 m",
  "300": "5 m",
};
export const TIME_NAMES: Readonly<Record<BoardTime, string>> = {
  all: "",
  "30": "30-second games",
  "60": "1-minute games",
  "120": "2-minute games",
  "300": "5-minute games",
};

/** A tab's link: "All" keeps the short address the other pages link to. */
export function boardHref(period: Period, board: Board, time: BoardTime): string {
  return `/leaderboard?period=${period}&board=${board}${time === "all" ? "" : `&time=${time}`}`;
}
