import { BOARDS, BOARD_TIMES, type Board, type BoardTime, type Period } from "~/types/leaderboard";

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

/** 'Normal board for 1-minute games', 'Hard board' (the results' place and the panel beside them). */
export function boardTitle(board: Board, time: BoardTime): string {
  return `${BOARD_LABELS[board]} board${time === "all" ? "" : ` for ${TIME_NAMES[time]}`}`;
}

/**
 * What the Daily Leaderboard panel shows: today's board of one difficulty and game length. The home page shows
 * Normal, every length; beside a game's results, the board its place is on (docs/product.md#daily-leaderboard-panel).
 */
export type PanelBoard = { board: Board; time: BoardTime };
export const HOME_PANEL: PanelBoard = { board: "normal", time: "all" };

/** The board of a solo game of this difficulty (or game type) and time limit; Normal, every length, if it has none. */
export function panelBoardOf(gameType: string, timeLimit?: number | null): PanelBoard {
  const board = BOARDS.find((b) => b === (gameType === "standard" ? "normal" : gameType));
  if (!board) return HOME_PANEL;
  return { board, time: BOARD_TIMES.find((t) => t !== "all" && t === String(timeLimit)) ?? "all" };
}

/** A panel's board in a query value, `hard-30` or `normal-all`, and back (anything else is the home page's). */
export function panelParam({ board, time }: PanelBoard): string {
  return `${board}-${time}`;
}
export function parsePanelParam(value: string | null): PanelBoard {
  const [board = "", time = ""] = /^([a-z]+)-(all|\d+)$/.exec(value ?? "")?.slice(1) ?? [];
  const chosen = panelBoardOf(board, Number(time));
  return board === chosen.board && (time === "all" || time === chosen.time) ? chosen : HOME_PANEL;
}
