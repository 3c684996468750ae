import { Form, Link, useLocation } from "@remix-run/react";
import { NewCodeLink } from "~/components/school/student-forms";
import type { StudentLoginsView } from "~/types/admin";

/*
 * The Student Logins tab (docs/product.md#admin): every student with their login code, class and school, by name,
 * 50 to a page. The search is a GET form (`q`), so a search is a link like any other page; New code (after its
 * confirmation step) keeps the search and the page.
 */

export function StudentsTab({ logins }: { logins: StudentLoginsView }) {
  const { q, rows, total } = logins;
  const here = `/admin${useLocation().search}`;
  const counted = `${total.toLocaleString("en-GB")} ${total === 1 ? "student" : "students"}`;
  return (
    <>
      <section className="card admin-card" aria-labelledby="students-heading">
        <h2 id="students-heading">Student Logins</h2>
        <p>Every student of every school, with their login code. Search by name, login code, class or school.</p>
        <Form method="get" action="/admin" role="search" aria-label="Students" className="admin-search">
          <input type="hidden" name="tab" value="students" />
          <div className="field">
            <label htmlFor="student-search">Search students</label>
            <input id="student-search" name="q" type="search" defaultValue={q} maxLength={100} autoComplete="off" />
          </div>
          <div className="admin-actions">
            <button type="submit" className="button button-primary">
              Search
            </button>
            {q ? <Link to="/admin?tab=students">Show all students</Link> : null}
          </div>
        </Form>
      </section>
      <section aria-labelledby="student-logins-heading">
        <h2 id="student-logins-heading">{q ? `Students matching “${q}”` : "All students"}</h2>
        <p data-testid="student-count">{q ? `${counted} found.` : `${counted} in all.`}</p>
        {rows.length === 0 ? (
          <p>{q ? "No student matches this search." : "No students yet. Add them on a class's page."}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Students by name, with their login code, class and school</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Login code</th>
                  <th scope="col">Class</th>
                  <th scope="col">School</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid="student-login-row">
                    <th scope="row">{row.name}</th>
                    <td>
                      <code className="login-code" data-testid="login-code">
                        {row.loginCode}
                      </code>
                    </td>
                    <td>{row.className}</td>
                    <td>{row.schoolName}</td>
                    <td>
                      <NewCodeLink area="admin" page={here} student={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {logins.previous || logins.next ? (
          <nav className="admin-pager" aria-label="Pages of students">
            {logins.previous ? <Link to={logins.previous}>Previous page</Link> : null}
            {logins.next ? <Link to={logins.next}>Next page</Link> : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
