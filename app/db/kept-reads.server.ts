import type { Statement } from "better-sqlite3";
import { shortcutOn } from "~/utils/shortcuts.server";
import { db } from "./client.server";

/**
 * Reads kept until the database changes (docs/decisions/0035-board-reads-kept-until-a-write.md): a read many
 * requests ask for between two writes (a board, right after the live feed tells every open page of a new score)
 * is answered from memory while nothing has been written since, and read again after any write.
 *
 * "Nothing written since" is SQLite's own account, so no write path can forget to say so: `total_changes()`
 * counts this connection's writes, `data_version` moves on a commit by any other connection (another process,
 * a script, or LiteFS applying the primary's changes on a replica) and `schema_version` on a change of schema.
 * Inside a transaction none of them tells what a rollback would undo, so a read there is neither kept nor
 * answered from what was kept.
 */
let versionStatement: Statement | undefined;
const keeping = shortcutOn("kept-reads");

/** The database's state as a string that differs after any write; null inside a transaction. */
export function databaseVersion(): string | null {
  const sqlite = db.$client;
  if (sqlite.inTransaction) return null;
  versionStatement ??= sqlite
    .prepare(`SELECT total_changes(), data_version, schema_version FROM pragma_data_version, pragma_schema_version`)
    .raw();
  return (versionStatement.get() as number[]).join(":");
}

type Kept<T> = { version: string; from: number; until: number; value: T };

/** What a read returns: its value, and the moment (ms) from which time alone could change it, if any. */
export type TimedRead<T> = { value: T; until?: number };

/**
 * Keeps up to `maxKeys` reads, each under its key, while the database is unchanged and the time asked about is
 * within the read's window (a board of the last 24 hours changes as its rows age, with no write at all).
 */
export class KeptReads<T> {
  readonly #kept = new Map<string, Kept<T>>();
  constructor(private readonly maxKeys: number) {}

  read(key: string, at: number, read: () => TimedRead<T>): T {
    // Asked before reading: a commit landing between the two makes the next request read again, never keeps
    // newer rows under an older version.
    const version = keeping ? databaseVersion() : null;
    if (version === null) return read().value;
    const kept = this.#kept.get(key);
    if (kept && kept.version === version && at >= kept.from && at < kept.until) return kept.value;
    const { value, until = Number.POSITIVE_INFINITY } = read();
    this.#kept.delete(key);
    if (this.#kept.size >= this.maxKeys) this.#kept.delete(this.#kept.keys().next().value as string);
    this.#kept.set(key, { version, from: at, until, value });
    return value;
  }
}
