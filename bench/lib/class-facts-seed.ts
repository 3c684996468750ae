/**
 * A class of 30 pupils with a term's fact records, and its teacher's school session, for the pages bench's class
 * facts page (docs/product.md#heat-maps): `node --import tsx bench/lib/class-facts-seed.ts`, with the bench server's
 * environment (its database and session secret). Prints `{ "path": …, "cookie": … }` as JSON.
 *
 * Each pupil has met most of the times tables and some sums, at every level, made by the pure fold from a seeded
 * list of answers over a month, so the page reads and summarises books as big as real ones.
 */
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { db } from "~/db/client.server";
import { factRecords } from "~/db/schema";
import { encodeBook } from "~/facts/codec";
import { applyToBook, emptyBook, type FactAnswer } from "~/facts/state";
import { factKey, factsOf, type FactOp } from "~/game/facts";
import { rngFromString } from "~/game";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";

export const CLASS_SIZE = 30;
const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 9, 1, 9, 0);

/** A month of answers to `share` of an operation's facts: some known, some slow, some missed. */
function answersFor(op: FactOp, share: number, next: () => number): FactAnswer[] {
  const answers: FactAnswer[] = [];
  for (const fact of factsOf(op)) {
    if (next() > share) continue;
    const skill = next();
    for (let day = 0; day < 30; day += 1 + Math.floor(next() * 6)) {
      const correct = next() < 0.5 + skill / 2;
      const ms = correct ? 800 + Math.floor(next() * 5_000 * (1 - skill)) : 4_000;
      answers.push({ key: factKey(fact), op, correct, ms, at: START + day * DAY + Math.floor(next() * 60_000) });
    }
  }
  return answers.sort((x, y) => x.at - y.at);
}

// The engine's own seeded generator, so every run of the bench seeds the same class.
const next = rngFromString("class-facts-seed").next;
const schoolId = insertSchool("Bench Facts School");
const teacher = withFreshLoginCode((loginCode) =>
  insertTeacher({ name: "Bench Teacher", email: null, schoolId, loginCode }),
);
const classId = insertClass({ name: "Bench Class", schoolId, teacherId: teacher.value, loginKey: newClassLoginKey() });
for (let i = 0; i < CLASS_SIZE; i++) {
  const studentId = withFreshLoginCode((loginCode) =>
    insertStudent({
      name: `Pupil ${String(i + 1).padStart(2, "0")}`,
      classId,
      loginCode,
      timesTables: [],
      allowedOperations: ["addition", "subtraction", "multiplication"],
      difficulty: "medium",
    }),
  ).value;
  for (const [op, share] of [
    ["*", 0.8],
    ["+", 0.5],
    ["-", 0.3],
  ] as const) {
    const book = applyToBook(emptyBook(), answersFor(op, share, next));
    db.insert(factRecords)
      .values({ studentId, op, data: encodeBook(book), updatedAt: START + 30 * DAY })
      .run();
  }
}
const response = await schoolSignInAndRedirect(
  new Request("http://localhost/"),
  { teacherId: teacher.value },
  { to: "/" },
);
const cookie = response.headers
  .getSetCookie()
  .find((c) => c.startsWith("__school="))
  ?.split(";")[0];
console.log(JSON.stringify({ path: `/teacher-dashboard/facts?class=${classId}`, cookie }));
