import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { encodeBook } from "~/facts/codec";
import { applyToBook, emptyBook, factAnswersOf, type StoredAnswer } from "~/facts/state";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { newClassLoginKey } from "~/school/login-codes.server";
import { schoolExport, type ExportFormat } from "~/school/school-export.server";

/*
 * A school of 1,000 pupils with a year of games, exported (docs/product.md#data-rights): the export is made as it
 * is read, so the memory it takes stays far below the data it sends. The figures are printed, and the docs quote
 * them.
 */

const PUPILS = 1_000;
const CLASS_SIZE = 30;
/** Three games a week for a year; the last 90 days keep their answers (the retention). */
const GAMES = 150;
const DAY = 86_400_000;

function seed(): string {
  const schoolId = insertSchool("Big Primary");
  const teacherId = insertTeacher({ name: "Ms Big", email: null, schoolId, loginCode: "90000000" });
  const now = Date.now();
  const student = db.$client.prepare(
    `INSERT INTO students (id, name, class_id, login_code, times_tables, allowed_operations) VALUES (?, ?, ?, ?, '[]', '["addition","multiplication"]')`,
  );
  const run = db.$client.prepare(
    `INSERT INTO game_runs (id, mode, game_type, student_id, score, total_questions, accuracy, started_at, finished_at, answers)
     VALUES (?, 'student', 'student', ?, 18, 20, 90, ?, ?, ?)`,
  );
  const result = db.$client.prepare(
    `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, run_id, completed_at)
     VALUES (?, 18, 20, 60, 90, ?, ?)`,
  );
  const facts = db.$client.prepare(`INSERT INTO fact_records (student_id, op, data, updated_at) VALUES (?, ?, ?, ?)`);
  // One book per operation, full of facts, the same for every pupil (its size is what matters here).
  const answers: StoredAnswer[] = [];
  for (let a = 1; a <= 12; a++)
    for (let b = 1; b <= 12; b++) {
      answers.push({
        problem: `${a} × ${b} = ?`,
        correctAnswer: a * b,
        isCorrect: true,
        timeStamp: 1_000 * answers.length,
      });
      answers.push({
        problem: `${a} + ${b} = ?`,
        correctAnswer: a + b,
        isCorrect: true,
        timeStamp: 1_000 * answers.length,
      });
    }
  const all = factAnswersOf({ startedAt: 0, answers });
  const books = (["*", "+"] as const).map((op) => [
    op,
    encodeBook(
      applyToBook(
        emptyBook(),
        all.filter((f) => f.op === op),
      ),
    ),
  ]);
  const gameAnswers = JSON.stringify(answers.slice(0, 20));
  db.transaction(() => {
    let classId = "";
    for (let p = 0; p < PUPILS; p++) {
      if (p % CLASS_SIZE === 0)
        classId = insertClass({ name: `Class ${p / CLASS_SIZE}`, schoolId, teacherId, loginKey: newClassLoginKey() });
      const id = `pupil-${String(p).padStart(4, "0")}`;
      student.run(id, `Pupil ${p}`, classId, String(10_000_000 + p));
      for (let g = 0; g < GAMES; g++) {
        const at = now - (365 * DAY * g) / GAMES;
        const runId = `${id}-run-${g}`;
        run.run(runId, id, at - 60_000, at, now - at < 90 * DAY ? gameAnswers : "[]");
        result.run(id, runId, at);
      }
      for (const [op, data] of books) facts.run(id, op, data, now);
    }
  });
  return schoolId;
}

async function measure(schoolId: string, format: ExportFormat) {
  const started = performance.now();
  const file = schoolExport(schoolId, format, Date.now())!;
  const reader = file.body.getReader();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  let bytes = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += (value as Uint8Array).byteLength;
    if (++chunks % 20 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
  return {
    ms: Math.round(performance.now() - started),
    mb: bytes / 2 ** 20,
    heapMb: (peakHeap - heapBefore) / 2 ** 20,
  };
}

describe("a school of 1,000 pupils with a year of games", () => {
  it("is exported within a bounded memory", async () => {
    const seeding = performance.now();
    const schoolId = seed();
    const seeded = Math.round(performance.now() - seeding);
    const zip = await measure(schoolId, "zip");
    const json = await measure(schoolId, "json");
    console.log(
      `School export, ${PUPILS} pupils × ${GAMES} games (seeded in ${seeded} ms): ` +
        `zip ${zip.mb.toFixed(1)} MB in ${zip.ms} ms, heap growth at most ${zip.heapMb.toFixed(1)} MB; ` +
        `JSON ${json.mb.toFixed(1)} MB in ${json.ms} ms, heap growth at most ${json.heapMb.toFixed(1)} MB.`,
    );
    // The JSON is sent uncompressed: the heap never holds it whole, nor half of it.
    expect(json.heapMb).toBeLessThan(json.mb / 2);
    expect(zip.heapMb).toBeLessThan(64);
  }, 300_000);
});
