import type { Statement } from "better-sqlite3";
import { decodeBook, encodeBook } from "~/facts/codec";
import { answersByOp, applyToBook, factAnswersOf, type FactBook, type StoredAnswer } from "~/facts/state";
import { FACT_OPS, type FactOp } from "~/game/facts";
import { db } from "~/db/client.server";
import { playerColumns, type Player } from "./player.server";

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
       WHERE s.class_id = ?`,
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
 * fact reads and writes nothing.
 */
export function recordRunFacts(
  player: Player,
  run: { startedAt: number; finishedAt: number; answers: readonly StoredAnswer[] },
): void {
  const groups = answersByOp(factAnswersOf(run));
  if (groups.size === 0) return;
  const { column, id } = ownerOf(player);
  const books = booksOf(readRows(column, id));
  for (const [op, answers] of groups) {
    const book = applyToBook(books[op] ?? { facts: new Map(), bestSecure: 0 }, answers);
    upsert(column, id, op, encodeBook(book), run.finishedAt);
  }
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
     FROM fact_records f JOIN students s ON s.id = f.student_id WHERE s.class_id = ?`,
  );
  const row = versionStatement.get(classId);
  return row ? `${row.rows}:${row.total}:${row.latest ?? 0}:${row.size}` : "0";
}
