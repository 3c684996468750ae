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

/** Stickers for a pupil made by makeSchool(), earned `daysAgo` days ago: facts as stored, "*7,8" for 7 × 8. */
export function addStickers(studentId: string, facts: string[], daysAgo = 0): void {
  postFixture({ kind: "stickers", studentId, facts, daysAgo });
}
