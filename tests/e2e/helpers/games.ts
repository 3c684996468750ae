import { postFixture } from "./fixtures";

/** Finished games (10 questions each, `accuracy` percent right) for students made by makeSchool(). */
export function addGames(
  games: {
    studentId: string;
    accuracy: number;
    daysAgo: number;
    /** Answers folded into the pupil's fact records, as a finish would: `{ problem: "7 × 8 = ?", … }`. */
    answers?: { problem: string; correctAnswer: number; isCorrect: boolean }[];
  }[],
): void {
  postFixture({ kind: "games", games });
}
