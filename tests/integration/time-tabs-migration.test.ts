import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrationStatements } from "./migration-files";

/*
 * Migration 0005 gives each board entry that knows its time limit its rows on that time tab
 * (docs/decisions/0025-board-time-tabs.md): run the migrations up to 0004 on a real file, write entries the old
 * way (one row per board), then apply 0005 as the migrator would.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-0005-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("migration 0005: the boards' time tabs", () => {
  it("adds each timed entry to its tab, daily from its recent row and all time as each player's best", () => {
    const sqlite = new Database(path.join(dir, "old.db"));
    const before = [
      "0000_init.sql",
      "0001_accounts.sql",
      "0002_anonymous_player_keys.sql",
      "0003_students_name_index.sql",
    ];
    for (const file of [...before, "0004_fair_play.sql"]) for (const s of migrationStatements(file)) sqlite.exec(s);
    const insert = sqlite.prepare(
      `INSERT INTO daily_leaderboard_entries (id, score, total_questions, accuracy, game_type, username, anon_id, time_limit, created_at)
       VALUES (?, ?, ?, 100, ?, ?, ?, ?, ?)`,
    );
    const best = sqlite.prepare(
      `INSERT OR REPLACE INTO leaderboard_bests (board, player_key, entry_id, score, accuracy, created_at) VALUES (?, ?, ?, ?, 100, ?)`,
    );
    const recent = sqlite.prepare(
      `INSERT INTO leaderboard_recent (entry_id, board, player_key, score, accuracy, created_at) VALUES (?, ?, ?, ?, 100, ?)`,
    );
    // [id, score, game type, username, anon id, time limit, at, recent?]
    const rows: [number, number, string, string | null, string | null, number | null, number, boolean][] = [
      [1, 10, "normal", null, "browser-a", 30, 1000, false],
      [2, 14, "normal", null, "browser-a", 30, 2000, true],
      [3, 20, "normal", null, "browser-a", 60, 3000, true],
      [4, 7, "standard", "Old Ann", null, 30, 4000, false],
      [5, 9, "hard", null, null, null, 5000, true], // no time limit: "All" only
      [6, 5, "speed-demon", null, "browser-a", 45, 6000, false], // a daily challenge: no board
    ];
    for (const [id, score, type, name, anon, limit, at, isRecent] of rows) {
      insert.run(id, score, score, type, name, anon, limit, at);
      if (type === "speed-demon") continue;
      const board = type === "standard" ? "normal" : type;
      const key = anon ? `a:${anon}` : name ? `n:${name}` : `e:${id}`;
      best.run(board, key, id, score, at);
      if (isRecent) recent.run(id, board, key, score, at);
    }

    for (const s of migrationStatements("0005_board_time_tabs.sql")) sqlite.exec(s);

    const tab = (table: string, board: string) =>
      sqlite
        .prepare(`SELECT player_key AS key, entry_id AS entry FROM ${table} WHERE board = ? ORDER BY entry_id`)
        .all(board);
    expect(tab("leaderboard_bests", "normal:30")).toEqual([
      { key: "a:browser-a", entry: 2 },
      { key: "n:Old Ann", entry: 4 },
    ]);
    expect(tab("leaderboard_bests", "normal:60")).toEqual([{ key: "a:browser-a", entry: 3 }]);
    expect(tab("leaderboard_recent", "normal:30")).toEqual([{ key: "a:browser-a", entry: 2 }]);
    expect(tab("leaderboard_recent", "normal:60")).toEqual([{ key: "a:browser-a", entry: 3 }]);
    // The boards themselves are untouched, and nothing else gained a tab.
    expect(tab("leaderboard_recent", "normal")).toEqual([
      { key: "a:browser-a", entry: 2 },
      { key: "a:browser-a", entry: 3 },
    ]);
    expect(tab("leaderboard_recent", "hard")).toEqual([{ key: "e:5", entry: 5 }]);
    const boards = sqlite.prepare(`SELECT DISTINCT board FROM leaderboard_bests ORDER BY board`).pluck().all();
    expect(boards).toEqual(["hard", "normal", "normal:30", "normal:60"]);
    expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
    sqlite.close();
  });
});
