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

/** A right answer to `a × b`, as the fact records read a finished game's (for addGames). */
export function rightAnswer(a: number, b: number) {
  return { problem: `${a} × ${b} = ?`, correctAnswer: a * b, isCorrect: true };
}

/**
 * Facts answered right and quickly (fluent) when due on two earlier days, 6 and 5 days ago: due again today, so one
 * more fluent answer in today's game makes each secure and earns its sticker (docs/product.md#sticker-book).
 */
export function addFactsOneDayFromSecure(studentId: string, answers: ReturnType<typeof rightAnswer>[]): void {
  addGames([
    { studentId, accuracy: 100, daysAgo: 6, answers },
    { studentId, accuracy: 100, daysAgo: 5, answers },
  ]);
}
