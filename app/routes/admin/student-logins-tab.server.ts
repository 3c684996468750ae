import { isRowId } from "~/forms/admin.server";
import { countStudentLogins, studentLoginsPage, STUDENT_SEARCH_MAX } from "~/models/student-logins.server";
import type { AuditActor } from "~/models/audit.server";
import { ADMIN_SCOPE, newStudentCode, studentInScope } from "~/school/students.server";
import type { StudentLoginsView } from "~/types/admin";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { tryRead } from "~/utils/http.server";
import { NEW_CODE_STEP } from "~/utils/school-pages";

/* The Student Logins tab of /admin (`?tab=students`, docs/product.md#admin): the searchable table, 50 to a page. */

/** What the table was asked for: the search and the page (`after` or `before` a student). */
function studentLoginsQuery(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, STUDENT_SEARCH_MAX);
  const after = url.searchParams.get("after");
  const before = url.searchParams.get("before");
  return { q, after: isRowId(after) ? after : null, before: isRowId(before) ? before : null };
}

/** The address of a page of the table. */
function studentLoginsPath(query: { q: string; after?: string | null; before?: string | null }) {
  const params = new URLSearchParams({ tab: "students" });
  if (query.q) params.set("q", query.q);
  if (query.before) params.set("before", query.before);
  else if (query.after) params.set("after", query.after);
  return `/admin?${params}`;
}

/** The table; `&new-code={student}` is a new code's confirmation step (docs/product.md#confirmation-steps). */
export function studentLoginsData(url: URL) {
  const query = studentLoginsQuery(url);
  const { q, after, before } = query;
  const newCode = url.searchParams.get(NEW_CODE_STEP);
  const student = newCode === null ? null : studentInScope(ADMIN_SCOPE, newCode);
  return {
    // The page the step's forms come back to: the same search and page, without the step.
    confirming: student ? { student: { id: student.id, name: student.name }, page: studentLoginsPath(query) } : null,
    logins: tryRead("admin student logins", (): StudentLoginsView => {
      const page = studentLoginsPage({ q, after, before });
      return {
        q,
        rows: page.rows,
        total: countStudentLogins(q),
        previous: page.previous ? studentLoginsPath({ q, before: page.previous }) : null,
        next: page.next ? studentLoginsPath({ q, after: page.next }) : null,
      };
    }),
  };
}

/**
 * A new login code for a student, from their class's page or from this table (the form's own address says
 * which: `?tab=students…` is the table, whose search and page are kept). The student service does the rest.
 */
export function regenerateStudentCode(request: Request, form: URLSearchParams, actor: AuditActor) {
  const url = new URL(request.url);
  const fromTable = url.searchParams.get("tab") === "students";
  const back = fromTable
    ? { page: studentLoginsPath(studentLoginsQuery(url)), failed: M.tableRegenerateFailed }
    : undefined;
  return newStudentCode(request, ADMIN_SCOPE, form, actor, back);
}
