import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { RunSpec } from "~/game";
import { recordEntry } from "~/models/leaderboard.server";
import { CUTOFF_TRUSTED_MS, RANK_COUNTED_TO, RANK_ROWS_READ, runStanding } from "~/models/standing.server";
import { finishRun } from "~/runs/finish.server";
import { dailySpec } from "~/runs/daily.server";
import { standingOf } from "~/runs/standing.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import { honestAnswers } from "./helpers";

/*
 * Where a finished game stands (docs/product.md#personal-best-and-place): the player's best before it on the same
 * kind of game, a new best when beaten, and the place reached on the day's board of its length.
 */

const visitor: Player = { kind: "anon", anonId: "standing-visitor-0001" };
const other: Player = { kind: "anon", anonId: "standing-visitor-0002" };
const member: Player = { kind: "member", userId: "standing-user", username: "Brave Lynx" };
const HARD_30: RunSpec = { mode: "solo", difficulty: "hard", operations: ["+", "-"], timeLimit: 30 };
let clock = Date.UTC(2026, 10, 23, 9, 0, 0);

/** Plays and saves a run with `right` right answers, a minute after the last one. */
async function play(player: Player, spec: RunSpec, right: number): Promise<string> {
  clock += 60_000;
  vi.setSystemTime(clock);
  const run = issueRun(spec, player);
  vi.setSystemTime(clock + 29_000);
  const checked = checkRunTicket(run.token, player);
  if (!checked.ok) throw new Error(checked.message);
  const finished = await finishRun({
    ticket: checked.ticket,
    answers: honestAnswers(run.ticket, right, { gapMs: 2_500 }),
    player,
  });
  if (!finished.ok) throw new Error(finished.message);
  return finished.runId;
}

beforeAll(() => {
  db.insert(users).values({ id: "standing-user", email: "lynx@example.org" }).run();
});
// Each test starts from empty boards and no games, whatever ran before it.
beforeEach(() => {
  for (const table of ["daily_leaderboard_entries", "leaderboard_bests", "leaderboard_recent", "game_runs"])
    db.$client.prepare(`DELETE FROM ${table}`).run();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

describe("a finished game's standing", () => {
  it("is a first best, then a best kept, then a new best beating the old one", async () => {
    const first = await play(visitor, HARD_30, 4);
    expect(standingOf(first, visitor)).toMatchObject({
      score: 4,
      previousBest: null,
      best: 4,
      newBest: false,
      board: { board: "hard", time: 30 },
    });
    expect(standingOf(await play(visitor, HARD_30, 3), visitor)).toMatchObject({
      previousBest: 4,
      best: 4,
      newBest: false,
    });
    expect(standingOf(await play(visitor, HARD_30, 6), visitor)).toMatchObject({
      previousBest: 4,
      best: 6,
      newBest: true,
    });
    // Looked at again later, a game keeps its own standing: only earlier games count as its "before".
    expect(standingOf(first, visitor)).toMatchObject({ previousBest: null, newBest: false });
  });

  it("compares only the same kind of game: difficulty and length", async () => {
    const longer = await play(visitor, { ...HARD_30, timeLimit: 120 }, 2);
    expect(standingOf(longer, visitor)).toMatchObject({ previousBest: null, board: { board: "hard", time: 120 } });
    const normal = await play(visitor, { ...HARD_30, difficulty: "normal" }, 2);
    expect(standingOf(normal, visitor)).toMatchObject({ previousBest: null, board: { board: "normal", time: 30 } });
  });

  it("places the game on the day's board of its length, one row per player", async () => {
    // Another visitor's better game on the same board; a member's worse one.
    await play(other, HARD_30, 9);
    await play(other, HARD_30, 8);
    await play(member, HARD_30, 1);
    const mine = await play(visitor, HARD_30, 5);
    expect(standingOf(mine, visitor)).toMatchObject({ rank: 2 });
    const theirs = standingOf(await play(member, HARD_30, 2), member);
    expect(theirs).toMatchObject({ previousBest: 1, newBest: true, rank: 3 });
  });

  it("places a daily challenge game on the challenge's board", async () => {
    const spec = dailySpec();
    const runId = await play(visitor, spec, 3);
    expect(standingOf(runId, visitor)).toMatchObject({ score: 3, previousBest: null, rank: 1, board: null });
    const again = standingOf(await play(other, spec, 2), other);
    expect(again).toMatchObject({ rank: 2 });
  });

  it("is nobody else's: another player, nobody, or a pupil learn nothing", async () => {
    const runId = await play(visitor, HARD_30, 2);
    expect(standingOf(runId, other)).toBeNull();
    expect(standingOf(runId, null)).toBeNull();
    expect(standingOf(runId, { kind: "student", studentId: "s-1" } as Player)).toBeNull();
    expect(standingOf("no-such-run", visitor)).toBeNull();
  });

  it("is not counted far down a crowded board", async () => {
    const at = clock + 30_000;
    for (let i = 0; i < RANK_COUNTED_TO + 5; i++) {
      recordEntry({
        score: 50,
        totalQuestions: 50,
        accuracy: 100,
        gameType: "extreme",
        username: null,
        userId: null,
        anonId: `crowd-${i}`,
        runId: null,
        timeLimit: 60,
        createdAt: at,
      });
    }
    const runId = await play(visitor, { mode: "solo", difficulty: "extreme", operations: ["+"], timeLimit: 60 }, 1);
    const standing = runStanding(runId, visitor, clock + 30_000);
    expect(standing).toMatchObject({ score: 1, rank: null });
  });
});

describe("a busy board's cut-off", () => {
  it("tells no place below the row RANK_ROWS_READ places down, without counting, and still counts above it", async () => {
    const at = clock + 30_000;
    // More rows today than are ever read: RANK_ROWS_READ + 5 games scoring 3, each by a different visitor.
    db.transaction(() => {
      for (let i = 0; i < RANK_ROWS_READ + 5; i++) {
        recordEntry({
          score: 3,
          totalQuestions: 3,
          accuracy: 100,
          gameType: "normal",
          username: null,
          userId: null,
          anonId: `busy-${i}`,
          runId: null,
          timeLimit: 120,
          createdAt: at,
        });
      }
    });
    const spec: RunSpec = { mode: "solo", difficulty: "normal", operations: ["+"], timeLimit: 120 };
    const below = await play(visitor, spec, 2);
    expect(runStanding(below, visitor, clock + 30_000)).toMatchObject({ score: 2, rank: null });
    // Above the cut-off the place is counted as ever: first, ahead of every game scoring 3.
    const above = await play(other, spec, 4);
    expect(runStanding(above, other, clock + 30_000 + CUTOFF_TRUSTED_MS * 2)).toMatchObject({ score: 4, rank: 1 });
  });

  it("is read off the ranking index backwards, with no sort", () => {
    const plan = (
      db.$client
        .prepare(
          `EXPLAIN QUERY PLAN SELECT score, accuracy FROM leaderboard_recent
           WHERE board = 'normal:120' AND created_at >= 0 ORDER BY score DESC, accuracy DESC LIMIT 1 OFFSET 4999`,
        )
        .all() as { detail: string }[]
    )
      .map((row) => row.detail)
      .join("\n");
    expect(plan).toContain("leaderboard_recent_rank");
    expect(plan).not.toContain("TEMP B-TREE");
  });
});

describe("the place's count", () => {
  it("is read off the day's ranking index, never the whole table", () => {
    const plan = (
      db.$client
        .prepare(
          `EXPLAIN QUERY PLAN SELECT player_key, address_key FROM leaderboard_recent
           WHERE board = 'hard:30' AND created_at >= 0 AND player_key <> 'x'
             AND (score > 5 OR (score = 5 AND (accuracy > 50 OR (accuracy = 50 AND created_at < 9))))
           ORDER BY score DESC, accuracy DESC, created_at ASC LIMIT 5000`,
        )
        .all() as { detail: string }[]
    )
      .map((row) => row.detail)
      .join("\n");
    expect(plan).toContain("COVERING INDEX leaderboard_recent_rank");
    expect(plan).not.toContain("TEMP B-TREE");
  });
});
