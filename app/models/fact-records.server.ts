import type { Statement } from "better-sqlite3";
import { decodeBook, encodeBook, foldIntoStoredBook, type StoredFold } from "~/facts/codec";
import { answersByOp, applyToBook, factAnswersOf, type FactBook, type StoredAnswer } from "~/facts/state";
import { FACT_OPS, type FactOp } from "~/game/facts";
import { db } from "~/db/client.server";
import { activeStudentSql } from "./active-students.server";
import { playerColumns, type Player } from "./player.server";
import { claimVisitorStickers, deleteVisitorStickersWithoutRecords, recordStickers } from "./stickers.server";

/** A player's fact records, one book per operation they have met (docs/product.md#fact-records). */
export type FactBooks = Partial<Record<FactOp, FactBook>>;

type Row = { op: FactOp; data: string };

/** The column that names a player of this kind, and its value. */
function ownerOf(player: Player): { column: "user_id" | "anon_id" | "student_id"; id: string } {
  const { userId, anonId, studentId } = playerColumns(player);
  if (userId !== null) return { column: "user_id", id: userId };
  if (anonId !== null) return { column: "anon_id", id: anonId };
  return { column: "student_id", id: studentId as string };
}

// Read and written on every finish that asks a fact: prepared once per kind of player.
const readStatements = new Map<string, Statement<[string], Row>>();
const upsertStatements = new Map<string, Statement>();

function readRows(column: string, id: string): Row[] {
  let statement = readStatements.get(column);
  if (!statement) {
    statement = db.$client.prepare<[string], Row>(
      `SELECT op, data FROM fact_records WHERE ${column} = ? AND ${column} IS NOT NULL`,
    );
    readStatements.set(column, statement);
  }
  return statement.all(id);
}

function booksOf(rows: readonly Row[]): FactBooks {
  const books: FactBooks = {};
  for (const row of rows)
    if ((FACT_OPS as readonly string[]).includes(row.op)) books[row.op] = decodeBook(row.data, row.op);
  return books;
}

export function factBooksOf(player: Player): FactBooks {
  const { column, id } = ownerOf(player);
  return booksOf(readRows(column, id));
}

/** Every pupil's books in a class, by pupil id (pupils with no records are absent). */
export function factBooksOfClass(classId: string): Map<string, FactBooks> {
  const rows = db.$client
    .prepare<[string], Row & { studentId: string }>(
      `SELECT f.student_id AS studentId, f.op, f.data FROM fact_records f
       JOIN students s ON s.id = f.student_id
       WHERE s.class_id = ? AND ${activeStudentSql("s")}`,
    )
    .all(classId);
  const byPupil = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byPupil.get(row.studentId);
    if (list) list.push(row);
    else byPupil.set(row.studentId, [row]);
  }
  return new Map(Array.from(byPupil, ([studentId, list]) => [studentId, booksOf(list)]));
}

function upsert(column: string, id: string, op: FactOp, data: string, at: number) {
  let statement = upsertStatements.get(column);
  if (!statement) {
    statement = db.$client.prepare(
      `INSERT INTO fact_records (${column}, op, data, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (${column}, op) WHERE ${column} IS NOT NULL DO UPDATE SET data = excluded.data,
         updated_at = excluded.updated_at`,
    );
    upsertStatements.set(column, statement);
  }
  statement.run(id, op, data, at);
}

/**
 * Folds a finished run's answers into its player's records. Called inside the run's own write (its transaction or
 * the shared commit's savepoint), so the run and its records are kept together or not at all. A run that asks no
 * fact reads and writes nothing. Only the facts the run asked are rewritten in each stored text
 * (applyToStoredBook): what a finish costs does not grow with what the player has learnt.
 */
export function recordRunFacts(
  player: Player,
  run: { id?: string; startedAt: number; finishedAt: number; answers: readonly StoredAnswer[] },
): void {
  const groups = answersByOp(factAnswersOf(run));
  if (groups.size === 0) return;
  const { column, id } = ownerOf(player);
  const stored = new Map<string, string>();
  for (const row of readRows(column, id)) stored.set(row.op, row.data);
  const asked: StoredFold["asked"] = [];
  for (const [op, answers] of groups) {
    const fold = foldIntoStoredBook(stored.get(op), op, answers);
    upsert(column, id, op, fold.text, run.finishedAt);
    for (const fact of fold.asked) asked.push(fact);
  }
  // The facts this run made secure for the first time earn their stickers, in the same write.
  recordStickers({ column, id }, asked, { id: run.id ?? null, at: run.finishedAt });
}

let versionStatement: Statement<[string], { rows: number; total: number; latest: number | null; size: number }> | null =
  null;

/**
 * A fingerprint of a class's records that changes whenever one is written (a finish sets its row's time and data):
 * how many rows, the sum and the latest of their times, and the sum of their sizes. The class facts page keeps its
 * summary while this stays the same (docs/product.md#heat-maps).
 */
export function factRecordsVersionOfClass(classId: string): string {
  versionStatement ??= db.$client.prepare(
    `SELECT count(*) AS rows, total(f.updated_at) AS total, max(f.updated_at) AS latest, total(length(f.data)) AS size
     FROM fact_records f JOIN students s ON s.id = f.student_id WHERE s.class_id = ? AND ${activeStudentSql("s")}`,
  );
  const row = versionStatement.get(classId);
  return row ? `${row.rows}:${row.total}:${row.latest ?? 0}:${row.size}` : "0";
}

/* Rebuilding the records from the stored runs (docs/product.md#fact-records) */

type Column = "user_id" | "anon_id" | "student_id";
/** The order a rebuild of everyone goes in: pupils, members, visitors; within each, by id. */
const PHASES: readonly { prefix: string; column: Column }[] = [
  { prefix: "s", column: "student_id" },
  { prefix: "u", column: "user_id" },
  { prefix: "a", column: "anon_id" },
];

const runsStatements = new Map<
  Column,
  Statement<[string], { startedAt: number; finishedAt: number; answers: string }>
>();
const deleteStatements = new Map<Column, Statement<[string]>>();

function parseAnswers(text: string): StoredAnswer[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as StoredAnswer[]) : [];
  } catch {
    return [];
  }
}

/**
 * Replaces one player's records with the fold of their stored runs, oldest finish first; runs whose answers
 * retention cleared add nothing. Call it inside a transaction: it reads and writes.
 */
function rebuildOwner(column: Column, id: string): void {
  let runsOf = runsStatements.get(column);
  if (!runsOf) {
    runsOf = db.$client.prepare(
      `SELECT started_at AS startedAt, finished_at AS finishedAt, answers FROM game_runs
       WHERE ${column} = ? AND answers != '[]' ORDER BY finished_at, started_at, id`,
    );
    runsStatements.set(column, runsOf);
  }
  let clear = deleteStatements.get(column);
  if (!clear) {
    clear = db.$client.prepare<[string]>(`DELETE FROM fact_records WHERE ${column} = ? AND ${column} IS NOT NULL`);
    deleteStatements.set(column, clear);
  }
  const books: FactBooks = {};
  const updatedAt: Partial<Record<FactOp, number>> = {};
  for (const run of runsOf.iterate(id)) {
    const groups = answersByOp(factAnswersOf({ startedAt: run.startedAt, answers: parseAnswers(run.answers) }));
    for (const [op, answers] of groups) {
      books[op] = applyToBook(books[op] ?? { facts: new Map(), bestSecure: 0 }, answers);
      updatedAt[op] = run.finishedAt;
    }
  }
  clear.run(id);
  for (const op of FACT_OPS) {
    const book = books[op];
    if (book) upsert(column, id, op, encodeBook(book), updatedAt[op] as number);
  }
}

/** One player's records made again from their stored runs, in one transaction. */
export function rebuildPlayerFacts(player: Player): void {
  const { column, id } = ownerOf(player);
  db.$client.transaction(() => rebuildOwner(column, id)).immediate();
}

/** Where a rebuild of everyone has got to: the last player done ("s:…", "u:…", "a:…"), or null before the first. */
export type RebuildCursor = string | null;

/**
 * Rebuilds the next `limit` players with stored answers after `cursor`, in one write transaction; `onBatch` runs
 * inside it with the new cursor (the backfill records its progress in the same commit). Returns the new cursor, or
 * null once every player is done.
 */
export function rebuildFactsBatch(
  cursor: RebuildCursor,
  limit: number,
  onBatch?: (next: RebuildCursor, players: number) => void,
): { next: RebuildCursor; players: number } {
  return db.$client
    .transaction(() => {
      let phase = cursor === null ? 0 : PHASES.findIndex((p) => cursor.startsWith(`${p.prefix}:`));
      let after = cursor === null || phase < 0 ? "" : cursor.slice(2);
      if (phase < 0) phase = 0;
      let players = 0;
      let next: RebuildCursor = null;
      while (phase < PHASES.length) {
        const { prefix, column } = PHASES[phase] as (typeof PHASES)[number];
        const ids = db.$client
          .prepare<[string, number], string>(
            `SELECT DISTINCT ${column} FROM game_runs
             WHERE ${column} IS NOT NULL AND ${column} > ? AND answers != '[]' ORDER BY ${column} LIMIT ?`,
          )
          .pluck()
          .all(after, limit - players);
        for (const id of ids) rebuildOwner(column, id);
        players += ids.length;
        if (players >= limit) {
          next = `${prefix}:${ids[ids.length - 1] as string}`;
          break;
        }
        phase += 1;
        after = "";
      }
      onBatch?.(next, players);
      return { next, players };
    })
    .immediate();
}

/** Every player's records made again from the stored runs, `batchSize` players a commit; `pause` runs between. */
export async function rebuildAllFacts(
  options: { batchSize?: number; from?: RebuildCursor; pause?: () => Promise<void> | void } = {},
): Promise<{ players: number; batches: number }> {
  const batchSize = options.batchSize ?? 100;
  let cursor = options.from ?? null;
  let players = 0;
  let batches = 0;
  do {
    const batch = rebuildFactsBatch(cursor, batchSize);
    players += batch.players;
    batches += 1;
    cursor = batch.next;
    if (cursor !== null) await options.pause?.();
  } while (cursor !== null);
  return { players, batches };
}

/* The one-off backfill after the deploy that added the table (docs/decisions/0051-fact-records-backfilled-by-housekeeping.md) */

export const FACTS_BACKFILL = "fact-records-backfill";

type Mark = { cursor: string | null; doneAt: number | null };

export function backfillMark(): Mark | undefined {
  return db.$client
    .prepare<[string], Mark>(`SELECT cursor, done_at AS doneAt FROM job_marks WHERE name = ?`)
    .get(FACTS_BACKFILL);
}

function saveMark(cursor: RebuildCursor, at: number) {
  db.$client
    .prepare(
      `INSERT INTO job_marks (name, cursor, done_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, done_at = excluded.done_at,
         updated_at = excluded.updated_at`,
    )
    .run(FACTS_BACKFILL, cursor, cursor === null ? at : null, at);
}

/** A rebuild of everyone does what the backfill would: it is not run after one. */
export function markFactsBackfillDone(at: number): void {
  saveMark(null, at);
}

/**
 * One batch of the backfill, resuming where the last one stopped; its progress is kept in the batch's own commit.
 * Returns false when there is nothing left to do (done before, or done by this batch).
 */
export function backfillFactsBatch(limit: number, at: number): { players: number; more: boolean } {
  const mark = backfillMark();
  if (mark?.doneAt != null) return { players: 0, more: false };
  const { next, players } = rebuildFactsBatch(mark?.cursor ?? null, limit, (cursor) => saveMark(cursor, at));
  return { players, more: next !== null };
}

/**
 * Retention (docs/product.md#privacy-and-retention): a visitor's records go once they have not changed for as long
 * as their cookie lives (400 days), at most `limit` rows a call. Returns how many went.
 */
export function deleteIdleVisitorFacts(before: number, limit: number): number {
  const records = db.$client
    .prepare(
      `DELETE FROM fact_records WHERE id IN (
         SELECT id FROM fact_records WHERE anon_id IS NOT NULL AND updated_at < ? LIMIT ?)`,
    )
    .run(before, limit).changes;
  // Their stickers go with them (docs/product.md#sticker-book).
  return records + deleteVisitorStickersWithoutRecords(limit);
}

/** Whether a member has records, or stored answers that a rebuild would fold: asked before a claim moves runs. */
export function memberHasFactHistory(userId: string): boolean {
  return (
    db.$client
      .prepare<[string, string], number>(
        `SELECT 1 FROM fact_records WHERE user_id = ?
         UNION ALL SELECT 1 FROM game_runs WHERE user_id = ? AND answers != '[]' LIMIT 1`,
      )
      .pluck()
      .get(userId, userId) !== undefined
  );
}

/**
 * A visitor who signs up or signs in: their records become the member's (docs/product.md#fact-records). Called
 * inside the claim's transaction, after the visitor's runs have moved. A member with no history of their own
 * (memberHasFactHistory, asked before the move) takes the visitor's rows as they are: the fold of the same runs,
 * which is what a rebuild gives, plus what retention has cleared since. Otherwise the member's records are rebuilt
 * from all their runs, the visitor's now among them, in the order they were played.
 */
export function claimVisitorFacts(anonId: string, userId: string, memberHadHistory: boolean): void {
  claimVisitorStickers(anonId, userId);
  if (!memberHadHistory) {
    db.$client.prepare(`UPDATE fact_records SET user_id = ?, anon_id = NULL WHERE anon_id = ?`).run(userId, anonId);
    return;
  }
  db.$client.prepare(`DELETE FROM fact_records WHERE anon_id = ?`).run(anonId);
  rebuildOwner("user_id", userId);
}
