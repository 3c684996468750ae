import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/config.server";
import { backfillPublicNameKeys } from "./name-keys.server";
import { onShutdown } from "~/lifecycle.server";
import { checkpointInTheBackground } from "./checkpoints.server";
import { isPrimaryInstance } from "./litefs.server";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

export function openDatabase(file: string, { migrate: runMigrations = true } = {}): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // Deleted rows are overwritten with zeros, in their pages and in the pages freed, so an erased pupil is not
  // left in the file's free space (docs/decisions/0069-secure-delete-and-a-truncated-log.md).
  sqlite.pragma("secure_delete = ON");
  const db = drizzle(sqlite, { schema }) as Db;
  // Replicas receive the primary's schema through LiteFS and must never write.
  if (runMigrations && isPrimaryInstance()) {
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    backfillPublicNameKeys(db);
  }
  return db;
}

/**
 * The process's connection, closed by a graceful shutdown once the last request is done (app/lifecycle.server.ts).
 * On the primary, its log is checkpointed by a worker thread, not by whichever request's commit fills it.
 */
function openProcessDatabase(): Db {
  const db = openDatabase(config.databasePath);
  const file = config.databasePath;
  const stopCheckpoints =
    file !== ":memory:" && isPrimaryInstance() ? checkpointInTheBackground(db.$client, file) : undefined;
  onShutdown("close", () => {
    stopCheckpoints?.();
    db.$client.close();
  });
  return db;
}

// One connection per process; kept on globalThis so that dev-server reloads do not open another.
const globalForDb = globalThis as unknown as { __db?: Db };
export const db: Db = (globalForDb.__db ??= openProcessDatabase());
