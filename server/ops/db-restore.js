#!/usr/bin/env node
// Restores a snapshot made by db-backup.js (README, "Backups"; docs/decisions/0020-backups-and-shutdown.md).
// Runs in the production image as `node server/ops/db-restore.js`.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import {
  defaultDatabasePath,
  describe,
  fail,
  fsyncPath,
  integrityCheck,
  isInUse,
  openReadOnly,
  tableCounts,
} from "./sqlite-ops.js";

const USAGE = `Usage: node server/ops/db-restore.js <snapshot.db> [--db <file>] [--check] [--force]

Checks the snapshot with PRAGMA integrity_check, then makes it the database:
  - no database there yet: the snapshot is copied beside it and renamed into place;
  - a database that no process has open: only with --force; it is kept as <file>.before-restore-<time>;
  - a database a running server has open: only with --force; the snapshot is written into it through
    SQLite (one transaction), so the server reads the restored data at once. Restart the server after.

  --db      the database to restore into (default: $DATABASE_PATH, else ./data/app.db)
  --check   only check the snapshot and print its row counts; write nothing
  --force   replace an existing database, even one in use`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: "string" },
      check: { type: "boolean" },
      force: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
} catch (error) {
  fail(`${error.message}\n\n${USAGE}`, 2);
}
const { values: args, positionals } = parsed;
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) fail(`Name one snapshot to restore.\n\n${USAGE}`, 2);

const [snapshot] = positionals;
const target = args.db ?? defaultDatabasePath();
if (!fs.existsSync(snapshot)) fail(`No snapshot at ${path.resolve(snapshot)}.`);
if (path.resolve(snapshot) === path.resolve(target)) fail("The snapshot and the database are the same file.", 2);

const integrity = integrityCheck(snapshot);
if (integrity !== "ok") {
  fail(`Refused: ${path.resolve(snapshot)} failed its integrity check:\n  ${integrity.join("\n  ")}`);
}
const counts = tableCounts(snapshot);
if (!("__drizzle_migrations" in counts)) fail(`Refused: ${path.resolve(snapshot)} is not a database of this app.`);
if (args.check) {
  console.log(`${path.resolve(snapshot)} is a sound snapshot; integrity_check: ok\n${describe(snapshot, counts)}`);
  process.exit(0);
}

const exists = fs.existsSync(target);
let inUse = false;
try {
  inUse = exists && isInUse(target);
} catch (error) {
  fail(`Refused: ${path.resolve(target)} cannot be opened as a database (${error.message}).`);
}
if (exists && !args.force) {
  fail(
    `Refused: ${path.resolve(target)} exists${inUse ? " and a running process has it open" : ""}. ` +
      "Pass --force to replace it.",
  );
}

try {
  if (inUse) await restoreLive();
  else restoreFile();
} catch (error) {
  fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
}
const after = integrityCheck(target);
if (after !== "ok") fail(`The restored database failed its integrity check:\n  ${after.join("\n  ")}`);
console.log(
  `Restored ${path.resolve(snapshot)} into ${path.resolve(target)}${inUse ? " (live, through SQLite)" : ""}; ` +
    `integrity_check: ok\n${describe(target, tableCounts(target))}`,
);
if (inUse)
  console.log("A running server now reads the restored data: restart it so nothing it holds in memory is stale.");

/** Copy beside the target, flush, then rename over it: the database is either the old file or the whole snapshot. */
function restoreFile() {
  const dir = path.dirname(path.resolve(target));
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  try {
    fs.copyFileSync(snapshot, partial);
    fsyncPath(partial);
    // isInUse opened and closed the old file, which folded any write-ahead log into it. A log left beside the
    // new file would be replayed into it, so none may remain; the shared-memory index is rebuilt on open.
    const wal = `${target}-wal`;
    if (fs.existsSync(wal) && fs.statSync(wal).size > 0) throw new Error(`${wal} is not empty; is a server running?`);
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
    if (exists) {
      const kept = `${target}.before-restore-${new Date()
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d+Z$/, "Z")}`;
      fs.renameSync(target, kept);
      console.log(`The database it replaces is kept as ${path.resolve(kept)}.`);
    }
    fs.renameSync(partial, target);
    fsyncPath(dir);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** SQLite's backup API into the open database: one write transaction, which other connections see once it commits. */
async function restoreLive() {
  const source = openReadOnly(snapshot);
  try {
    // In WAL mode the page sizes must match; a snapshot of this app's database always does.
    const live = new Database(target, { fileMustExist: true, readonly: true });
    const livePageSize = live.pragma("page_size", { simple: true });
    live.close();
    if (source.pragma("page_size", { simple: true }) !== livePageSize) {
      throw new Error("the snapshot's page size differs from the database's");
    }
    // All pages in one step: the live file is locked for writing once, not over many turns of the event loop.
    await source.backup(path.resolve(target), { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}
