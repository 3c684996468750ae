import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leaderboardEntries } from "~/db/schema";
import { DAILY_CHALLENGES, type RunSpec } from "~/game";
import { decideHeldRun, listHeldRuns } from "~/models/review.server";
import { getRunResult } from "~/models/runs.server";
import { HUMAN_PROFILES } from "../../bench/lib/fair-play-corpus";
import { HOLDOUT_PROFILES } from "../../bench/lib/fair-play-holdout";
import {
  boardsOf,
  boardsUnderAttack,
  finishOnServer,
  personAnswers,
  scriptAnswers,
  visitor,
} from "../../bench/lib/board-sim";

/*
 * The top places wait for a person (docs/decisions/0070-top-places-checked-by-a-person.md): the script of issue 43,
 * which reads the rules and pre-checks every run with our own judge, plays every board and the daily challenge from
 * one and many cookies, members and addresses, and never shows in a public top 3 an admin has not approved. Seeded;
 * bench/fair-play.bench.ts plays more runs.
 */

const solo = (difficulty: "easy" | "normal" | "hard" | "extreme", timeLimit: number): RunSpec => ({
  mode: "solo",
  difficulty,
  operations: ["+", "-", "*", "/"],
  timeLimit,
});

const onBoard = (runId: string) =>
  db.select({ n: count() }).from(leaderboardEntries).where(eq(leaderboardEntries.runId, runId)).get()!.n === 1;

describe("a top score waits for a person", { shuffle: false }, () => {
  const spec = solo("hard", 30);
  const elite = HUMAN_PROFILES.find((p) => p.name === "adult, elite")!;

  it("goes on no board until an admin approves it, and its player sees it at once", async () => {
    const player = visitor("top-first");
    const done = await finishOnServer(spec, { player, address: "10.9.0.1" }, personAnswers(elite));
    if ("refused" in done) throw new Error(done.refused);
    expect(done.held).toBe(true);
    expect(onBoard(done.runId)).toBe(false);
    for (const board of boardsOf(spec)) expect(board.shown().map((r) => r.runId)).not.toContain(done.runId);
    expect(getRunResult(done.runId, player)).toMatchObject({ review: "held", summary: { score: done.score } });
    expect(listHeldRuns({ limit: 50 }).find((r) => r.runId === done.runId)?.info.reasons).toEqual(["top-place"]);

    expect(decideHeldRun(done.runId, "release")).toBe(true);
    expect(onBoard(done.runId)).toBe(true);
    for (const board of boardsOf(spec)) expect(board.shown()[0]?.runId).toBe(done.runId);
  });

  it("a score at or below the open score goes up at once, even on an empty board", async () => {
    const slow = HOLDOUT_PROFILES.find((p) => p.name === "age 7, counting on")!;
    const done = await finishOnServer(
      solo("extreme", 300),
      { player: visitor("top-slow"), address: "10.9.0.2" },
      personAnswers(slow),
    );
    if ("refused" in done) throw new Error(done.refused);
    expect(done.score).toBeLessThanOrEqual(100);
    expect(done.held).toBe(false);
    expect(onBoard(done.runId)).toBe(true);
  });

  it("a top score waiting does not make its player's next runs wait (it is no hold for pace)", async () => {
    const player = visitor("top-next");
    const first = await finishOnServer(solo("easy", 30), { player, address: "10.9.0.3" }, personAnswers(elite));
    if ("refused" in first) throw new Error(first.refused);
    expect(first.held).toBe(true);
    const typical = HUMAN_PROFILES.find((p) => p.name === "child 7-8, typical")!;
    const next = await finishOnServer(solo("easy", 30), { player, address: "10.9.0.3" }, personAnswers(typical));
    expect(next).toMatchObject({ held: false });
  });
});

describe("the script of issue 43 on every board and the daily challenge", () => {
  it("never shows in a public top 3 without a person's approval, from any sender", async () => {
    const specs = [
      { name: "normal 60 s", spec: solo("normal", 60) },
      { name: "extreme 30 s", spec: solo("extreme", 30) },
      ...DAILY_CHALLENGES.slice(0, 2).map((c) => ({
        name: c.id,
        spec: { mode: "daily", challengeId: c.id } as RunSpec,
      })),
    ];
    const report = await boardsUnderAttack({
      tag: "it43",
      specs,
      people: HUMAN_PROFILES,
      peopleRuns: 3,
      scriptRuns: 3,
    });
    // Every run it sent passed the pace rules (it pre-checks them) and none was refused.
    expect(report.script.refused).toBe(0);
    for (const [board, { scriptBest }] of Object.entries(report.boards)) {
      expect({ board, rank: scriptBest?.rank ?? Infinity }).toEqual({ board, rank: expect.any(Number) });
      if (scriptBest)
        expect({ board, rank: scriptBest.rank }).toEqual({ board, rank: expect.toSatisfy((r: number) => r > 3) });
    }
    expect(report.people.refused).toBe(0);
  });
});
