import type { AnswerRecord, ScoreSummary, TimeLimit } from "~/game";

/** One wrong answer as the results show it: the sum as stored ('7 × 8 = ?'), what was said, the right answer. */
export type WrongAnswer = Pick<AnswerRecord, "problem" | "userAnswer" | "correctAnswer">;
import type { Board } from "./leaderboard";

/* Shapes that travel between the server's game routes and the pages and components that show them. */

/**
 * What /game/finish answers the island. `held`: saved, but kept off the boards until it has been checked
 * (docs/decisions/0024-human-pace.md). `saved`: a replay by its own player, with the result already stored.
 */
/**
 * Where a finished game stands for its player: their best on the same kind of game (board or challenge, and time
 * limit) before it, and its place on the day's board of its length (a challenge: the challenge's board), counted
 * only near enough the top.
 */
export type RunStanding = {
  score: number;
  previousBest: number | null;
  best: number;
  /** Beat an earlier best (a first game is a best, but not a new one). */
  newBest: boolean;
  rank: number | null;
  /**
   * Off the board, its address holding its 5 places there with better scores: why, in words (ADDRESS_CUT_NOTE), and
   * `rank` is where this one would have been (docs/product.md#one-address-five-places).
   */
  cut?: string;
  /** The solo board it went on (`time`: its time tab), or null for a daily challenge. */
  board: { board: Board; time: TimeLimit | null } | null;
};

/**
 * `wrong`: the answers the player got wrong, and `practise` whether any is a fact, for "The ones to practise"
 * (docs/product.md#wrong-answers-after-a-game).
 */
export type FinishResponse =
  | {
      ok: true;
      runId: string;
      summary: ScoreSummary;
      held?: boolean;
      standing?: RunStanding | null;
      wrong?: WrongAnswer[];
      practise?: boolean;
      /** A solo game's `wrong` as the server draws it for /game (docs/product.md#wrong-answers-after-a-game). */
      wrongMarkup?: string;
      /** "New in your sticker book", drawn by the server (docs/product.md#sticker-book); none for a solo game. */
      stickerMarkup?: string;
    }
  | { ok: false; message: string; retryable: boolean; saved?: { runId: string; summary: ScoreSummary } | null };

/** A daily challenge as the pages show it. */
export type ChallengeInfo = { id: string; title: string; description: string; timeLimit: number };

/** One question of a finished MTC rehearsal as its results show it (docs/product.md#multiplication-tables-check-rehearsal). */
/** A question of a finished check as its results show it; `answered`: false where `said` is "No answer". */
export type MtcRow = { sum: string; said: string; answered: boolean; right: boolean; ms: number; time: string };
