/** The leaderboard boards and periods, shared by the server's queries and the pages' tabs, and a board's row. */
export const BOARDS = ["normal", "hard", "extreme"] as const;
export type Board = (typeof BOARDS)[number];
export const PERIODS = ["daily", "all-time"] as const;
export type Period = (typeof PERIODS)[number];

export type BoardRow = {
  rank: number;
  entryId: number;
  name: string;
  score: number;
  totalQuestions: number;
  accuracy: number;
  createdAt: number;
  mine: boolean;
};
