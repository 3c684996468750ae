import type { Statement } from "better-sqlite3";
import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import { playerColumns, type Player } from "./player.server";
import { db } from "~/db/client.server";
import { gameRuns, profiles } from "~/db/schema";
import { recordEntry } from "./leaderboard.server";
import type { HeldRunInfo } from "./runs.server";

/*
 * Runs held off the boards for their pace (docs/decisions/0024-human-pace.md): the review queue, oldest first,
 * and an admin's decision. A released run gets the leaderboard entry it would have had; a rejected one never does.
 */

export type HeldRun = {
  runId: string;
  mode: string;
  gameType: string;
  /** A member's public name now, or null for a visitor (shown as an anonymous player with a short id). */
  memberName: string | null;
  anonId: string | null;
  /** A pupil's live game held off its podium (docs/product.md#live-game): a release writes no board entry. */
  studentId: string | null;
  score: number;
  totalQuestions: number;
  accuracy: number;
  finishedAt: number;
  info: HeldRunInfo;
};

/** What the queue shows of a held run and what a release needs (joined with the member's profile for the name). */
const HELD_RUN_FIELDS = {
  runId: gameRuns.id,
  gameType: gameRuns.gameType,
  memberName: profiles.username,
  anonId: gameRuns.anonId,
  studentId: gameRuns.studentId,
  score: gameRuns.score,
  totalQuestions: gameRuns.totalQuestions,
  accuracy: gameRuns.accuracy,
  finishedAt: gameRuns.finishedAt,
  info: gameRuns.reviewInfo,
};

/** Held runs, oldest first, a page at a time: `after` is the last run of the page before. */
export function listHeldRuns({
  limit,
  after,
}: {
  limit: number;
  after?: { finishedAt: number; runId: string };
}): HeldRun[] {
  const rows = db
    .select({ ...HELD_RUN_FIELDS, mode: gameRuns.mode })
    .from(gameRuns)
    .leftJoin(profiles, eq(profiles.id, gameRuns.userId))
    .where(
      and(
        eq(gameRuns.review, "held"),
        after
          ? or(
              gt(gameRuns.finishedAt, after.finishedAt),
              and(eq(gameRuns.finishedAt, after.finishedAt), gt(gameRuns.id, after.runId)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(gameRuns.finishedAt), asc(gameRuns.id))
    .limit(limit)
    .all();
  return rows.map((row) => ({ ...row, info: row.info as HeldRunInfo }));
}

/** One held run, or undefined when it was decided or never held (the Reject step checks it first). */
export function findHeldRun(runId: string): HeldRun | undefined {
  const row = db
    .select({ ...HELD_RUN_FIELDS, mode: gameRuns.mode })
    .from(gameRuns)
    .leftJoin(profiles, eq(profiles.id, gameRuns.userId))
    .where(and(eq(gameRuns.id, runId), eq(gameRuns.review, "held")))
    .get();
  return row ? { ...row, info: row.info as HeldRunInfo } : undefined;
}

export function countHeldRuns(): number {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(gameRuns)
    .where(eq(gameRuns.review, "held"))
    .get()!.n;
}

export type ReviewDecision = "release" | "reject";

/**
 * Decides a held run once: a release writes its leaderboard entry (under the member's public name of today, at the
 * time it was played) in the same transaction. Returns false when the run is not held (decided already, or gone).
 */
export function decideHeldRun(runId: string, decision: ReviewDecision): boolean {
  return db.transaction(() => {
    const run = db
      .select({ ...HELD_RUN_FIELDS, userId: gameRuns.userId })
      .from(gameRuns)
      .leftJoin(profiles, eq(profiles.id, gameRuns.userId))
      .where(and(eq(gameRuns.id, runId), eq(gameRuns.review, "held")))
      .get();
    if (!run) return false;
    db.update(gameRuns)
      .set({ review: decision === "release" ? "released" : "rejected" })
      .where(eq(gameRuns.id, runId))
      .run();
    // A pupil's run (a live game's) has no board: its release only marks it released.
    if (decision === "release" && run.studentId === null) {
      recordEntry({
        score: run.score,
        totalQuestions: run.totalQuestions,
        accuracy: run.accuracy,
        gameType: run.gameType,
        username: run.memberName ?? null,
        userId: run.userId,
        anonId: run.anonId,
        runId: run.runId,
        timeLimit: (run.info as HeldRunInfo | null)?.timeLimit ?? null,
        addressKey: (run.info as HeldRunInfo | null)?.addressKey ?? null,
        createdAt: run.finishedAt,
      });
    }
    return true;
  });
}

/**
 * Whether this member or visitor had a run held for its own pace (held, or held and rejected) that finished at or
 * after `since`: a script fishing with many short runs is caught once and then waits for review on every run of the
 * hour (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md#many-short-runs). A run held only for an
 * earlier one does not count, so one hold never carries on past its hour; nor does a top score waiting for its
 * check (decision 0075), unless a person rejected it. Pupils' runs are never held.
 */
export function hadRecentHold(player: Player, since: number): boolean {
  const query = recentHoldQuery(player, since);
  return query !== null && query.statement.get(...query.params) !== undefined;
}

// Asked on every board finish: prepared once per connection, not built by drizzle and prepared per call (that was
// a fifth of a finish's CPU: docs/decisions/0045-a-finish-pays-for-what-changes.md).
let holdStatements: { member: Statement; visitor: Statement } | undefined;
let holdStatementsFor: unknown;

function holdStatementsOf(): { member: Statement; visitor: Statement } {
  const sqlite = db.$client;
  if (holdStatements && holdStatementsFor === sqlite) return holdStatements;
  // Written as the partial indexes' own condition, so SQLite reads them (a bound list would not match); the
  // reasons are read only for the few held rows the index gives.
  const recentHold = (owner: string) =>
    sqlite
      .prepare(
        `SELECT id FROM game_runs WHERE ${owner} AND "game_runs"."review" in ('held', 'rejected')
           AND finished_at >= ? AND json_extract(review_info, '$.reasons') != '["held-recently"]'
           AND NOT (review = 'held' AND json_extract(review_info, '$.reasons') = '["top-place"]') LIMIT 1`,
      )
      .pluck();
  holdStatements = { member: recentHold("user_id = ?"), visitor: recentHold("anon_id = ?") };
  holdStatementsFor = sqlite;
  return holdStatements;
}

/** hadRecentHold's statement and its parameters (none for a player with no runs of their own); the tests read its plan. */
export function recentHoldQuery(player: Player, since: number): { statement: Statement; params: unknown[] } | null {
  const { userId, anonId } = playerColumns(player);
  const statements = holdStatementsOf();
  if (userId !== null) return { statement: statements.member, params: [userId, since] };
  if (anonId !== null) return { statement: statements.visitor, params: [anonId, since] };
  return null;
}
