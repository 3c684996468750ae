#!/usr/bin/env node
// Takes a consistent snapshot of the live database while the server keeps writing (README, "Backups";
// docs/decisions/0020-backups-and-shutdown.md). Runs in the production image as `node server/ops/db-backup.js`.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  defaultDatabasePath,
  describe,
  fail,
  fsyncPath,
  integrityCheck,
  openReadOnly,
  tableCounts,
} from "./sqlite-ops.js";
import { opsEnv } from "./ops-env.js";

/**
 * How long a snapshot is kept in the folder the backups go to: a snapshot holds what was in the database when it was
 * taken, a pupil erased since included, so the privacy page promises erased data gone from backups within this many
 * days (docs/product.md#data-rights, docs/decisions/0069-secure-delete-and-a-truncated-log.md).
 */
const KEEP_DAYS = 30;

const USAGE = `Usage: node server/ops/db-backup.js [--db <file>] [--out <folder | file.db>] [--keep-days <days>]

Writes a consistent snapshot of the live database (SQLite's VACUUM INTO: one read transaction, so the
server keeps writing meanwhile), checks it with PRAGMA integrity_check and prints its size and row counts.
Then, in the folder, deletes this database's snapshots older than --keep-days (by the time in their names).

  --db         the live database (default: $DATABASE_PATH, else ./data/app.db)
  --out        a folder to hold a new time-stamped file (default: $BACKUP_DIR, else ./data/backups),
               or the name of a new file ending in .db (never overwritten; nothing is deleted then)
  --keep-days  days a snapshot is kept (default: $BACKUP_KEEP_DAYS, else ${KEEP_DAYS}; at most ${KEEP_DAYS}, as the
               privacy page promises)`;

let args;
try {
  args = parseArgs({
    options: {
      db: { type: "string" },
      out: { type: "string" },
      "keep-days": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (error) {
  fail(`${error.message}\n\n${USAGE}`, 2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const keepText = args["keep-days"] ?? opsEnv().backupKeepDays ?? String(KEEP_DAYS);
const keepDays = /^\d{1,3}$/.test(keepText) ? Number(keepText) : NaN;
if (!(keepDays >= 1 && keepDays <= KEEP_DAYS))
  fail(`--keep-days must be a whole number from 1 to ${KEEP_DAYS}.\n\n${USAGE}`, 2);

const source = args.db ?? defaultDatabasePath();
if (!fs.existsSync(source)) fail(`No database at ${path.resolve(source)}: nothing to back up.`);

const out = args.out ?? opsEnv().backupDir;
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, "")
  .replace(/\.\d+Z$/, "Z");
const target = out.endsWith(".db") ? out : path.join(out, `${path.basename(source, ".db")}-${stamp}.db`);
if (fs.existsSync(target)) fail(`${path.resolve(target)} exists already: a backup never overwrites a file.`);
fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });

// Written beside the target and renamed into place once checked: a half-written or failed snapshot never
// carries the name of a good one.
const partial = `${target}.partial-${process.pid}`;
const started = Date.now();
try {
  const db = openReadOnly(source);
  try {
    db.prepare("VACUUM INTO ?").run(partial);
  } finally {
    db.close();
  }
  fsyncPath(partial);
  const integrity = integrityCheck(partial);
  if (integrity !== "ok") throw new Error(`the snapshot failed its integrity check:\n  ${integrity.join("\n  ")}`);
  const counts = tableCounts(partial);
  fs.renameSync(partial, target);
  fsyncPath(path.dirname(path.resolve(target)));
  console.log(
    `Backed up ${path.resolve(source)} in ${((Date.now() - started) / 1000).toFixed(1)} s; integrity_check: ok\n` +
      describe(target, counts),
  );
  if (!out.endsWith(".db")) deleteOldSnapshots(path.dirname(target), path.basename(source, ".db"), target);
} catch (error) {
  fs.rmSync(partial, { force: true });
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Deletes the snapshots of this database in `folder` (named `<name>-YYYYMMDDTHHMMSSZ.db`, as this command names them)
 * taken more than keepDays ago, never `kept` (the one just written). Only after a good backup: a failing backup
 * leaves the older ones. A file named otherwise is never touched.
 */
function deleteOldSnapshots(folder, name, kept) {
  const escaped = name.replace(/[.*+?^$()|[\]{}\\]/g, "\\$&");
  const pattern = new RegExp(`^${escaped}-(\\d{4})(\\d\\d)(\\d\\d)T(\\d\\d)(\\d\\d)(\\d\\d)Z\\.db$`);
  const before = Date.now() - keepDays * 86_400_000;
  for (const file of fs.readdirSync(folder)) {
    const stamp = pattern.exec(file);
    if (!stamp || path.resolve(folder, file) === path.resolve(kept)) continue;
    const [, y, mo, d, h, mi, s] = stamp.map(Number);
    if (Date.UTC(y, mo - 1, d, h, mi, s) >= before) continue;
    fs.rmSync(path.join(folder, file), { force: true });
    console.log(`Deleted ${path.join(folder, file)}: older than ${keepDays} days.`);
  }
}
