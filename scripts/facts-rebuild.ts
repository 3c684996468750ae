/**
 * Rebuilds the fact records from the stored runs (docs/product.md#fact-records): `npm run facts:rebuild`, on the
 * primary. Every player's, a batch of players a commit, or one player's with --player. DATABASE_PATH picks the
 * database. Bundled into build/ops/facts-rebuild.js (vite.ops.config.ts), which the production image carries.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { config } from "~/config.server";
import { isPrimaryInstance } from "~/db/litefs.server";
import { markFactsBackfillDone, rebuildAllFacts, rebuildPlayerFacts } from "~/models/fact-records.server";
import type { Player } from "~/models/player.server";
import { now } from "~/utils/clock.server";

export const USAGE = `Usage: npm run facts:rebuild [-- --player <kind>:<id>] [-- --batch <players>]
  (the same as: node build/ops/facts-rebuild.js …; on a development machine run npm run build first)

Makes the fact records (what each player knows of each fact) again from the games stored in
game_runs, oldest first. Games whose answers are over 90 days old were cleared and add nothing,
so a player's records then hold only what the last 90 days show. Run it on the primary: on a
replica it refuses. The site keeps serving: each batch of players is one short write.

  --player <kind>:<id>  one player only: s:<pupil id>, u:<member id> or a:<visitor id>
  --batch <players>     players a commit (default 100)
  --help                this text

The database is DATABASE_PATH (default ./data/app.db).`;

export function playerOf(text: string): Player | null {
  const id = text.slice(2);
  if (id.length === 0) return null;
  if (text.startsWith("s:")) return { kind: "student", studentId: id };
  if (text.startsWith("u:")) return { kind: "member", userId: id, username: "" };
  if (text.startsWith("a:")) return { kind: "anon", anonId: id };
  return null;
}

async function main() {
  let values: { player?: string; batch?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { player: { type: "string" }, batch: { type: "string" }, help: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const batchSize = values.batch === undefined ? 100 : Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    console.error(`--batch must be a whole number from 1 to 10000.\n\n${USAGE}`);
    process.exit(2);
  }
  const player = values.player === undefined ? undefined : playerOf(values.player);
  if (player === null) {
    console.error(`--player must be s:<id>, u:<id> or a:<id>.\n\n${USAGE}`);
    process.exit(2);
  }
  if (!isPrimaryInstance()) {
    console.error("This machine is a replica: run the command on the primary (cat /litefs/.primary names it).");
    process.exit(1);
  }
  const started = Date.now();
  if (player) {
    rebuildPlayerFacts(player);
    console.log(`Rebuilt the fact records of ${values.player} (database: ${config.databasePath}).`);
    return;
  }
  const { players, batches } = await rebuildAllFacts({
    batchSize,
    pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
  });
  // Everyone is done: the one-off backfill has nothing left to do.
  markFactsBackfillDone(now());
  console.log(
    `Rebuilt the fact records of ${players} player(s) in ${batches} commit(s), ${Date.now() - started} ms ` +
      `(database: ${config.databasePath}).`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
