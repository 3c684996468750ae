/**
 * Demo data for a local start: a lively leaderboard so the site does not open empty.
 * Safe to run again: it only adds demo rows to an empty leaderboard.
 */
import { count } from "drizzle-orm";
import { db } from "~/db/client.server";
import { leaderboardEntries } from "~/db/schema";
import { recordEntry } from "~/models/leaderboard.server";

const NAMES = ["Swift Otter", "Brave Panda", "Clever Fox", "Happy Koala", "Quick Lynx", "Sunny Gecko", "Bold Puffin"];
const GAME_TYPES = ["normal", "hard", "extreme"] as const;
const HOUR = 3_600_000;

function seedLeaderboard() {
  const [{ n }] = db.select({ n: count() }).from(leaderboardEntries).all() as [{ n: number }];
  if (n > 0) return console.log(`Leaderboard already has ${n} entries: left as it is.`);
  const now = Date.now();
  const rows = GAME_TYPES.flatMap((gameType, g) =>
    NAMES.map((username, i) => {
      const total = 30 - g * 6 + i;
      const score = total - ((i * 3 + g) % 5);
      // Half within the last day (daily boards), half older (all-time only).
      const createdAt = now - (i % 2 === 0 ? (i + 1) * HOUR : (i + 2) * 24 * HOUR);
      const accuracy = Math.round((score / total) * 100);
      return {
        score,
        totalQuestions: total,
        accuracy,
        gameType,
        username,
        userId: null,
        anonId: null,
        runId: null,
        createdAt,
      };
    }),
  );
  // Through the model, so the boards' per-player bests and recent rows are kept as for any real entry.
  db.transaction(() => rows.forEach((row) => recordEntry(row)));
  console.log(`Added ${rows.length} demo leaderboard entries.`);
}

seedLeaderboard();
