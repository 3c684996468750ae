import type Database from "better-sqlite3";

/*
 * After an erasure the write-ahead log still holds the pages as they were before it, the erased rows in them, until
 * the log is reset; SQLite only resets it when a checkpoint has copied every frame back and no reader needs them.
 * A TRUNCATE checkpoint does exactly that and leaves the log empty
 * (docs/decisions/0069-secure-delete-and-a-truncated-log.md).
 */

/** How long one try may wait for a reader or the checkpoint worker: short, since it runs on the request thread. */
export const TRUNCATE_WAIT_MS = 250;
/** Tries again this often while a long reader (a backup, a big export) still needs the old frames… */
export const TRUNCATE_RETRY_MS = 1_000;
/** …for at most this many tries; the next erasure, or the next housekeeping run, tries again. */
export const TRUNCATE_TRIES = 120;

type CheckpointRow = { busy: number; log: number; checkpointed: number };

/** One try: true when the log was copied back and emptied. */
function truncateOnce(sqlite: Database.Database): boolean {
  if (!sqlite.open || sqlite.memory) return true;
  if (sqlite.inTransaction) return false;
  const timeout = sqlite.pragma("busy_timeout", { simple: true }) as number;
  sqlite.pragma(`busy_timeout = ${TRUNCATE_WAIT_MS}`);
  try {
    const [row] = sqlite.pragma("wal_checkpoint(TRUNCATE)") as CheckpointRow[];
    return row !== undefined && row.busy === 0;
  } catch {
    return false;
  } finally {
    sqlite.pragma(`busy_timeout = ${timeout}`);
  }
}

const pending = new WeakMap<Database.Database, ReturnType<typeof setTimeout>>();

/**
 * Empties the write-ahead log after an erasure: at once when nothing stands in the way (the usual case, and what the
 * caller's answer waits for), else again every second in the background until a reader that holds the old frames
 * lets go. Returns whether the log is empty now. Inside an open transaction it waits for the commit.
 */
export function emptyTheLog(sqlite: Database.Database): boolean {
  if (truncateOnce(sqlite)) return true;
  if (pending.has(sqlite)) return false;
  let tries = 0;
  const again = () => {
    pending.delete(sqlite);
    if (truncateOnce(sqlite) || ++tries >= TRUNCATE_TRIES) return;
    pending.set(sqlite, setTimeout(again, sqlite.inTransaction ? 0 : TRUNCATE_RETRY_MS).unref());
  };
  pending.set(sqlite, setTimeout(again, sqlite.inTransaction ? 0 : TRUNCATE_RETRY_MS).unref());
  return false;
}
