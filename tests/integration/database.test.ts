import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { leaderboardEntries, schools, teachers } from "~/db/schema";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-db-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("database", () => {
  it("creates and migrates a fresh file, with WAL and foreign keys on", () => {
    const file = path.join(dir, "nested", "app.db");
    const db = openDatabase(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    const tables = db
      .all<{ name: string }>(sql`select name from sqlite_master where type = 'table' order by name`)
      .map((t) => t.name);
    for (const table of [
      "users",
      "profiles",
      "sessions",
      "daily_leaderboard_entries",
      "game_runs",
      "schools",
      "teachers",
      "classes",
      "students",
      "student_performance",
      "images",
      "contact_messages",
      "verification_tokens",
    ]) {
      expect(tables).toContain(table);
    }
    db.$client.close();
  });

  it("migrating twice is harmless", () => {
    const file = path.join(dir, "twice.db");
    openDatabase(file).$client.close();
    const db = openDatabase(file);
    expect(db.all(sql`select count(*) as n from schools`)).toEqual([{ n: 0 }]);
    db.$client.close();
  });

  it("enforces foreign keys and fills created_at", () => {
    const db = openDatabase(path.join(dir, "fk.db"));
    expect(() =>
      db.insert(teachers).values({ id: "t1", name: "Ms Patel", schoolId: "missing", loginCode: "12345678" }).run(),
    ).toThrow(/FOREIGN KEY/);
    db.insert(schools).values({ id: "s1", name: "Oak Primary" }).run();
    const [school] = db.select().from(schools).all();
    expect(school?.createdAt).toBeGreaterThan(Date.UTC(2024, 0, 1));
    db.insert(leaderboardEntries).values({ score: 5, totalQuestions: 6, accuracy: 83, gameType: "normal" }).run();
    expect(db.select().from(leaderboardEntries).all()[0]?.username).toBeNull();
    db.$client.close();
  });
});
