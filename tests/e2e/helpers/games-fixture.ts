/**
 * Adds finished games to students, straight into the end-to-end suite's database (as if they had played):
 * `node --import tsx tests/e2e/helpers/games-fixture.ts '<json>'`, where the JSON is a list of
 * { studentId, accuracy, daysAgo }. Used by ./games.ts.
 */
import { db } from "~/db/client.server";
import { studentPerformance } from "~/db/schema";

type Game = { studentId: string; accuracy: number; daysAgo: number };

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
}
console.log(JSON.stringify({ added: games.length }));
