import type Database from "better-sqlite3";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { shortcutOn } from "~/utils/shortcuts.server";

/** How often the worker copies the log back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 200;
/** The worker starts this long after the connection opens, so that it never slows a cold start's first answer. */
export const CHECKPOINT_START_DELAY_MS = 1_000;
/**
 * The request thread's own automatic checkpoint stays as a backstop, far above what the worker lets the log
 * reach (40 MB of 4 KB pages): it only runs if the worker falls behind or is gone.
 */
export const BACKSTOP_PAGES = 10_000;
const SQLITE_DEFAULT_PAGES = 1_000;

/**
 * Checkpoints the write-ahead log of `sqlite` (the process's connection to `file`) from a worker thread
 * (server/wal-checkpointer.js; docs/decisions/0029-checkpoints-and-shared-commits.md). Returns the function
 * that stops it. If the worker fails, SQLite's own checkpoints on the request thread take over as before.
 */
export function checkpointInTheBackground(sqlite: Database.Database, file: string): () => void {
  if (!shortcutOn("checkpoint-worker")) return () => {};
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let running = true;
  let worker: Worker | undefined;
  const fallBack = (why: unknown) => {
    if (!running) return;
    running = false;
    console.error("the checkpoint worker stopped; SQLite checkpoints on the request thread again", why);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  };
  const start = setTimeout(() => {
    worker = new Worker(path.join(process.cwd(), "server", "wal-checkpointer.js"), {
      workerData: { file: path.resolve(file), intervalMs: CHECKPOINT_INTERVAL_MS },
    });
    // The worker only ever reports a checkpoint that failed for a reason other than a busy lock.
    worker.on("message", (message: string) => console.error(`checkpoint failed: ${message}`));
    worker.on("error", fallBack);
    worker.on("exit", (code) => fallBack(`exit ${code}`));
    // Never what keeps a process alive: a script or a test ends when its own work does. After the listeners:
    // a "message" listener refs the worker's port again, and a script would then never end.
    worker.unref();
  }, CHECKPOINT_START_DELAY_MS);
  start.unref();
  return () => {
    running = false;
    clearTimeout(start);
    worker?.postMessage("stop");
  };
}
