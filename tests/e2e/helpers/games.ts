import { execFileSync } from "node:child_process";
import { E2E_TMP } from "./e2e-dirs";

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
  execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/helpers/games-fixture.ts", JSON.stringify(games)], {
    env: { ...process.env, DATABASE_PATH: `${E2E_TMP}/app.db` },
    encoding: "utf8",
  });
}
