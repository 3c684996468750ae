#!/usr/bin/env node
// Brings the database's schema up to date, on the primary only: LiteFS runs it before the app starts
// (litefs.yml, `if-candidate`), and on a replica it does nothing, since the primary's schema arrives by replication
// (docs/decisions/0023-replicas-and-the-primary.md). The app also migrates at start-up on the primary, which then
// finds nothing left to do; this step makes a failing migration stop the machine before it serves a request.
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { instanceInfo } from "../litefs.js";
import { defaultDatabasePath } from "./sqlite-ops.js";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "drizzle");
const file = process.argv[2] ?? defaultDatabasePath();
const { currentIsPrimary, primaryInstance } = instanceInfo();

if (!currentIsPrimary) {
  console.log(`Migrations: skipped, this machine is a replica (the primary is ${primaryInstance}).`);
} else {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    const before = sqlite.prepare("SELECT count(*) FROM sqlite_master").pluck().get();
    migrate(drizzle(sqlite), { migrationsFolder });
    const after = sqlite.prepare("SELECT count(*) FROM sqlite_master").pluck().get();
    console.log(`Migrations: ${path.resolve(file)} is up to date${after === before ? "" : " (schema changed)"}.`);
  } catch (error) {
    console.error(`Migrations failed on ${path.resolve(file)}:`, error);
    process.exitCode = 1;
  } finally {
    sqlite.close();
  }
}
