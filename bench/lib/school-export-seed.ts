// A school of many pupils with a year of games, to export (docs/product.md#data-rights): bench/school-export.bench.ts
// seeds 1,000 pupils, tests/integration/school-export-scale.test.ts a few. Opens the app's database: import it only
// once DATABASE_PATH is set.
import { db } from "~/db/client.server";
import { encodeBook } from "~/facts/codec";
import { applyToBook, emptyBook, factAnswersOf, type StoredAnswer } from "~/facts/state";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { newClassLoginKey } from "~/school/login-codes.server";

const CLASS_SIZE = 30;
const DAY = 86_400_000;

/**
 * A school of `pupils` pupils in classes of 30, each with `games` games spread over the last year (the last 90 days
 * keep their answers: the retention) and a full fact grid for two operations. Returns the school's id. One such
 * school a database: its login codes are fixed.
 */
export function seedSchool({ pupils, games }: { pupils: number; games: number }): string {
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
  const books = (["*", "+"] as const).map(
    (op) =>
      [
        op,
        encodeBook(
          applyToBook(
            emptyBook(),
            all.filter((f) => f.op === op),
          ),
        ),
      ] as const,
  );
  const gameAnswers = JSON.stringify(answers.slice(0, 20));
  db.transaction(() => {
    let classId = "";
    for (let p = 0; p < pupils; p++) {
      if (p % CLASS_SIZE === 0)
        classId = insertClass({ name: `Class ${p / CLASS_SIZE}`, schoolId, teacherId, loginKey: newClassLoginKey() });
      const id = `pupil-${String(p).padStart(4, "0")}`;
      student.run(id, `Pupil ${p}`, classId, String(10_000_000 + p));
      for (let g = 0; g < games; g++) {
        const at = now - (365 * DAY * g) / games;
        const runId = `${id}-run-${g}`;
        run.run(runId, id, at - 60_000, at, now - at < 90 * DAY ? gameAnswers : "[]");
        result.run(id, runId, at);
      }
      for (const [op, data] of books) facts.run(id, op, data, now);
    }
  });
  return schoolId;
}
