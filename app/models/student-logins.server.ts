import { and, asc, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db } from "~/db/client.server";
import { activeStudent } from "./active-students.server";
import { classes, schools, students } from "~/db/schema";

/*
 * The Student Logins table of the admin panel (docs/product.md#admin): every student with their code, class and
 * school, searched by any of the four, a page at a time. Pages are keyed by the last row shown (name, then id), not
 * by an offset, so page 1,000 costs what page 1 costs. The search is one pass over the students table: the classes
 * and schools that match are found first (small tables) and the students' own columns are compared in the same
 * pass, so no row is joined until the page's rows are chosen.
 */

export const STUDENT_LOGINS_PAGE_SIZE = 50;
/** The longest search the table takes. */
export const STUDENT_SEARCH_MAX = 100;

export type StudentLoginRow = { id: string; name: string; loginCode: string; className: string; schoolName: string };

export type StudentLoginsPage = {
  rows: StudentLoginRow[];
  /** The first row of the page, for a link to the page before it; null on the first page. */
  previous: string | null;
  /** The last row of the page, for a link to the page after it; null on the last page. */
  next: string | null;
};

/** `%text%` for LIKE, with the user's own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Students whose name, code, class or school contains `q` (ASCII letters in any case); everyone without one. */
function matching(q: string): SQL | undefined {
  if (!q) return activeStudent;
  const pattern = containing(q);
  const like = (column: SQLWrapper) => sql`${column} like ${pattern} escape '\\'`;
  const classesMatching = db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(or(like(classes.name), like(schools.name)));
  return and(
    activeStudent,
    or(like(students.name), like(students.loginCode), inArray(students.classId, classesMatching)),
  );
}

/** The sort: by name (any case), then id, so every row has one place. */
const byName = sql`${students.name} collate nocase`;

/** Rows after (or before) the row with this id in the sort; undefined when that row is gone. */
function beyond(id: string, direction: "after" | "before"): SQL | undefined | null {
  const row = db.select({ name: students.name }).from(students).where(eq(students.id, id)).get();
  if (!row) return null;
  const op = direction === "after" ? sql`>` : sql`<`;
  // A row value, so SQLite walks the students_name_nocase index from that row on.
  return sql`(${byName}, ${students.id}) ${op} (${row.name}, ${id})`;
}

/**
 * One page of the table, by name: the first page, the page after the row `after`, or the page before the row
 * `before`. A cursor whose row has been deleted since gives the first page.
 */
export function studentLoginsPage({
  q = "",
  after,
  before,
  pageSize = STUDENT_LOGINS_PAGE_SIZE,
}: {
  q?: string;
  after?: string | null;
  before?: string | null;
  pageSize?: number;
}): StudentLoginsPage {
  const direction = before ? "before" : after ? "after" : null;
  let cursor = direction ? beyond((before ?? after)!, direction) : undefined;
  if (cursor === null) cursor = undefined;
  const backwards = direction === "before" && cursor !== undefined;
  const picked = db
    .select({ id: students.id, name: students.name, loginCode: students.loginCode, classId: students.classId })
    .from(students)
    .where(and(matching(q), cursor))
    .orderBy(...(backwards ? [desc(byName), desc(students.id)] : [asc(byName), asc(students.id)]))
    .limit(pageSize + 1)
    .all();
  const more = picked.length > pageSize;
  const page = picked.slice(0, pageSize);
  if (backwards) page.reverse();

  const names = new Map(
    page.length === 0
      ? []
      : db
          .select({ id: classes.id, className: classes.name, schoolName: schools.name })
          .from(classes)
          .innerJoin(schools, eq(schools.id, classes.schoolId))
          .where(inArray(classes.id, [...new Set(page.map((row) => row.classId))]))
          .all()
          .map((row) => [row.id, row] as const),
  );
  const rows = page.map(({ classId, ...row }) => ({
    ...row,
    className: names.get(classId)?.className ?? "",
    schoolName: names.get(classId)?.schoolName ?? "",
  }));
  const first = rows[0]?.id ?? null;
  const last = rows[rows.length - 1]?.id ?? null;
  return {
    rows,
    // Going back: more rows before means a previous page; there is always a next one (where we came from).
    previous: backwards ? (more ? first : null) : cursor !== undefined ? first : null,
    next: backwards ? last : more ? last : null,
  };
}

/** How many students the search finds (all of them without one). */
export function countStudentLogins(q = ""): number {
  return db.select({ n: count() }).from(students).where(matching(q)).get()?.n ?? 0;
}
