import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { KeptReads, databaseVersion } from "~/db/kept-reads.server";
import { users } from "~/db/schema";
import { DAY_MS, recordEntry, topPlayers, type NewEntry } from "~/models/leaderboard.server";

// Reads kept until the database changes (docs/decisions/0035-board-reads-kept-until-a-write.md), on a real
// database file: the connection's own writes, another connection's commits, a transaction, and time.

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const HOUR = 3_600_000;
const other = new Database(process.env.DATABASE_PATH!);
afterAll(() => other.close());

beforeAll(() => {
  db.insert(users)
    .values([{ id: "u-kept" }])
    .run();
  db.$client.prepare(`INSERT INTO profiles (id, username) VALUES ('u-kept', 'Kept Ada')`).run();
});

describe("KeptReads", () => {
  const counted = () => {
    let reads = 0;
    const kept = new KeptReads<number>(2);
    return {
      kept,
      read: (key: string, at = 0, until?: number) => kept.read(key, at, () => ({ value: ++reads, until })),
    };
  };

  it("answers from memory until a write on this connection, to any table", () => {
    const { read } = counted();
    expect(read("a")).toBe(1);
    expect(read("a")).toBe(1);
    db.$client.prepare(`INSERT INTO users (id) VALUES ('u-kept-2')`).run();
    expect(read("a")).toBe(2);
    expect(read("a")).toBe(2);
  });

  it("reads again after a change of schema on this connection (which counts no row)", () => {
    const { read } = counted();
    expect(read("a")).toBe(1);
    db.$client.exec(`CREATE TABLE kept_reads_probe (x INTEGER)`);
    expect(read("a")).toBe(2);
    db.$client.exec(`DROP TABLE kept_reads_probe`);
    expect(read("a")).toBe(3);
  });

  it("reads again after another connection's commit (another process, or LiteFS on a replica)", () => {
    const { read } = counted();
    expect(read("a")).toBe(1);
    other.prepare(`INSERT INTO users (id) VALUES ('u-kept-3')`).run();
    expect(read("a")).toBe(2);
  });

  it("neither keeps nor answers from memory inside a transaction, so a rollback leaves nothing behind", () => {
    const { read } = counted();
    expect(read("a")).toBe(1);
    const inside: number[] = [];
    expect(() =>
      db.$client.transaction(() => {
        expect(databaseVersion()).toBeNull();
        inside.push(read("a"), read("a"));
        throw new Error("rolled back");
      })(),
    ).toThrow("rolled back");
    expect(inside).toEqual([2, 3]);
    // Nothing was committed: what was kept before the transaction still stands.
    expect(read("a")).toBe(1);
  });

  it("keeps a read only within its window of time, and keeps at most maxKeys", () => {
    const { read } = counted();
    expect(read("t", 100, 200)).toBe(1);
    expect(read("t", 199, 200)).toBe(1);
    expect(read("t", 200, 300)).toBe(2); // at its end
    expect(read("t", 150, 300)).toBe(3); // before the moment it was read: older rows could be in
    expect(read("b")).toBe(4);
    expect(read("c")).toBe(5); // "t" is the oldest of three: dropped
    expect(read("b")).toBe(4);
    expect(read("t", 150, 300)).toBe(6);
  });
});

describe("boards kept until a write", () => {
  const entry = (o: Partial<NewEntry>): NewEntry => ({
    score: 10,
    totalQuestions: 10,
    accuracy: 100,
    gameType: "extreme",
    username: null,
    userId: null,
    anonId: null,
    runId: null,
    createdAt: NOW - HOUR,
    ...o,
  });
  const board = (period: "daily" | "all-time", now = NOW) =>
    topPlayers({ board: "extreme", period, limit: 20, now, player: null }).map((r) => `${r.name} ${r.score}`);
  /** Ada's 40 (three hours old at NOW) and Bo's 30 (two hours old). */
  const seedAdaAndBo = () => {
    recordEntry(entry({ username: "Kept Bo", score: 30, createdAt: NOW - 2 * HOUR }));
    recordEntry(entry({ userId: "u-kept", username: "Kept Ada", score: 40, createdAt: NOW - 3 * HOUR }));
  };

  // Each test starts from empty boards and Ada's own name, whatever ran before it.
  beforeEach(() => {
    for (const table of ["daily_leaderboard_entries", "leaderboard_bests", "leaderboard_recent"])
      db.$client.prepare(`DELETE FROM ${table}`).run();
    db.$client.prepare(`UPDATE profiles SET username = 'Kept Ada' WHERE id = 'u-kept'`).run();
  });

  it("show a new score at the next read", () => {
    recordEntry(entry({ username: "Kept Bo", score: 30, createdAt: NOW - 2 * HOUR }));
    expect(board("daily")).toEqual(["Kept Bo 30"]);
    expect(board("all-time")).toEqual(["Kept Bo 30"]);
    recordEntry(entry({ userId: "u-kept", username: "Kept Ada", score: 40, createdAt: NOW - 3 * HOUR }));
    expect(board("daily")).toEqual(["Kept Ada 40", "Kept Bo 30"]);
    expect(board("all-time")).toEqual(["Kept Ada 40", "Kept Bo 30"]);
  });

  it("show a member's new name at once, and a change made by another connection", () => {
    seedAdaAndBo();
    expect(board("all-time")[0]).toBe("Kept Ada 40");
    db.$client.prepare(`UPDATE profiles SET username = 'Kept Ada Renamed' WHERE id = 'u-kept'`).run();
    expect(board("all-time")[0]).toBe("Kept Ada Renamed 40");
    expect(board("daily")).toEqual(["Kept Ada Renamed 40", "Kept Bo 30"]);
    other.prepare(`UPDATE daily_leaderboard_entries SET username = 'Kept Bo Too' WHERE username = 'Kept Bo'`).run();
    expect(board("daily")).toEqual(["Kept Ada Renamed 40", "Kept Bo Too 30"]);
  });

  it("drop a daily row when it leaves the 24 hours, with no write at all", () => {
    seedAdaAndBo();
    expect(board("daily", NOW)).toHaveLength(2);
    // Ada's row (3 hours old at NOW) leaves first, then Bo's (a row counts while it is at most 24 hours old).
    expect(board("daily", NOW + DAY_MS - 3 * HOUR)).toEqual(["Kept Ada 40", "Kept Bo 30"]);
    expect(board("daily", NOW + DAY_MS - 3 * HOUR + 1)).toEqual(["Kept Bo 30"]);
    expect(board("daily", NOW + DAY_MS - 2 * HOUR + 1)).toEqual([]);
    expect(board("all-time", NOW + DAY_MS)).toEqual(["Kept Ada 40", "Kept Bo 30"]);
  });
});
