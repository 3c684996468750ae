import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { encodeBook } from "~/facts/codec";
import { answersByOp, applyToBook, emptyBook, factAnswersOf, type FactBook, type StoredAnswer } from "~/facts/state";
import type { FactOp } from "~/game/facts";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { backfillMark, rebuildAllFacts } from "~/models/fact-records.server";
import { seedDemo } from "../../scripts/seed";
import { seedDemoSchool } from "../../scripts/seed-school";

/*
 * The backfill on the demo database (docs/decisions/0051-fact-records-backfilled-by-housekeeping.md): the demo seed
 * in this file's own throwaway database, its records emptied as a database from before the table was, then the
 * housekeeping job's backfill, checked against a fold of each player's runs made here; a second rebuild changes
 * nothing.
 */

type RunRow = { player: string; startedAt: number; finishedAt: number; answers: string };

/** Each player's records as the pure fold of their stored runs, oldest finish first, as rows. */
function foldOfRuns(): string[] {
  const runs = db.$client
    .prepare(
      `SELECT coalesce('u:' || user_id, 'a:' || anon_id, 's:' || student_id) AS player, started_at AS startedAt,
              finished_at AS finishedAt, answers
       FROM game_runs WHERE coalesce(user_id, anon_id, student_id) IS NOT NULL
       ORDER BY finished_at, started_at, id`,
    )
    .all() as RunRow[];
  const books = new Map<string, Map<FactOp, { book: FactBook; at: number }>>();
  for (const run of runs) {
    const answers = JSON.parse(run.answers) as StoredAnswer[];
    for (const [op, list] of answersByOp(factAnswersOf({ startedAt: run.startedAt, answers }))) {
      const mine = books.get(run.player) ?? new Map<FactOp, { book: FactBook; at: number }>();
      books.set(run.player, mine);
      mine.set(op, { book: applyToBook(mine.get(op)?.book ?? emptyBook(), list), at: run.finishedAt });
    }
  }
  const rows: string[] = [];
  for (const [player, ops] of books)
    for (const [op, { book, at }] of ops) rows.push(`${player} ${op} ${at} ${encodeBook(book)}`);
  return rows.sort();
}

function storedRows(): string[] {
  return (
    db.$client
      .prepare(
        `SELECT coalesce('u:' || user_id, 'a:' || anon_id, 's:' || student_id) || ' ' || op || ' ' || updated_at
                || ' ' || data
         FROM fact_records`,
      )
      .pluck()
      .all() as string[]
  ).sort();
}

describe("the fact records backfill on the demo database", () => {
  it("gives each player the fold of their runs, once, and a rebuild after it changes nothing", async () => {
    seedDemo();
    seedDemoSchool();
    const live = storedRows();
    expect(live.length).toBeGreaterThan(0);
    const fold = foldOfRuns();
    // The seed saves runs as the site does: the records it left are the fold already.
    expect(live).toEqual(fold);

    // As after the deploy that added the table: games stored, no records, no mark.
    db.$client.prepare("DELETE FROM fact_records").run();
    db.$client.prepare("DELETE FROM job_marks").run();
    vi.spyOn(console, "log").mockImplementation(() => {});
    const report = await runHousekeeping();
    vi.restoreAllMocks();
    expect(report).toMatchObject({ ran: true, failed: [] });
    expect(report.factsBackfilled).toBeGreaterThan(5);
    expect(storedRows()).toEqual(fold);
    expect(backfillMark()?.doneAt).not.toBeNull();

    await rebuildAllFacts({ batchSize: 3 });
    expect(storedRows()).toEqual(fold);
    await rebuildAllFacts();
    expect(storedRows()).toEqual(fold);
  });
});
