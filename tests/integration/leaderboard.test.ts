import { beforeAll, describe, expect, it } from "vitest";
import type { Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import {
  DAY_MS,
  PRUNE_PER_ENTRY,
  RECENT_KEEP_MS,
  boardOf,
  challengeEntryIds,
  challengeTop,
  deleteAgedRecentRows,
  displayName,
  playerKeyOf,
  readChallengeTop,
  readTopPlayers,
  recordEntry,
  topEntryIds,
  topPlayers,
  type NewEntry,
} from "~/models/leaderboard.server";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;

function entry(overrides: Partial<NewEntry>): NewEntry {
  const score = overrides.score ?? 10;
  const totalQuestions = overrides.totalQuestions ?? score;
  return {
    score,
    totalQuestions,
    accuracy: totalQuestions ? Math.round((score / totalQuestions) * 100) : 0,
    gameType: "normal",
    username: null,
    userId: null,
    anonId: null,
    runId: null,
    createdAt: NOW - HOUR,
    ...overrides,
  };
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(() => {
  db.insert(users)
    .values([{ id: "u-ada" }, { id: "u-bo" }])
    .run();
});

describe("player identity on the boards", () => {
  it("keys by user id, else the anonymous-player id, else a real username, else the entry", () => {
    expect(playerKeyOf({ userId: "u1", username: "Ada" }, 5)).toBe("u:u1");
    expect(playerKeyOf({ userId: null, username: "Ada" }, 5)).toBe("n:Ada");
    expect(playerKeyOf({ userId: null, username: "" }, 5)).toBe("e:5");
    expect(playerKeyOf({ userId: null, username: "Anonymous" }, 5)).toBe("e:5");
    expect(playerKeyOf({ userId: null, username: null }, 5)).toBe("e:5");
    expect(playerKeyOf({ userId: null, username: null, anonId: "browser-1" }, 5)).toBe("a:browser-1");
    expect(playerKeyOf({ userId: "u1", username: null, anonId: "browser-1" }, 5)).toBe("u:u1");
  });

  it("shows anonymous rows as 'Anonymous Player'", () => {
    expect(displayName(null)).toBe("Anonymous Player");
    expect(displayName("")).toBe("Anonymous Player");
    expect(displayName("  ")).toBe("Anonymous Player");
    expect(displayName("Anonymous")).toBe("Anonymous Player");
    expect(displayName("Ada")).toBe("Ada");
  });

  it("maps the legacy 'standard' game type to the normal board", () => {
    expect(boardOf("standard")).toBe("normal");
    expect(boardOf("normal")).toBe("normal");
    expect(boardOf("extreme")).toBe("extreme");
    expect(boardOf("even-steven")).toBeNull();
  });
});

describe("ranking", () => {
  const hard = (o: Partial<NewEntry>) => recordEntry(entry({ gameType: "hard", ...o }));
  const me: Player = { kind: "anon", anonId: "me-anon-0000000000" };
  let cyEarlier = 0;

  beforeAll(() => {
    hard({ userId: "u-ada", username: "Ada", score: 20, totalQuestions: 25, createdAt: NOW - 3 * HOUR });
    hard({ userId: "u-ada", username: "Ada", score: 30, totalQuestions: 30, createdAt: NOW - 2 * HOUR }); // Ada's best
    hard({ userId: "u-ada", username: "Ada renamed", score: 12, totalQuestions: 12, createdAt: NOW - 2 * DAY_MS }); // old
    hard({ userId: "u-bo", username: "Bo", score: 30, totalQuestions: 32, createdAt: NOW - 4 * HOUR }); // same score, lower accuracy
    cyEarlier = hard({ username: "Cy", score: 25, totalQuestions: 25, createdAt: NOW - 5 * HOUR });
    hard({ username: "Cy", score: 25, totalQuestions: 25, createdAt: NOW - 1 * HOUR }); // tie: earlier stays
    hard({ anonId: me.anonId, score: 22, totalQuestions: 23, createdAt: NOW - 30 * 60_000 });
    hard({ anonId: me.anonId, score: 21, totalQuestions: 23, createdAt: NOW - 20 * 60_000 }); // one browser, one row
    hard({ score: 5, totalQuestions: 9, createdAt: NOW - 10 * 60_000 }); // no name, no id: the entry is its player
    hard({ username: "Old Timer", score: 40, totalQuestions: 40, createdAt: NOW - 3 * DAY_MS }); // all-time only
  });

  it("ranks the last 24 hours by score, then accuracy, then earliest, one row per player", () => {
    const rows = topPlayers({ board: "hard", period: "daily", limit: 20, now: NOW, player: me });
    expect(names(rows)).toEqual(["Ada", "Bo", "Cy", "Anonymous Player", "Anonymous Player"]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.map((r) => r.mine)).toEqual([false, false, false, true, false]);
    expect(rows[3]!.score).toBe(22);
    expect(topEntryIds({ board: "hard", period: "daily", limit: 20, now: NOW })[2]).toBe(cyEarlier);
  });

  it("ranks all time from each player's best", () => {
    const rows = topPlayers({ board: "hard", period: "all-time", limit: 20, now: NOW, player: null });
    expect(names(rows)).toEqual(["Old Timer", "Ada", "Bo", "Cy", "Anonymous Player", "Anonymous Player"]);
    expect(rows.map((r) => r.score)).toEqual([40, 30, 30, 25, 22, 5]);
    expect(rows.every((r) => !r.mine)).toBe(true);
  });

  it("always returns the true top N distinct players", () => {
    for (let i = 0; i < 30; i++)
      recordEntry(entry({ gameType: "extreme", userId: "u-ada", username: "Ada", score: 50 + i }));
    for (let i = 0; i < 25; i++) recordEntry(entry({ gameType: "extreme", username: `P${i}`, score: 10 + i }));
    for (const period of ["daily", "all-time"] as const) {
      const rows = topPlayers({ board: "extreme", period, limit: 20, now: NOW, player: null });
      expect(rows).toHaveLength(20);
      expect(rows[0]).toMatchObject({ name: "Ada", score: 79 });
      expect(new Set(names(rows)).size).toBe(20);
      expect(rows[19]).toMatchObject({ name: "P6", score: 16 });
    }
  });

  it("puts legacy 'standard' entries on the normal board", () => {
    recordEntry(entry({ gameType: "standard", username: "Legacy", score: 99 }));
    recordEntry(entry({ gameType: "normal", username: "Fresh", score: 98 }));
    for (const period of ["daily", "all-time"] as const) {
      expect(names(topPlayers({ board: "normal", period, limit: 2, now: NOW, player: null }))).toEqual([
        "Legacy",
        "Fresh",
      ]);
    }
  });

  it("lists a daily challenge by score then earliest, without collapsing players", () => {
    const later = recordEntry(
      entry({ gameType: "speed-demon", username: "Ada", score: 15, createdAt: NOW - 2 * HOUR }),
    );
    const earlier = recordEntry(
      entry({ gameType: "speed-demon", username: "Ada", score: 15, createdAt: NOW - 3 * HOUR }),
    );
    const bo = recordEntry(entry({ gameType: "speed-demon", username: "Bo", score: 20, createdAt: NOW - 90 * DAY_MS }));
    expect(challengeEntryIds("speed-demon", 10)).toEqual([bo, earlier, later]);
    const rows = challengeTop({ challengeId: "speed-demon", limit: 10, player: null });
    expect(rows.map((r) => [r.rank, r.name, r.score])).toEqual([
      [1, "Bo", 20],
      [2, "Ada", 15],
      [3, "Ada", 15],
    ]);
    expect(challengeTop({ challengeId: "teen-trouble", limit: 10, player: null })).toEqual([]);
  });

  it("reads the same rows from the database as are kept (readTopPlayers, readChallengeTop: the bench's reads)", () => {
    for (const period of ["daily", "all-time"] as const) {
      const query = { board: "hard" as const, period, limit: 20, now: NOW, player: me };
      expect(readTopPlayers(query)).toEqual(topPlayers(query));
    }
    const challenge = { challengeId: "speed-demon", limit: 10, player: null };
    expect(readChallengeTop(challenge)).toEqual(challengeTop(challenge));
  });
});

describe("time tabs (docs/decisions/0025-board-time-tabs.md)", () => {
  const normal = (o: Partial<NewEntry>) => recordEntry(entry({ gameType: "normal", ...o }));
  // This block's players only: the other blocks of this file write to the same boards, in any order.
  const board = (timeLimit: 30 | 60 | 120 | 300 | null, period: "daily" | "all-time" = "daily") =>
    topPlayers({ board: "normal", period, limit: 200, now: NOW, player: null, timeLimit })
      .filter((r) => r.name.startsWith("Tab "))
      .map((r) => [r.name, r.score]);

  beforeAll(() => {
    normal({ username: "Tab Ada", score: 60, timeLimit: 300, createdAt: NOW - 3 * HOUR }); // best overall
    normal({ username: "Tab Ada", score: 14, timeLimit: 30, createdAt: NOW - 2 * HOUR });
    normal({ username: "Tab Bo", score: 16, timeLimit: 30, createdAt: NOW - 2 * HOUR });
    normal({ username: "Tab Bo", score: 15, timeLimit: 30, createdAt: NOW - HOUR }); // one row per player
    normal({ username: "Tab Cy", score: 30, timeLimit: 60, createdAt: NOW - 2 * DAY_MS }); // all-time only
    normal({ username: "Tab Old", score: 70, createdAt: NOW - HOUR }); // no time limit known: "All" only
  });

  it("rank only the games of that length, each player's best of them", () => {
    expect(board(30)).toEqual([
      ["Tab Bo", 16],
      ["Tab Ada", 14],
    ]);
    expect(board(300)).toEqual([["Tab Ada", 60]]);
    expect(board(60)).toEqual([]);
    expect(board(60, "all-time")).toEqual([["Tab Cy", 30]]);
    expect(board(120, "all-time")).toEqual([]);
  });

  it("leave 'All' as it was: every game, one row per player", () => {
    expect(board(null)).toEqual([
      ["Tab Old", 70],
      ["Tab Ada", 60],
      ["Tab Bo", 16],
    ]);
  });

  it("are each read off the ranking index alone, like 'All' (no table lookup per row)", () => {
    const plan = (query: string, ...args: unknown[]) =>
      (db.$client.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...args) as { detail: string }[])
        .map((r) => r.detail)
        .join("\n");
    const daily = plan(
      `SELECT entry_id, player_key, created_at, address_key FROM leaderboard_recent WHERE board = ? AND created_at >= ?
       ORDER BY score DESC, accuracy DESC, created_at ASC`,
      "normal:30",
      NOW - DAY_MS,
    );
    expect(daily).toContain("COVERING INDEX leaderboard_recent_rank");
    expect(daily).not.toContain("TEMP B-TREE");
    const allTime = plan(
      `SELECT entry_id FROM leaderboard_bests WHERE board = ? AND cut = 0
       ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT 20`,
      "normal:30",
    );
    expect(allTime).toContain("COVERING INDEX leaderboard_bests_rank");
    expect(allTime).not.toContain("TEMP B-TREE");
  });
});

describe("the recent table's window", () => {
  const agedRows = (at: number) =>
    (
      db.$client
        .prepare(`SELECT count(*) AS n FROM leaderboard_recent WHERE created_at < ?`)
        .get(at - RECENT_KEEP_MS) as {
        n: number;
      }
    ).n;
  const recentNames = () =>
    (
      db.$client
        .prepare(
          `SELECT DISTINCT e.username AS name FROM leaderboard_recent r JOIN daily_leaderboard_entries e ON e.id = r.entry_id
           WHERE e.username LIKE 'Window %'`,
        )
        .all() as { name: string }[]
    ).map((row) => row.name);

  it("a new entry trims only a few aged rows, so the first game after a long pause does not pay for the backlog", () => {
    // Forty games from two days ago, then a pause: none of them is past its window when it is recorded.
    for (let i = 0; i < 40; i++) {
      recordEntry(entry({ username: `Window gone ${i}`, timeLimit: 60, createdAt: NOW - 2 * DAY_MS - i }));
    }
    recordEntry(entry({ username: "Window edge", createdAt: NOW - RECENT_KEEP_MS + 60_000 }));
    const backlog = agedRows(NOW);
    expect(backlog).toBeGreaterThanOrEqual(80);

    recordEntry(entry({ username: "Window back", createdAt: NOW }));
    expect(agedRows(NOW)).toBe(backlog - PRUNE_PER_ENTRY);

    // The rest goes in batches (the hourly housekeeping), and only what has left the window.
    let trimmed = 0;
    for (let batch = deleteAgedRecentRows(NOW, 25); batch > 0; batch = deleteAgedRecentRows(NOW, 25)) {
      expect(batch).toBeLessThanOrEqual(25);
      trimmed += batch;
    }
    expect(trimmed).toBe(backlog - PRUNE_PER_ENTRY);
    expect(agedRows(NOW)).toBe(0);
    expect(recentNames().sort()).toEqual(["Window back", "Window edge"]);
    // The entries themselves and the all-time bests stay.
    expect(names(topPlayers({ board: "normal", period: "all-time", limit: 200, now: NOW, player: null }))).toEqual(
      expect.arrayContaining(["Window gone 0", "Window gone 39"]),
    );
  });
});
