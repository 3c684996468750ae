// Helpers shared by the backup and restore commands (db-backup.js, db-restore.js). Plain Node and better-sqlite3,
// no app imports: the production image has neither tsx nor the app's sources.
// docs/decisions/0020-backups-and-shutdown.md
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { opsEnv } from "./ops-env.js";

/** The live database when no --db is given: the app's own setting (README, "Configuration"). */
export function defaultDatabasePath() {
  return opsEnv().databasePath;
}

/** Opens a file read-only; it must exist. */
export function openReadOnly(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

/** "ok", or the problems SQLite found (an unreadable file counts as one). */
export function integrityCheck(file) {
  let db;
  try {
    db = openReadOnly(file);
    const rows = db.pragma("integrity_check").map((row) => row.integrity_check);
    return rows.length === 1 && rows[0] === "ok" ? "ok" : rows;
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    db?.close();
  }
}

/** Every table's row count, in name order (SQLite's own tables left out). */
export function tableCounts(file) {
  const db = openReadOnly(file);
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all();
    return Object.fromEntries(
      tables.map((table) => [
        table,
        db
          .prepare(`select count(*) from "${table.replaceAll('"', '""')}"`)
          .pluck()
          .get(),
      ]),
    );
  } finally {
    db.close();
  }
}

/**
 * Whether another connection has the database open (a running server): an exclusive lock is refused while any
 * connection in WAL mode is open. Opening it also recovers a write-ahead log left by a crash, and closing folds
 * that log back into the file.
 */
export function isInUse(file) {
  let db;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 0 });
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE; COMMIT;");
    return false;
  } catch (error) {
    if (error?.code === "SQLITE_BUSY" || error?.code === "SQLITE_LOCKED") return true;
    throw error;
  } finally {
    db?.close();
  }
}

/** Flushes a file, or a folder's entries (a rename), to disk. */
export function fsyncPath(file) {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GiB`;
}

/** The lines that say what a file holds: size and each table's rows. */
export function describe(file, counts) {
  const width = Math.max(...Object.keys(counts).map((name) => name.length), 5);
  return [
    `  file  ${path.resolve(file)} (${formatBytes(fs.statSync(file).size)})`,
    ...Object.entries(counts).map(([table, rows]) => `  ${table.padEnd(width)}  ${rows}`),
  ].join("\n");
}

/** Ends the command with a message on stderr: 1 for a failure, 2 for a wrong command line. */
export function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}
