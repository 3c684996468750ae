import fs from "node:fs";
import path from "node:path";

/** A migration file's statements, split as drizzle's migrator splits them, to apply one file at a time. */
export function migrationStatements(file: string): string[] {
  return fs
    .readFileSync(path.join("drizzle", file), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}
