// The writer bench's floor (bench/writer.bench.ts): the rows one of the app's write paths just wrote, read back
// value for value, and inserted again by plain prepared INSERTs into a second database file with the same schema,
// indexes and pragmas (the app's own openDatabase), grouped into as many transactions as the path committed. Nothing
// is read or checked on the way in, and foreign keys are off: what SQLite itself costs to store the same rows.
import type Database from "better-sqlite3";
import { performance } from "node:perf_hooks";

type Table = { name: string; columns: string[] };
/** Rows a slice wrote, by table, each row its column values in order. */
export type Written = Map<string, unknown[][]>;

/** The app's tables (not SQLite's, not the migrations' ledger). */
export function tablesOf(sqlite: Database.Database): Table[] {
  const names = sqlite
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
       AND name NOT LIKE '__drizzle%' ORDER BY name`,
    )
    .pluck()
    .all() as string[];
  return names.map((name) => ({
    name,
    columns: (sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(name) as string[]).map(String),
  }));
}

/** Each table's highest rowid now: the rows written after this are the ones a slice added. */
export function rowidMarks(sqlite: Database.Database, tables: Table[]): Map<string, number> {
  return new Map(
    tables.map((t) => [
      t.name,
      (sqlite.prepare(`SELECT coalesce(max(rowid), 0) FROM "${t.name}"`).pluck().get() as number) ?? 0,
    ]),
  );
}

/** The rows added since `marks` (inserted rows only: the paths measured write new players' rows). */
export function rowsSince(sqlite: Database.Database, tables: Table[], marks: Map<string, number>): Written {
  const written: Written = new Map();
  for (const t of tables) {
    const cols = t.columns.map((c) => `"${c}"`).join(", ");
    const rows = sqlite
      .prepare(`SELECT ${cols} FROM "${t.name}" WHERE rowid > ? ORDER BY rowid`)
      .raw()
      .all(marks.get(t.name) ?? 0) as unknown[][];
    if (rows.length > 0) written.set(t.name, rows);
  }
  return written;
}

export const rowCount = (written: Written) => [...written.values()].reduce((n, rows) => n + rows.length, 0);

/** Copies `written` into the floor database in `commits` transactions, each table's rows spread evenly over them. */
export function floorInserter(floor: Database.Database, tables: Table[]) {
  const statements = new Map(
    tables.map((t) => [
      t.name,
      floor.prepare(
        `INSERT INTO "${t.name}" (${t.columns.map((c) => `"${c}"`).join(", ")}) VALUES (${t.columns.map(() => "?").join(", ")})`,
      ),
    ]),
  );
  return (written: Written, commits: number, afterEach: () => void) => {
    const entries = [...written.entries()].map(([name, rows]) => ({ rows, insert: statements.get(name)! }));
    const write = floor.transaction((from: number, to: number) => {
      for (const { rows, insert } of entries) {
        const a = Math.floor((from * rows.length) / commits);
        const b = Math.floor((to * rows.length) / commits);
        for (let k = a; k < b; k++) insert.run(rows[k]);
      }
    });
    for (let c = 0; c < commits; c++) {
      write(c, c + 1);
      afterEach();
    }
  };
}

/** Wall and CPU time since a stamp (CPU: the whole process, one core). */
export type Spent = { wallMs: number; cpuMs: number };
export type Stamp = { wall: number; cpu: NodeJS.CpuUsage };
export const stamp = (): Stamp => ({ wall: performance.now(), cpu: process.cpuUsage() });
export function since(from: Stamp): Spent {
  const cpu = process.cpuUsage(from.cpu);
  return { wallMs: performance.now() - from.wall, cpuMs: (cpu.user + cpu.system) / 1000 };
}
export const add = (a: Spent, b: Spent): Spent => ({ wallMs: a.wallMs + b.wallMs, cpuMs: a.cpuMs + b.cpuMs });
export const none = (): Spent => ({ wallMs: 0, cpuMs: 0 });

/**
 * The WAL checkpoint as the app's worker runs it (server/wal-checkpointer.js: PASSIVE, on its own connection, every
 * 200 ms), here on this thread so its time is counted apart and on the same core: `tick()` after each write runs it
 * once 200 ms have passed since the last, `now()` at the end of a slice so each slice pays for its own log.
 */
export function checkpointer(connection: Database.Database, intervalMs: number) {
  let last = performance.now();
  let spent = none();
  let pages = 0;
  let runs = 0;
  const run = () => {
    const from = stamp();
    const [result] = connection.pragma("wal_checkpoint(PASSIVE)") as { checkpointed: number }[];
    spent = add(spent, since(from));
    pages += Math.max(0, result?.checkpointed ?? 0);
    runs += 1;
    last = performance.now();
  };
  return {
    tick: () => {
      if (performance.now() - last >= intervalMs) run();
    },
    now: run,
    /** What was spent since the last take, and how many checkpoints and pages copied. */
    take: () => {
      const out = { ...spent, checkpoints: runs, pages };
      spent = none();
      pages = 0;
      runs = 0;
      return out;
    },
  };
}
