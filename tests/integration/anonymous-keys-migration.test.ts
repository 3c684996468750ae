import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrationStatements } from "./migration-files";

/*
 * Migration 0002 re-keys the boards of a database written before one anonymous player meant one row: run the
 * migrations up to 0001 on a real file, write rows the old way, then apply 0002 as the migrator would.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-0002-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("migration 0002: one board row per anonymous player", () => {
  it("keeps each anonymous player's best per board and re-keys their recent rows", () => {
    const sqlite = new Database(path.join(dir, "old.db"));
    for (const file of ["0000_init.sql", "0001_accounts.sql"])
      for (const s of migrationStatements(file)) sqlite.exec(s);
    const insert = sqlite.prepare(
      `INSERT INTO daily_leaderboard_entries (id, score, total_questions, accuracy, game_type, anon_id, created_at)
       VALUES (?, ?, ?, ?, 'normal', ?, ?)`,
    );
    const best = sqlite.prepare(
      `INSERT INTO leaderboard_bests (board, player_key, entry_id, score, accuracy, created_at) VALUES ('normal', ?, ?, ?, ?, ?)`,
    );
    const recent = sqlite.prepare(
      `INSERT INTO leaderboard_recent (entry_id, board, player_key, score, accuracy, created_at) VALUES (?, 'normal', ?, ?, ?, ?)`,
    );
    // The old way: every entry its own player ('e:<id>'). Browser A played three games, browser B one; entry 5
    // has no anonymous id (older still) and must stay its own player.
    const rows: [number, number, number, string | null, number][] = [
      [1, 10, 100, "browser-a", 1000],
      [2, 14, 93, "browser-a", 2000],
      [3, 14, 93, "browser-a", 3000], // a tie with entry 2: the earlier one stays
      [4, 7, 100, "browser-b", 4000],
      [5, 9, 90, null, 5000],
    ];
    for (const [id, score, accuracy, anon, at] of rows) {
      insert.run(id, score, score, accuracy, anon, at);
      best.run(`e:${id}`, id, score, accuracy, at);
      recent.run(id, `e:${id}`, score, accuracy, at);
    }

    for (const s of migrationStatements("0002_anonymous_player_keys.sql")) sqlite.exec(s);

    const bests = sqlite
      .prepare(`SELECT player_key AS key, entry_id AS entry FROM leaderboard_bests ORDER BY player_key`)
      .all();
    expect(bests).toEqual([
      { key: "a:browser-a", entry: 2 },
      { key: "a:browser-b", entry: 4 },
      { key: "e:5", entry: 5 },
    ]);
    const recentKeys = sqlite
      .prepare(`SELECT entry_id AS entry, player_key AS key FROM leaderboard_recent ORDER BY entry_id`)
      .all();
    expect(recentKeys).toEqual([
      { entry: 1, key: "a:browser-a" },
      { entry: 2, key: "a:browser-a" },
      { entry: 3, key: "a:browser-a" },
      { entry: 4, key: "a:browser-b" },
      { entry: 5, key: "e:5" },
    ]);
    sqlite.close();
  });
});
