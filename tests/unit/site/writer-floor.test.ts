import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { floorInserter, rowCount, rowidMarks, rowsSince, tablesOf } from "../../../bench/lib/writer-floor";

/*
 * The writer bench's floor (bench/lib/writer-floor.ts, docs/scale.md) must be the same rows as the path wrote, each
 * once, in the number of commits the path made: a floor that dropped or doubled rows, or wrote them in another number
 * of commits, would make the ratio beside it mean nothing.
 */
const SCHEMA = `
  CREATE TABLE runs (id TEXT PRIMARY KEY, score INTEGER NOT NULL, answers TEXT NOT NULL);
  CREATE TABLE entries (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT UNIQUE, score INTEGER);
  CREATE INDEX entries_score ON entries (score);`;

function database(): Database.Database {
  const db = new Database(":memory:");
  db.exec(SCHEMA);
  return db;
}

describe("the writer bench's floor", () => {
  it("copies exactly the rows written since the marks, in the commits asked for", () => {
    const app = database();
    const floor = database();
    const tables = tablesOf(app);
    expect(tables.map((t) => t.name)).toEqual(["entries", "runs"]);

    app.prepare(`INSERT INTO runs VALUES ('before', 1, '[]')`).run();
    const marks = rowidMarks(app, tables);
    for (let k = 0; k < 10; k++) {
      app.prepare(`INSERT INTO runs VALUES (?, ?, ?)`).run(`r${k}`, k, JSON.stringify([k]));
      app.prepare(`INSERT INTO entries (run_id, score) VALUES (?, ?)`).run(`r${k}`, k);
    }
    const written = rowsSince(app, tables, marks);
    expect(rowCount(written)).toBe(20);
    expect(written.get("runs")![0]).toEqual(["r0", 0, "[0]"]);

    let commits = 0;
    let changesBefore = floor.prepare(`SELECT total_changes()`).pluck().get() as number;
    const perCommit: number[] = [];
    floorInserter(floor, tables)(written, 4, () => {
      commits += 1;
      const now = floor.prepare(`SELECT total_changes()`).pluck().get() as number;
      perCommit.push(now - changesBefore);
      changesBefore = now;
      expect(floor.inTransaction).toBe(false);
    });
    expect(commits).toBe(4);
    expect(perCommit.reduce((a, b) => a + b, 0)).toBe(20);
    expect(perCommit.every((n) => n >= 4 && n <= 6)).toBe(true);
    expect(floor.prepare(`SELECT id, score, answers FROM runs ORDER BY rowid`).raw().all()).toEqual(
      app.prepare(`SELECT id, score, answers FROM runs WHERE id != 'before' ORDER BY rowid`).raw().all(),
    );
    expect(floor.prepare(`SELECT * FROM entries ORDER BY id`).raw().all()).toEqual(
      app.prepare(`SELECT * FROM entries ORDER BY id`).raw().all(),
    );
  });
});
