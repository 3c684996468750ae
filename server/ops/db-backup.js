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

const USAGE = `Usage: node server/ops/db-backup.js [--db <file>] [--out <folder | file.db>]

Writes a consistent snapshot of the live database (SQLite's VACUUM INTO: one read transaction, so the
server keeps writing meanwhile), checks it with PRAGMA integrity_check and prints its size and row counts.

  --db    the live database (default: $DATABASE_PATH, else ./data/app.db)
  --out   a folder to hold a new time-stamped file (default: $BACKUP_DIR, else ./data/backups),
          or the name of a new file ending in .db (never overwritten)`;

let args;
try {
  args = parseArgs({
    options: { db: { type: "string" }, out: { type: "string" }, help: { type: "boolean", short: "h" } },
  }).values;
} catch (error) {
  fail(`${error.message}\n\n${USAGE}`, 2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const source = args.db ?? defaultDatabasePath();
if (!fs.existsSync(source)) fail(`No database at ${path.resolve(source)}: nothing to back up.`);

const out = args.out ?? process.env.BACKUP_DIR ?? "./data/backups";
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
} catch (error) {
  fs.rmSync(partial, { force: true });
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
