import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { factRecords, students, users } from "~/db/schema";
import { encodeBook } from "~/facts/codec";
import { applyToBook, emptyBook, factAnswersOf, levelOf } from "~/facts/state";
import type { AnswerRecord } from "~/game";
import { factBooksOf, factBooksOfClass } from "~/models/fact-records.server";
import type { Player } from "~/models/player.server";
import { saveFinishedRun } from "~/models/runs.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { newClassLoginKey } from "~/school/login-codes.server";

/* Fact records kept as runs finish (docs/product.md#fact-records): in the run's own write, for every kind of player. */

const START = Date.UTC(2026, 10, 22, 9, 0, 0);
let runs = 0;

function answer(problem: string, correctAnswer: number, isCorrect: boolean, at: number): AnswerRecord {
  return { problem, userAnswer: isCorrect ? String(correctAnswer) : "1", correctAnswer, isCorrect, timeStamp: at };
}

function save(player: Player, records: AnswerRecord[], startedAt = START) {
  runs += 1;
  const score = records.filter((r) => r.isCorrect).length;
  return saveFinishedRun({
    id: `fact-run-${runs}`,
    mode: player.kind === "student" ? "student" : "solo",
    gameType: player.kind === "student" ? "student" : "normal",
    player,
    summary: { score, totalQuestions: records.length, accuracy: Math.round((score / records.length) * 100) },
    records,
    startedAt,
    finishedAt: startedAt + 60_000,
    timeTaken: 60,
    timeLimit: 60,
  });
}

const rowsOf = (column: "anonId" | "userId" | "studentId", id: string) =>
  db.select().from(factRecords).where(eq(factRecords[column], id)).all();

describe("fact records", () => {
  it("are folded from each run a visitor finishes, one row per operation, as the pure fold gives them", () => {
    const visitor: Player = { kind: "anon", anonId: "facts-visitor-1" };
    const first = [
      answer("7 × 8 = ?", 56, false, START + 2_000),
      answer("37 + 48 = ?", 85, true, START + 9_000),
      answer("9 - 4 = ?", 5, true, START + 10_000),
    ];
    const second = [
      answer("7 × 8 = ?", 56, false, START + DAY + 4_000),
      answer("7 × 8 = ?", 56, false, START + DAY + 8_000),
    ];
    expect(save(visitor, first)).toMatchObject({ saved: true });
    expect(save(visitor, second, START + DAY)).toMatchObject({ saved: true });

    const rows = rowsOf("anonId", visitor.anonId);
    expect(rows.map((r) => r.op).sort()).toEqual(["*", "-"]);
    const books = factBooksOf(visitor);
    expect(levelOf(books["*"]?.facts.get("*7,8"))).toBe("weak");
    expect(books["*"]?.facts.get("*7,8")?.misses).toBe(3);
    expect(levelOf(books["-"]?.facts.get("-4,5"))).toBe("fluent");
    expect(books["+"]).toBeUndefined();

    const all = [
      ...factAnswersOf({ startedAt: START, answers: first }),
      ...factAnswersOf({ startedAt: START + DAY, answers: second }),
    ];
    const expected = applyToBook(
      emptyBook(),
      all.filter((a) => a.op === "*"),
    );
    expect(rows.find((r) => r.op === "*")?.data).toBe(encodeBook(expected));
  });

  it("are not written for a run that asks no fact", () => {
    const visitor: Player = { kind: "anon", anonId: "facts-visitor-2" };
    save(visitor, [answer("37 + 48 = ?", 85, true, START + 3_000), answer("25% of 40 = ?", 10, true, START + 6_000)]);
    expect(rowsOf("anonId", visitor.anonId)).toEqual([]);
  });

  it("are kept for members and pupils, read for a whole class, and go when the pupil or account goes", () => {
    db.insert(users).values({ id: "facts-user", email: "facts@example.org" }).run();
    const member: Player = { kind: "member", userId: "facts-user", username: "Quick Fox" };
    save(member, [answer("6 × 7 = ?", 42, true, START + 1_000)]);
    expect(levelOf(factBooksOf(member)["*"]?.facts.get("*6,7"))).toBe("fluent");

    const schoolId = insertSchool("Facts School");
    const teacherId = insertTeacher({ name: "Facts Teacher", email: null, schoolId, loginCode: "71234567" });
    const classId = insertClass({ name: "Facts Class", schoolId, teacherId, loginKey: newClassLoginKey() });
    db.insert(students)
      .values([
        { id: "facts-pupil-1", name: "Ada", classId, loginCode: "71234568" },
        { id: "facts-pupil-2", name: "Ben", classId, loginCode: "71234569" },
      ])
      .run();
    save({ kind: "student", studentId: "facts-pupil-1" }, [answer("3 + 4 = ?", 7, false, START + 5_000)]);
    const byPupil = factBooksOfClass(classId);
    expect(Array.from(byPupil.keys())).toEqual(["facts-pupil-1"]);
    expect(levelOf(byPupil.get("facts-pupil-1")?.["+"]?.facts.get("+3,4"))).toBe("weak");

    db.delete(students).where(eq(students.id, "facts-pupil-1")).run();
    expect(rowsOf("studentId", "facts-pupil-1")).toEqual([]);
    db.delete(users).where(eq(users.id, "facts-user")).run();
    expect(rowsOf("userId", "facts-user")).toEqual([]);
  });

  it("are written with the run or not at all", () => {
    const visitor: Player = { kind: "anon", anonId: "facts-visitor-3" };
    const records = [answer("2 × 2 = ?", 4, true, START + 1_000)];
    expect(save(visitor, records)).toMatchObject({ saved: true });
    const before = rowsOf("anonId", visitor.anonId);
    // The same run id again: refused as a replay, and the records are as they were.
    runs -= 1;
    expect(save(visitor, records)).toEqual({ saved: false });
    expect(rowsOf("anonId", visitor.anonId)).toEqual(before);
  });
});

const DAY = 24 * 60 * 60 * 1000;
