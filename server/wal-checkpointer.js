// A worker thread that copies the write-ahead log back into the database file, so that no request waits for it
// (docs/decisions/0029-checkpoints-and-shared-commits.md). SQLite's own automatic checkpoint runs inside
// whichever commit crosses its threshold and blocks that thread on the writes and the fsync; here the
// request thread only appends to the log. PASSIVE never waits for a lock: when a writer is busy (or LiteFS holds
// its checkpoint lock during a commit) it copies what it can, or nothing, and the next tick goes on.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const { file, intervalMs } = workerData;
const db = new Database(file, { fileMustExist: true });
db.pragma("busy_timeout = 0");

let stopped = false;
function tick() {
  if (stopped) return;
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    // SQLITE_BUSY and friends: the next tick tries again. Anything else is reported (to the server's log).
    if (error?.code !== "SQLITE_BUSY" && error?.code !== "SQLITE_LOCKED") {
      parentPort?.postMessage(String(error?.message ?? error));
    }
  }
  timer = setTimeout(tick, intervalMs);
}
let timer = setTimeout(tick, intervalMs);

parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  stopped = true;
  clearTimeout(timer);
  db.close();
  parentPort?.close();
});
