// Shared types and constants of the game engine (docs/product.md#constants-at-a-glance).

/** '/' is the solo and student division sign, '÷' the daily and multiplayer one; both display as ÷. */
export type Operator = "+" | "-" | "*" | "/" | "÷" | "% of";

export interface Problem {
  num1: number;
  num2: number;
  operator: Operator;
  answer: number;
  /**
   * A problem of a mode's own shape (a number bond's `7 + ? = 10`), written by its mode's generator: the line as stored
   * and as shown, and what a screen reader hears. Data, so it travels with the problem to a page. Its fact is the
   * fact of the stored line (app/game/facts.ts), so a new shape needs no code in the engine
   * (docs/decisions/0090-what-a-new-mode-touches.md). None: `num1 sign num2 = ?`.
   */
  written?: WrittenProblem;
}

/** A problem as its mode writes it: one line as stored ('7 + ? = 10', a hyphen for minus), as shown, as spoken. */
export interface WrittenProblem {
  text: string;
  display: string;
  spoken: string;
}

/** 'easy' is accepted by the generator; the start dialog offers only normal, hard and extreme. */
export type SoloDifficulty = "easy" | "normal" | "hard" | "extreme";
export const SOLO_DIFFICULTIES: readonly SoloDifficulty[] = ["easy", "normal", "hard", "extreme"];
export const START_DIALOG_DIFFICULTIES: readonly SoloDifficulty[] = ["normal", "hard", "extreme"];

/** Solo operations, in the canonical order the generators use. */
export type Operation = "+" | "-" | "*" | "/";
export const OPERATIONS: readonly Operation[] = ["+", "-", "*", "/"];

export type StudentDifficulty = "easy" | "medium" | "hard";
export const STUDENT_DIFFICULTIES: readonly StudentDifficulty[] = ["easy", "medium", "hard"];

export type StudentOperation = "addition" | "subtraction" | "multiplication" | "division";
export const STUDENT_OPERATIONS: readonly StudentOperation[] = [
  "addition",
  "subtraction",
  "multiplication",
  "division",
];

export type MultiplayerDifficulty = "Normal" | "Hard" | "Extreme";
export const MULTIPLAYER_DIFFICULTIES: readonly MultiplayerDifficulty[] = ["Normal", "Hard", "Extreme"];

/** Solo time limit choices in seconds, and how the start dialog shows them. */
export const TIME_LIMITS = [30, 60, 120, 300] as const;
export type TimeLimit = (typeof TIME_LIMITS)[number];
export const TIME_LIMIT_LABELS: Readonly<Record<TimeLimit, string>> = {
  30: "30s",
  60: "1m",
  120: "2m",
  300: "5m",
};

export function isTimeLimit(value: unknown): value is TimeLimit {
  return typeof value === "number" && (TIME_LIMITS as readonly number[]).includes(value);
}

export const DEFAULT_TIME_LIMIT: TimeLimit = 60;
export const DEFAULT_DIFFICULTY: SoloDifficulty = "normal";
/**
 * The original brief records two readings of the default operations: all four (+, -, *, /) and +, -, *.
 * We chose the fuller reading (docs/product.md#departures); players can narrow it in the settings.
 */
export const DEFAULT_OPERATIONS: readonly Operation[] = ["+", "-", "*", "/"];

export const STUDENT_TIME_LIMIT = 60;
export const DEFAULT_STUDENT_DIFFICULTY: StudentDifficulty = "easy";
export const DEFAULT_STUDENT_OPERATIONS: readonly StudentOperation[] = ["addition"];

/** Teacher-facing difficulty names: 'easy' is shown as 'Normal'. */
export function studentDifficultyLabel(difficulty: StudentDifficulty): string {
  switch (difficulty) {
    case "easy":
      return "Normal";
    case "medium":
      return "Medium";
    case "hard":
      return "Hard";
  }
}

/** Times tables a teacher can choose, stored as strings as in the students table. */
export const TIMES_TABLES: readonly string[] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];

export const MULTIPLAYER_TURN_SECONDS = 60;

/**
 * Leaderboard entries store the solo difficulty as game_type; 'standard' is a legacy alias of 'normal'.
 * Any other game type (hard, extreme, a challenge id) is returned unchanged.
 */
export function normalizeGameType(gameType: string): string {
  return gameType === "standard" ? "normal" : gameType;
}
