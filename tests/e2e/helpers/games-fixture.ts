/**
 * Adds finished games to students, straight into the end-to-end suite's database (as if they had played):
 * `node --import tsx tests/e2e/helpers/games-fixture.ts '<json>'`, where the JSON is a list of
 * { studentId, accuracy, daysAgo, answers? }; `answers` ("7 × 8 = ?", right or not) are folded into the pupil's fact
 * records as a finish would, so their heat map shows them. Used by ./games.ts.
 */
import { db } from "~/db/client.server";
import { studentPerformance } from "~/db/schema";
import { recordRunFacts } from "~/models/fact-records.server";

type Game = {
  studentId: string;
  accuracy: number;
  daysAgo: number;
  answers?: { problem: string; correctAnswer: number; isCorrect: boolean }[];
};

const games = JSON.parse(process.argv[2] ?? "[]") as Game[];
const now = Date.now();
for (const game of games) {
  db.insert(studentPerformance)
    .values({
      studentId: game.studentId,
      score: Math.round(game.accuracy / 10),
      totalQuestions: 10,
      timeTaken: 60,
      accuracy: game.accuracy,
      completedAt: now - game.daysAgo * 86_400_000,
    })
    .run();
  if (game.answers) {
    const startedAt = now - game.daysAgo * 86_400_000 - 60_000;
    const answers = game.answers.map((answer, i) => ({ ...answer, timeStamp: startedAt + 2_000 * (i + 1) }));
    recordRunFacts(
      { kind: "student", studentId: game.studentId },
      { startedAt, finishedAt: startedAt + 60_000, answers },
    );
  }
}
console.log(JSON.stringify({ added: games.length }));
