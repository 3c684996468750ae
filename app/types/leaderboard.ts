/** The leaderboard boards and periods, shared by the server's queries and the pages' tabs, and a board's row. */
export const BOARDS = ["normal", "hard", "extreme"] as const;
export type Board = (typeof BOARDS)[number];
export const PERIODS = ["daily", "all-time"] as const;
export type Period = (typeof PERIODS)[number];
/** The boards' time tabs, as the `time` parameter has them: every game, or one time limit in seconds. */
export const BOARD_TIMES = ["all", "30", "60", "120", "300"] as const;
export type BoardTime = (typeof BOARD_TIMES)[number];

/** What a board shows of a row, and no more: the rows travel to the browser with every board page. */
export type BoardRow = {
  rank: number;
  name: string;
  score: number;
  totalQuestions: number;
  accuracy: number;
  mine: boolean;
};

/**
 * The live feed (docs/decisions/0022-live-feed.md): `GET /leaderboard/events?board=<board>` (the parameter may
 * repeat) streams one `entry` event per board per tick that had new entries. A board is a solo difficulty or a
 * daily challenge's id.
 */
export const LIVE_FEED_PATH = "/leaderboard/events";
export type FeedEvent = { board: string; id: number };
