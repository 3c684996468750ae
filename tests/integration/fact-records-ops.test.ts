import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { encodeBook } from "~/facts/codec";
import { answersByOp, applyToBook, emptyBook, factAnswersOf, type FactBook } from "~/facts/state";
import type { AnswerRecord } from "~/game";
import type { FactOp } from "~/game/facts";
import { HOUSEKEEPING, runHousekeeping } from "~/jobs/housekeeping.server";
import {
  backfillFactsBatch,
  backfillMark,
  deleteIdleVisitorFacts,
  rebuildAllFacts,
  rebuildFactsBatch,
  rebuildPlayerFacts,
} from "~/models/fact-records.server";
import { claimAnonymousScores } from "~/models/leaderboard.server";
import type { Player } from "~/models/player.server";
import { saveFinishedRun } from "~/models/runs.server";

/*
 * Fact records in operation (docs/product.md#fact-records): rebuilt from the stored runs, backfilled once by the
 * housekeeping job, following a visitor who signs up, and a visitor's going after 400 days
 * (docs/product.md#privacy-and-retention).
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const FACTS = ["7 × 8 = ?", "6 × 7 = ?", "3 + 4 = ?", "12 - 5 = ?", "56 ÷ 7 = ?", "9 × 9 = ?", "5 + 8 = ?"];
const ANSWERS = [56, 42, 7, 7, 8, 81, 13];

let runs = 0;

/** A run of `count` answers, a fact each, some wrong and some slow, as a seeded pattern of `n`. */
function records(startedAt: number, n: number, count = 20): AnswerRecord[] {
  const list: AnswerRecord[] = [];
  let at = startedAt;
  for (let i = 0; i < count; i += 1) {
    const k = (n * 7 + i * 3) % FACTS.length;
    at += 1_000 + ((n + i) % 5) * 900;
    const isCorrect = (n + i) % 4 !== 0;
    list.push({
      problem: FACTS[k] as string,
      userAnswer: isCorrect ? String(ANSWERS[k]) : "1",
      correctAnswer: ANSWERS[k] as number,
      isCorrect,
      timeStamp: at,
    });
  }
  // One answer that asks no fact.
  list.push({ problem: "37 + 48 = ?", userAnswer: "85", correctAnswer: 85, isCorrect: true, timeStamp: at + 2_000 });
  return list;
}

function save(player: Player, startedAt: number, n: number) {
  runs += 1;
  const list = records(startedAt, n);
  const score = list.filter((r) => r.isCorrect).length;
  const saved = saveFinishedRun({
    id: `ops-run-${runs}`,
    mode: player.kind === "student" ? "student" : "solo",
    gameType: player.kind === "student" ? "student" : "normal",
    player,
    summary: { score, totalQuestions: list.length, accuracy: Math.round((score / list.length) * 100) },
    records: list,
    startedAt,
    finishedAt: startedAt + 60_000,
    timeTaken: 60,
    timeLimit: 60,
  });
  expect(saved).toMatchObject({ saved: true });
  return { startedAt, answers: list };
}

const sql = (statement: string, ...params: unknown[]) => db.$client.prepare(statement).run(...params);
const rowsOf = (column: string, id: string) =>
  db.$client
    .prepare(`SELECT op, data, updated_at AS updatedAt FROM fact_records WHERE ${column} = ? ORDER BY op`)
    .all(id) as { op: string; data: string; updatedAt: number }[];
const allRows = () =>
  db.$client
    .prepare(`SELECT user_id, anon_id, student_id, op, data, updated_at FROM fact_records ORDER BY 1, 2, 3, 4`)
    .all();

/** The pure fold of these runs, as rows. */
function foldRows(played: { startedAt: number; answers: AnswerRecord[] }[]) {
  const books = new Map<FactOp, FactBook>();
  for (const run of played)
    for (const [op, answers] of answersByOp(factAnswersOf(run)))
      books.set(op, applyToBook(books.get(op) ?? emptyBook(), answers));
  return Array.from(books, ([op, book]) => ({ op, data: encodeBook(book) })).sort((a, b) =>
    a.op < b.op ? -1 : a.op > b.op ? 1 : 0,
  );
}
const dataOf = (rows: { op: string; data: string }[]) => rows.map(({ op, data }) => ({ op, data }));

describe("rebuilding fact records", () => {
  it("gives what the finishes folded, for a player with many runs across days", () => {
    const visitor: Player = { kind: "anon", anonId: "ops-many" };
    const played = [];
    for (let day = 0; day < 12; day += 1)
      for (let game = 0; game < 3; game += 1)
        played.push(save(visitor, START + day * DAY + game * 5 * MINUTE, day * 3 + game));
    const live = rowsOf("anon_id", "ops-many");
    expect(dataOf(live)).toEqual(foldRows(played));
    rebuildPlayerFacts(visitor);
    expect(rowsOf("anon_id", "ops-many")).toEqual(live);

    // A lost or changed row comes back as it was.
    sql(`UPDATE fact_records SET data = '{"v":1,"best":0,"sec":0,"f":{}}' WHERE anon_id = 'ops-many' AND op = '*'`);
    sql(`DELETE FROM fact_records WHERE anon_id = 'ops-many' AND op = '+'`);
    rebuildPlayerFacts(visitor);
    expect(rowsOf("anon_id", "ops-many")).toEqual(live);
  });

  it("leaves out runs whose answers retention cleared", () => {
    const pupilless: Player = { kind: "anon", anonId: "ops-cleared" };
    const old = save(pupilless, START, 1);
    const recent = save(pupilless, START + 100 * DAY, 2);
    sql(`UPDATE game_runs SET answers = '[]' WHERE finished_at = ? AND anon_id = 'ops-cleared'`, START + 60_000);
    rebuildPlayerFacts(pupilless);
    expect(dataOf(rowsOf("anon_id", "ops-cleared"))).toEqual(foldRows([recent]));
    expect(foldRows([recent])).not.toEqual(foldRows([old, recent]));
  });

  it("rebuilds everyone in batches, pupils, members and visitors, the same twice", async () => {
    sql("DELETE FROM fact_records");
    const players: Player[] = [];
    for (let i = 0; i < 7; i += 1) players.push({ kind: "anon", anonId: `ops-batch-${i}` });
    db.insert(users).values({ id: "ops-batch-member", email: "ops-batch@example.org" }).run();
    players.push({ kind: "member", userId: "ops-batch-member", username: "Calm Heron" });
    players.forEach((player, i) => save(player, START + i * DAY, i));
    const expected = allRows();
    sql("DELETE FROM fact_records");

    const first = rebuildFactsBatch(null, 3);
    expect(first.players).toBe(3);
    expect(first.next).not.toBeNull();
    const rest = await rebuildAllFacts({ batchSize: 3, from: first.next });
    const everyone = db.$client
      .prepare(`SELECT count(DISTINCT coalesce(user_id, anon_id, student_id)) FROM game_runs WHERE answers != '[]'`)
      .pluck()
      .get() as number;
    expect(first.players + rest.players).toBe(everyone);
    const rebuilt = allRows();
    expect(rebuilt).toEqual(expect.arrayContaining(expected));

    const again = await rebuildAllFacts({ batchSize: 2 });
    expect(again.players).toBe(everyone);
    expect(again.batches).toBe(Math.ceil(everyone / 2) + (everyone % 2 === 0 ? 1 : 0));
    expect(allRows()).toEqual(rebuilt);
  });
});

describe("the one-off backfill", () => {
  // Only this test's players: the housekeeping run also applies every retention rule to what other tests left.
  const backfilled = () =>
    allRows().filter((row) => String((row as { anon_id: unknown }).anon_id).startsWith("ops-backfill-"));

  it("runs once in the housekeeping job, resumes after a stop, and then does nothing", async () => {
    sql("DELETE FROM job_marks");
    for (let i = 0; i < 5; i += 1) save({ kind: "anon", anonId: `ops-backfill-${i}` }, START + i * MINUTE, i + 20);
    const expected = backfilled();
    sql("DELETE FROM fact_records");

    // One batch, then a stop (a deploy): the mark keeps where it got to.
    expect(backfillFactsBatch(2, START)).toMatchObject({ players: 2, more: true });
    const mark = backfillMark();
    expect(mark?.cursor).toMatch(/^[sua]:/);
    expect(mark?.doneAt).toBeNull();
    const everyone = db.$client
      .prepare(`SELECT count(DISTINCT coalesce(user_id, anon_id, student_id)) FROM game_runs WHERE answers != '[]'`)
      .pluck()
      .get() as number;

    vi.spyOn(console, "log").mockImplementation(() => {});
    const report = await runHousekeeping();
    expect(report).toMatchObject({ ran: true, failed: [] });
    // It went on from the mark: the two players done before are not done again.
    expect(report.factsBackfilled).toBe(everyone - 2);
    expect(backfilled()).toEqual(expected);
    expect(backfillMark()?.doneAt).not.toBeNull();
    expect(backfillMark()?.cursor).toBeNull();

    // Done: the next runs read the mark and nothing else.
    sql("DELETE FROM fact_records WHERE anon_id = 'ops-backfill-0'");
    expect(await runHousekeeping()).toMatchObject({ ran: true, factsBackfilled: 0 });
    expect(rowsOf("anon_id", "ops-backfill-0")).toEqual([]);
    expect(backfillFactsBatch(2, START)).toEqual({ players: 0, more: false });
    vi.restoreAllMocks();
  });
});

describe("a visitor who signs up", () => {
  it("brings their records to a new account: the rows move, equal to a rebuild", () => {
    const visitor: Player = { kind: "anon", anonId: "ops-claim-new" };
    const played = [save(visitor, START, 1), save(visitor, START + DAY, 2)];
    db.insert(users).values({ id: "ops-claim-new-user", email: "claim-new@example.org" }).run();
    claimAnonymousScores("ops-claim-new", { userId: "ops-claim-new-user", username: "Kind Owl" });
    expect(rowsOf("anon_id", "ops-claim-new")).toEqual([]);
    const moved = rowsOf("user_id", "ops-claim-new-user");
    expect(dataOf(moved)).toEqual(foldRows(played));
    rebuildPlayerFacts({ kind: "member", userId: "ops-claim-new-user", username: "Kind Owl" });
    expect(rowsOf("user_id", "ops-claim-new-user")).toEqual(moved);
  });

  it("signing in to an account with records of its own folds both in the order they were played", () => {
    db.insert(users).values({ id: "ops-claim-old-user", email: "claim-old@example.org" }).run();
    const member: Player = { kind: "member", userId: "ops-claim-old-user", username: "Wise Fox" };
    const visitor: Player = { kind: "anon", anonId: "ops-claim-old" };
    const a = save(member, START, 3);
    const b = save(visitor, START + DAY, 4);
    const c = save(member, START + 2 * DAY, 5);
    const d = save(visitor, START + 3 * DAY, 6);
    claimAnonymousScores("ops-claim-old", { userId: "ops-claim-old-user", username: "Wise Fox" });
    expect(rowsOf("anon_id", "ops-claim-old")).toEqual([]);
    expect(dataOf(rowsOf("user_id", "ops-claim-old-user"))).toEqual(foldRows([a, b, c, d]));
  });
});

describe("retention", () => {
  it("deletes a visitor's records 400 days after their last change, in batches, and no one else's", async () => {
    sql("DELETE FROM fact_records");
    db.insert(users).values({ id: "ops-kept-user", email: "kept@example.org" }).run();
    save({ kind: "member", userId: "ops-kept-user", username: "Brave Elk" }, START, 7);
    for (let i = 0; i < 5; i += 1) save({ kind: "anon", anonId: `ops-idle-${i}` }, START, 8 + i);
    save({ kind: "anon", anonId: "ops-recent" }, START + 30 * DAY, 13);
    const idle = db.$client
      .prepare(`SELECT count(*) FROM fact_records WHERE anon_id LIKE 'ops-idle-%'`)
      .pluck()
      .get() as number;
    expect(idle).toBeGreaterThan(5);

    const cutoff = START + 60_000 + 1;
    expect(deleteIdleVisitorFacts(cutoff, 4)).toBe(4);
    expect(deleteIdleVisitorFacts(cutoff, 1_000)).toBe(idle - 4);
    expect(rowsOf("anon_id", "ops-recent").length).toBeGreaterThan(0);
    expect(rowsOf("user_id", "ops-kept-user").length).toBeGreaterThan(0);

    // The housekeeping job, 400 days after the last game: the recent visitor's go too, the member's stay.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(START + 30 * DAY + 60_000 + HOUSEKEEPING.visitorFactsKeptMs + MINUTE);
    vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const report = await runHousekeeping();
      expect(report).toMatchObject({ ran: true, failed: [] });
      expect(report.visitorFacts).toBeGreaterThan(0);
      expect(rowsOf("anon_id", "ops-recent")).toEqual([]);
      expect(rowsOf("user_id", "ops-kept-user").length).toBeGreaterThan(0);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });
});
