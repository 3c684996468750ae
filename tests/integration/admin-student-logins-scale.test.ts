import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { countStudentLogins, studentLoginsPage } from "~/models/student-logins.server";

/*
 * The Student Logins table at a district's size (docs/product.md#admin): 50,000 students in 2,000 classes of 50
 * schools, in a real SQLite file. Pages are keyed by the last row shown, so a page deep in the list costs what the
 * first costs. The times are logged, not asserted tightly (machines differ); the bound below only catches a query
 * that has gone badly wrong.
 */

const SCHOOLS = 50;
const CLASSES_PER_SCHOOL = 40;
const STUDENTS = 50_000;
const FIRST = [
  "Ada",
  "Ben",
  "Cara",
  "Dev",
  "Ella",
  "Finn",
  "Grace",
  "Hari",
  "Isla",
  "Jack",
  "Kai",
  "Lena",
  "Mo",
  "Nia",
];
const LAST = [
  "Smith",
  "Jones",
  "Patel",
  "Khan",
  "Brown",
  "Taylor",
  "Wilson",
  "Evans",
  "Okafor",
  "Nowak",
  "Li",
  "Murphy",
];

beforeAll(() => {
  const sqlite = db.$client;
  const insertSchool = sqlite.prepare("INSERT INTO schools (id, name) VALUES (?, ?)");
  const insertTeacher = sqlite.prepare("INSERT INTO teachers (id, name, school_id, login_code) VALUES (?, ?, ?, ?)");
  const insertClass = sqlite.prepare(
    "INSERT INTO classes (id, name, school_id, teacher_id, login_key) VALUES (?, ?, ?, ?, ?)",
  );
  const insertStudent = sqlite.prepare("INSERT INTO students (id, name, class_id, login_code) VALUES (?, ?, ?, ?)");
  const started = performance.now();
  sqlite.transaction(() => {
    for (let s = 0; s < SCHOOLS; s++) {
      insertSchool.run(`school-${s}`, `Scale School ${s}`);
      insertTeacher.run(`teacher-${s}`, `Teacher ${s}`, `school-${s}`, String(90_000_000 + s));
      for (let c = 0; c < CLASSES_PER_SCHOOL; c++) {
        const k = s * CLASSES_PER_SCHOOL + c;
        insertClass.run(`class-${k}`, `Class ${k}`, `school-${s}`, `teacher-${s}`, `key-${k}`);
      }
    }
    const classes = SCHOOLS * CLASSES_PER_SCHOOL;
    for (let i = 0; i < STUDENTS; i++) {
      const name = `${FIRST[(i * 7) % FIRST.length]} ${LAST[(i * 13) % LAST.length]} ${i % 997}`;
      insertStudent.run(`student-${i}`, name, `class-${i % classes}`, String(10_000_000 + i));
    }
  })();
  console.log(`seeded ${STUDENTS} students in ${Math.round(performance.now() - started)} ms`);
}, 120_000);

/** Runs `read` a few times and logs the median time; returns the last result. */
function timed<T>(what: string, read: () => T): T {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    result = read();
    times.push(performance.now() - started);
  }
  const median = times.sort((a, b) => a - b)[2]!;
  console.log(`${what}: ${median.toFixed(1)} ms (median of 5)`);
  // Only a query gone badly wrong (a sort of every row per page, a join per row) takes this long.
  expect(median, what).toBeLessThan(1_000);
  return result;
}

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

describe("Student Logins with 50,000 students", () => {
  it("counts them and shows the first page, the page after any row and the page before it", () => {
    expect(timed("count of all", () => countStudentLogins())).toBe(STUDENTS);
    const first = timed("first page", () => studentLoginsPage({}));
    expect(first.rows).toHaveLength(50);
    expect([...first.rows].sort(byName)).toEqual(first.rows);
    expect(first.rows[0]).toMatchObject({
      className: expect.stringMatching(/^Class \d+$/),
      schoolName: expect.any(String),
    });

    // Deep in the list: the page after a row in the middle, then back.
    const middle = "student-31337";
    const after = timed("page after a middle row", () => studentLoginsPage({ after: middle }));
    expect(after.rows).toHaveLength(50);
    const cursor = db.$client.prepare("SELECT id, name FROM students WHERE id = ?").get(middle) as {
      id: string;
      name: string;
    };
    expect(byName(cursor, after.rows[0]!)).toBe(-1);
    const before = timed("page before it", () => studentLoginsPage({ before: after.rows[0]!.id }));
    expect(before.rows).toHaveLength(50);
    expect(before.rows[49]!.id).toBe(middle);
    expect(before.next).toBe(middle);
    expect(before.previous).toBe(before.rows[0]!.id);
  });

  it("searches by name, code, class and school", () => {
    const smiths = timed("search 'smith' (a name), count", () => countStudentLogins("smith"));
    const expected = db.$client.prepare("SELECT count(*) AS n FROM students WHERE name LIKE '%smith%'").get() as {
      n: number;
    };
    expect(smiths).toBe(expected.n);
    const page = timed("search 'smith', first page", () => studentLoginsPage({ q: "smith" }));
    expect(page.rows).toHaveLength(50);
    expect(page.rows.every((row) => /smith/i.test(row.name))).toBe(true);

    const code = timed("search an exact code", () => studentLoginsPage({ q: "10031337" }));
    expect(code.rows.map((row) => row.id)).toEqual(["student-31337"]);

    const school = timed("search a school's name", () => countStudentLogins("Scale School 17"));
    expect(school).toBe(STUDENTS / SCHOOLS);
    const klass = timed("search a class's name, first page", () => studentLoginsPage({ q: "Class 1234" }));
    expect(klass.rows.every((row) => row.className === "Class 1234")).toBe(true);
    expect(klass.rows).toHaveLength(25);

    const none = timed("search that finds nothing", () => studentLoginsPage({ q: "zzzz-nobody" }));
    expect(none.rows).toEqual([]);
  });
});
