/**
 * The review queue from a terminal (docs/decisions/0024-human-pace.md), beside the admin page /admin/review:
 *   npm run review                      lists held scores, oldest first
 *   npm run review -- release <runId>   puts one on the leaderboards
 *   npm run review -- reject <runId>    keeps it off
 * DATABASE_PATH picks the database.
 */
import { countHeldRuns, decideHeldRun, listHeldRuns } from "~/models/review.server";

const [command, runId] = process.argv.slice(2);

if (!command || command === "list") {
  const runs = listHeldRuns({ limit: 100 });
  if (runs.length === 0) console.log("No scores are waiting to be checked.");
  for (const run of runs) {
    const who = run.memberName ?? `anonymous ${run.anonId?.slice(0, 6) ?? ""}`;
    const when = new Date(run.finishedAt).toISOString();
    console.log(
      `${run.runId}  ${when}  ${run.gameType}  ${run.score}/${run.totalQuestions}  ${who}  ` +
        `median ${run.info.medianRatio}x minimum, variation ${run.info.variation}  (${run.info.reasons.join(", ")})`,
    );
  }
  const total = countHeldRuns();
  if (total > runs.length) console.log(`… and ${total - runs.length} more.`);
} else if ((command === "release" || command === "reject") && runId) {
  if (decideHeldRun(runId, command)) {
    console.log(command === "release" ? `Released ${runId} to the leaderboards.` : `Rejected ${runId}.`);
  } else {
    console.error(`${runId} is not waiting to be checked (decided already, or no such run).`);
    process.exitCode = 1;
  }
} else {
  console.error("Usage: npm run review [-- list | release <runId> | reject <runId>]");
  process.exitCode = 2;
}
