import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { RunSpec } from "~/game";
import { ADDRESS_DAY_ROWS, ADDRESS_PLACES } from "~/models/address-places.server";
import {
  DAY_MS,
  challengeTop,
  claimAnonymousScores,
  dailyPanelRows,
  recordEntry,
  topPlayers,
  type NewEntry,
} from "~/models/leaderboard.server";
import { finishRun } from "~/runs/finish.server";
import { standingOf } from "~/runs/standing.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import { ADDRESS_CUT_NOTE } from "~/utils/address-places-texts";
import { addressKeyOf } from "~/utils/signing.server";
import { honestAnswers } from "./helpers";

/*
 * One address holds at most 5 places on a public board (docs/product.md#one-address-five-places; issue 26,
 * finding 2: 25 fresh cookies from one address filled the daily Normal top 20).
 */

const SCHOOL = "203.0.113.7";
const NORMAL_30: RunSpec = { mode: "solo", difficulty: "normal", operations: ["+", "-"], timeLimit: 30 };
let clock = Date.UTC(2026, 10, 24, 8, 0, 0);

/** Plays and saves a game with `right` right answers from `address`, a minute after the last one. */
async function play(player: Player, address: string | null, right: number): Promise<string> {
  clock += 60_000;
  vi.setSystemTime(clock);
  const run = issueRun(NORMAL_30, player);
  vi.setSystemTime(clock + 29_000);
  const checked = checkRunTicket(run.token, player);
  if (!checked.ok) throw new Error(checked.message);
  const finished = await finishRun({
    ticket: checked.ticket,
    answers: honestAnswers(run.ticket, right, { gapMs: 2_500 }),
    player,
    address,
  });
  if (!finished.ok) throw new Error(finished.message);
  return finished.runId;
}

const pupil = (n: number): Player => ({ kind: "anon", anonId: `school-pupil-${String(n).padStart(4, "0")}` });
const members = Array.from({ length: 15 }, (_, k): Player => ({
  kind: "member",
  userId: `places-member-${k}`,
  username: `Member ${k}`,
}));
const teacher: Player = { kind: "member", userId: "places-teacher", username: "Kind Heron" };

beforeAll(() => {
  db.insert(users)
    .values([...members, teacher, { userId: "places-claimer" }].map((m) => ({ id: (m as { userId: string }).userId })))
    .run();
});
afterEach(() => vi.useRealTimers());

// A story in steps on one board: the later steps read what the earlier ones played, so they keep their order even
// when the suite is shuffled (vitest.config.ts).
describe("25 fresh visitors from one address with the top scores (the finding)", { shuffle: false }, () => {
  const runs: string[] = [];
  beforeAll(async () => {
    // The story's board is Normal at every length: rows other tests wrote there first would take places in it.
    db.$client.prepare(`DELETE FROM daily_leaderboard_entries WHERE game_type = 'normal'`).run();
    for (const table of ["leaderboard_bests", "leaderboard_recent"])
      db.$client.prepare(`DELETE FROM ${table} WHERE board = 'normal'`).run();
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let n = 0; n < 25; n++) runs.push(await play(pupil(n), SCHOOL, 10));
    // A member at the same address counts by account, and real players elsewhere score less.
    await play(teacher, SCHOOL, 9);
    for (const [k, member] of members.entries()) await play(member, `198.51.100.${k}`, 8 - Math.floor(k / 3));
    vi.useRealTimers();
  });

  const anonymous = (rows: { name: string }[]) => rows.filter((r) => r.name === "Anonymous Player").length;

  it("leave the daily Normal top 20 with 5 of them and the real players", () => {
    for (const timeLimit of [null, 30] as const) {
      const rows = topPlayers({
        board: "normal",
        period: "daily",
        limit: 20,
        now: clock + 60_000,
        player: null,
        timeLimit,
      });
      expect(rows).toHaveLength(20);
      expect(anonymous(rows)).toBe(ADDRESS_PLACES);
      // The address's 5 best (the earliest of the tie), then the member from the same address, then the others.
      expect(rows.slice(0, 5).map((r) => r.score)).toEqual([10, 10, 10, 10, 10]);
      expect(rows[5]!.name).toBe("Kind Heron");
      expect(rows.slice(6).map((r) => r.name)).toEqual(
        members.slice(0, 14).map((m) => (m as { username: string }).username),
      );
    }
  });

  it("hold 5 places on the all-time board and the Daily Leaderboard panel (top 10) alike", () => {
    const allTime = topPlayers({ board: "normal", period: "all-time", limit: 20, now: clock, player: null });
    expect(anonymous(allTime)).toBe(ADDRESS_PLACES);
    expect(allTime.map((r) => r.name)).toContain("Member 13");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(clock + 60_000);
    const panel = dailyPanelRows(null);
    expect(panel).toHaveLength(10);
    expect(anonymous(panel)).toBe(ADDRESS_PLACES);
    expect(panel[5]!.name).toBe("Kind Heron");
  });

  it("show each of them their personal best, and the one cut where the score would have placed", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(clock + 60_000);
    const first = standingOf(runs[0]!, pupil(0));
    expect(first).toMatchObject({ score: 10, best: 10, rank: 1 });
    expect(first?.cut).toBeUndefined();
    // The sixth: five of the address's players are ahead with the same score, earlier.
    expect(standingOf(runs[5]!, pupil(5))).toMatchObject({
      score: 10,
      previousBest: null,
      best: 10,
      rank: 6,
      cut: ADDRESS_CUT_NOTE,
    });
    expect(standingOf(runs[24]!, pupil(24))).toMatchObject({ rank: 6, cut: ADDRESS_CUT_NOTE });
    // A member is never cut: the teacher's place counts the 5 shown ahead only.
    const teachers = topPlayers({ board: "normal", period: "daily", limit: 20, now: clock, player: teacher });
    expect(teachers.find((r) => r.mine)?.rank).toBe(6);
  });

  it("keep their personal bests: a cut player's next game is measured against their best", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const again = await play(pupil(7), SCHOOL, 4);
    expect(standingOf(again, pupil(7))).toMatchObject({ score: 4, previousBest: 10, best: 10, newBest: false });
  });
});

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const A = addressKeyOf("192.0.2.10")!;
const B = addressKeyOf("192.0.2.11")!;

function entry(overrides: Partial<NewEntry>): NewEntry {
  const score = overrides.score ?? 10;
  return {
    score,
    totalQuestions: score,
    accuracy: 100,
    gameType: "hard",
    username: null,
    userId: null,
    anonId: null,
    runId: null,
    createdAt: NOW - HOUR,
    ...overrides,
  };
}

const count = (query: string, ...args: unknown[]) =>
  (db.$client
    .prepare(query)
    .pluck()
    .get(...args) as number) ?? 0;

describe("an address's key", () => {
  it("is a keyed hash of the address, never the address, as a compact integer", () => {
    expect(addressKeyOf("192.0.2.10")).toBe(A);
    expect(A).not.toBe(B);
    expect(Number.isSafeInteger(A) && A >= 0 && A < 2 ** 48).toBe(true);
    expect(addressKeyOf(null)).toBeNull();
    expect(addressKeyOf("")).toBeNull();
  });
});

// Steps on shared boards: each step starts from the rows the ones before it wrote, so they keep their order.
describe("an address's places, kept as entries are written", { shuffle: false }, () => {
  it("are never more than 5 on a day's board, and the day keeps only its best 20 rows", () => {
    for (let i = 0; i < 300; i++) {
      recordEntry(entry({ anonId: `flood-${i}`, score: 30 + (i % 40), addressKey: A, createdAt: NOW - HOUR + i }));
    }
    recordEntry(entry({ anonId: "other-address", score: 5, addressKey: B }));
    const rows = topPlayers({ board: "hard", period: "daily", limit: 20, now: NOW, player: null });
    expect(rows.map((r) => r.score)).toEqual([69, 69, 69, 69, 69, 5]);
    expect(count(`SELECT count(*) FROM leaderboard_recent WHERE board = 'hard' AND address_key = ?`, A)).toBe(
      ADDRESS_DAY_ROWS,
    );
    // The all-time board keeps every visitor's best, the address's best 5 on it and the rest cut.
    expect(
      count(`SELECT count(*) FROM leaderboard_bests WHERE board = 'hard' AND address_key = ? AND cut = 0`, A),
    ).toBe(5);
    expect(count(`SELECT count(*) FROM leaderboard_bests WHERE board = 'hard' AND address_key = ?`, A)).toBe(300);
    const allTime = topPlayers({ board: "hard", period: "all-time", limit: 20, now: NOW, player: null });
    expect(allTime.map((r) => r.score)).toEqual([69, 69, 69, 69, 69, 5]);
  });

  it("refill a day's board from the address's next best when its best leave the 24 hours", () => {
    for (let i = 0; i < 5; i++) {
      recordEntry(
        entry({ gameType: "extreme", anonId: `early-${i}`, score: 20, addressKey: A, createdAt: NOW - 23 * HOUR }),
      );
    }
    for (let i = 0; i < 5; i++) {
      recordEntry(
        entry({ gameType: "extreme", anonId: `later-${i}`, score: 15, addressKey: A, createdAt: NOW - HOUR }),
      );
    }
    const board = (at: number) =>
      topPlayers({ board: "extreme", period: "daily", limit: 20, now: at, player: null }).map((r) => r.score);
    expect(board(NOW)).toEqual([20, 20, 20, 20, 20]);
    // Kept until the first row ages out (decision 0035), then read again: the later five take the places.
    expect(board(NOW + 2 * HOUR)).toEqual([15, 15, 15, 15, 15]);
  });

  it("go to the next best when one of the 5 signs up (a member counts by account)", () => {
    recordEntry(entry({ gameType: "normal", timeLimit: 120, anonId: "claimer", score: 50, addressKey: B }));
    for (let i = 0; i < 6; i++) {
      recordEntry(entry({ gameType: "normal", timeLimit: 120, anonId: `mate-${i}`, score: 40 - i, addressKey: B }));
    }
    const tab = () =>
      topPlayers({ board: "normal", period: "all-time", limit: 20, now: NOW, player: null, timeLimit: 120 }).map(
        (r) => `${r.name} ${r.score}`,
      );
    expect(tab()).toEqual(["Anonymous Player 50", ...[40, 39, 38, 37].map((s) => `Anonymous Player ${s}`)]);
    claimAnonymousScores("claimer", { userId: "places-claimer", username: "Bold Otter" });
    expect(tab()).toEqual(["Bold Otter 50", ...[40, 39, 38, 37, 36].map((s) => `Anonymous Player ${s}`)]);
  });

  it("go to the next best when a visitor's best moves to another address (a pupil playing at home)", () => {
    const C = addressKeyOf("192.0.2.12")!;
    for (let i = 0; i < 6; i++) {
      recordEntry(entry({ gameType: "normal", timeLimit: 300, anonId: `mover-${i}`, score: 60 - i, addressKey: C }));
    }
    const tab = () =>
      topPlayers({ board: "normal", period: "all-time", limit: 20, now: NOW, player: null, timeLimit: 300 }).map(
        (r) => r.score,
      );
    expect(tab()).toEqual([60, 59, 58, 57, 56]);
    recordEntry(entry({ gameType: "normal", timeLimit: 300, anonId: "mover-0", score: 61, addressKey: B }));
    expect(tab()).toEqual([61, 59, 58, 57, 56, 55]);
  });

  it("are 5 entries on a daily challenge's board (top 10), the next best taking a place one leaves", () => {
    const challenge = "places-challenge";
    for (let i = 0; i < 12; i++) {
      recordEntry(
        entry({ gameType: challenge, anonId: i === 0 ? "challenge-claimer" : `c-${i}`, score: 30 - i, addressKey: A }),
      );
    }
    recordEntry(entry({ gameType: challenge, anonId: "c-elsewhere", score: 1, addressKey: B }));
    const top = () => challengeTop({ challengeId: challenge, player: null }).map((r) => r.score);
    expect(top()).toEqual([30, 29, 28, 27, 26, 1]);
    claimAnonymousScores("challenge-claimer", { userId: "places-claimer", username: "Bold Otter" });
    expect(top()).toEqual([30, 29, 28, 27, 26, 25, 1]);
  });

  it("are a board's read kept until the next write: a better game from the address changes it at once", () => {
    const read = () => topPlayers({ board: "hard", period: "daily", limit: 20, now: NOW, player: null });
    expect(read()[0]!.score).toBe(69);
    recordEntry(entry({ anonId: "late-best", score: 99, addressKey: A, createdAt: NOW - 1 }));
    expect(read().map((r) => r.score)).toEqual([99, 69, 69, 69, 69, 5]);
  });

  it("are what a reference makes of every game, whatever order many players at a few addresses play in", () => {
    const addresses = ["198.51.100.1", "198.51.100.2", "198.51.100.3"].map((a) => addressKeyOf(a)!);
    let seed = 27;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    type Game = { id: number; player: string; address: number; score: number; accuracy: number; createdAt: number };
    const games: Game[] = [];
    for (let i = 0; i < 600; i++) {
      const game = {
        player: `reference-${random(60)}`,
        address: addresses[random(addresses.length)]!,
        score: 10 + random(12),
        accuracy: 90 + random(3) * 5,
        createdAt: NOW - 2 * HOUR + i * 1_000,
      };
      const id = recordEntry(
        entry({
          gameType: "extreme",
          timeLimit: 120,
          anonId: game.player,
          addressKey: game.address,
          score: game.score,
          totalQuestions: 30,
          accuracy: game.accuracy,
          createdAt: game.createdAt,
        }),
      );
      games.push({ ...game, id });
    }
    const ahead = (a: Game, b: Game) =>
      a.score - b.score || a.accuracy - b.accuracy || b.createdAt - a.createdAt || b.id - a.id;
    const best = new Map<string, Game>();
    for (const game of games) {
      const before = best.get(game.player);
      if (!before || ahead(game, before) > 0) best.set(game.player, game);
    }
    for (const [board, address] of ["extreme", "extreme:120"].flatMap((b) => addresses.map((a) => [b, a] as const))) {
      const bests = [...best.values()].filter((g) => g.address === address).sort((a, b) => ahead(b, a));
      const cutOf = db.$client
        .prepare(`SELECT entry_id, cut FROM leaderboard_bests WHERE board = ? AND address_key = ?`)
        .raw()
        .all(board, address) as [number, number][];
      expect(new Map(cutOf)).toEqual(new Map(bests.map((g, k) => [g.id, k < ADDRESS_PLACES ? 0 : 1])));
      const dayRows = db.$client
        .prepare(`SELECT entry_id FROM leaderboard_recent WHERE board = ? AND address_key = ?`)
        .pluck()
        .all(board, address) as number[];
      const bestDay = games.filter((g) => g.address === address).sort((a, b) => ahead(b, a));
      expect(dayRows.sort((a, b) => a - b)).toEqual(
        bestDay
          .slice(0, ADDRESS_DAY_ROWS)
          .map((g) => g.id)
          .sort((a, b) => a - b),
      );
    }
  });

  it("are kept off the indexes made for them, with no sort and no table lookup on the boards' walks", () => {
    const plan = (query: string, ...args: unknown[]) =>
      (db.$client.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...args) as { detail: string }[])
        .map((r) => r.detail)
        .join("\n");
    const bests = plan(
      `SELECT rowid, cut, score, accuracy, created_at FROM leaderboard_bests WHERE board = ? AND address_key = ?
       ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT 6`,
      "hard",
      A,
    );
    expect(bests).toContain("COVERING INDEX leaderboard_bests_address");
    const day = plan(
      `SELECT rowid FROM leaderboard_recent WHERE board = ? AND address_key = ? AND created_at >= ?
       ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT -1 OFFSET 20`,
      "hard",
      A,
      NOW - DAY_MS,
    );
    expect(day).toContain("INDEX leaderboard_recent_address");
    const dayBound = plan(
      `SELECT score, accuracy, created_at FROM leaderboard_recent WHERE board = ? AND address_key = ? AND created_at >= ?
       ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT 1 OFFSET 19`,
      "hard",
      A,
      NOW - DAY_MS,
    );
    expect(dayBound).toContain("COVERING INDEX leaderboard_recent_address");
    const entries = plan(
      `SELECT id, board_cut FROM daily_leaderboard_entries WHERE game_type = ? AND address_key = ?
       ORDER BY score DESC, created_at ASC LIMIT 6`,
      "places-challenge",
      A,
    );
    expect(entries).toContain("COVERING INDEX leaderboard_entries_address");
    const challenge = plan(
      `SELECT id FROM daily_leaderboard_entries WHERE game_type = ? AND board_cut = 0
       ORDER BY score DESC, created_at ASC LIMIT 10`,
      "places-challenge",
    );
    expect(challenge).toContain("COVERING INDEX leaderboard_entries_challenge");
    for (const p of [bests, day, dayBound, entries, challenge]) expect(p).not.toContain("TEMP B-TREE");
  });
});
