import { useForm } from "~/components/forms/use-form";
import { Form, Link } from "@remix-run/react";
import { ErrorSummary } from "~/components/forms/error-summary";
import { ReadFailed } from "~/components/read-failed";
import { STUDENT_OPERATIONS, studentDifficultyLabel } from "~/game";
import { EditStudentForm, NEW_STUDENT, StudentFields, shownStudentValues } from "~/components/school/student-fields";
import type { ClassPageView, ClassStudentView } from "~/types/admin";
import type { Read } from "~/types/read";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { OPERATION_LABELS } from "~/utils/teacher-messages";
import type { AdminReply, Reply } from "./admin-reply";
import { LogoForm } from "./logo-form";

/*
 * One class's page on the Schools & Classes tab (docs/product.md#admin), `?tab=schools&class={id}`: the class's
 * logo, a form to add a student, and the students with their codes, settings, Edit (`&edit={id}`, a plain link)
 * and New code. The student form checks what the teacher dashboard's does (app/forms/teacher.server.ts).
 */

export function ClassPage({
  klass,
  students,
  editing,
  reply,
}: {
  klass: ClassPageView;
  students: Read<ClassStudentView[]>;
  editing: string | null;
  reply: AdminReply | undefined;
}) {
  const page = `/admin?tab=schools&class=${encodeURIComponent(klass.id)}`;
  const editReply = reply?.intent === "edit-student" ? reply : undefined;
  const openEdit = editReply?.target ?? editing;
  return (
    <>
      <p>
        <Link to="/admin?tab=schools">Back to all schools and classes</Link>
      </p>
      <section className="card admin-card" aria-labelledby="class-heading">
        <h2 id="class-heading">{klass.name}</h2>
        <p>
          {klass.schoolName} <span className="admin-muted">· Teacher: {klass.teacherName}</span>
        </p>
        <p>
          <Link to={`/admin/cards?class=${encodeURIComponent(klass.id)}`}>Print login cards</Link>
        </p>
        <h3>Class logo</h3>
        <LogoForm
          key={klass.logoUrl ?? "none"}
          owner="class"
          ownerId={klass.id}
          name={klass.name}
          logoUrl={klass.logoUrl}
          action={page}
          lastResult={
            reply?.intent === "upload-logo" && reply.target === `class-${klass.id}` ? reply.result : undefined
          }
        />
      </section>
      <AddStudentForm
        key={students.ok ? `students-${students.value.length}` : "students"}
        classId={klass.id}
        action={page}
        lastResult={reply?.intent === "add-student" ? reply.result : undefined}
      />
      <section aria-labelledby="class-students-heading">
        <h2 id="class-students-heading">Students</h2>
        {!students.ok ? (
          <ReadFailed message={M.fetchStudentsFailed} />
        ) : students.value.length === 0 ? (
          <p>No students in this class yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">The class&apos;s students, by name, with their login codes</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Login code</th>
                  <th scope="col">Settings</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {students.value.map((student) => (
                  <StudentRows
                    key={student.id}
                    student={student}
                    page={page}
                    editing={openEdit === student.id}
                    lastResult={editReply?.target === student.id ? editReply.result : undefined}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** A student's settings in words: "Addition, Subtraction · Tables 2, 5 · Normal". */
function settingsText(student: ClassStudentView): string {
  const operations = STUDENT_OPERATIONS.filter((op) => student.allowedOperations.includes(op))
    .map((op) => OPERATION_LABELS[op].replace(/ \(.*\)$/, ""))
    .join(", ");
  const tables = student.timesTables.length ? `Tables ${student.timesTables.join(", ")}` : "All tables";
  return `${operations} · ${tables} · ${studentDifficultyLabel(student.difficulty)}`;
}

function StudentRows({
  student,
  page,
  editing,
  lastResult,
}: {
  student: ClassStudentView;
  page: string;
  editing: boolean;
  lastResult: Reply;
}) {
  return (
    <>
      <tr id={`student-${student.id}`} data-testid="student-row">
        <th scope="row">{student.name}</th>
        <td>
          <code className="login-code" data-testid="login-code">
            {student.loginCode}
          </code>
        </td>
        <td>{settingsText(student)}</td>
        <td>
          <div className="admin-actions">
            {editing ? null : (
              <Link to={`${page}&edit=${encodeURIComponent(student.id)}#edit-student-${student.id}-heading`}>
                Edit<span className="visually-hidden"> {student.name}</span>
              </Link>
            )}
            <Form method="post" action={page}>
              <input type="hidden" name="intent" value="regenerate-student-code" />
              <input type="hidden" name="studentId" value={student.id} />
              <button type="submit" className="link-button">
                New code<span className="visually-hidden"> for {student.name}</span>
              </button>
            </Form>
          </div>
        </td>
      </tr>
      {editing ? (
        <tr className="admin-edit-row">
          <td colSpan={4}>
            <EditStudentForm
              student={student}
              action={`${page}&edit=${encodeURIComponent(student.id)}`}
              cancelTo={page}
              area="admin"
              lastResult={lastResult}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/* The student form: name, operations (at least one), times tables (optional), difficulty. */

function AddStudentForm({ classId, action, lastResult }: { classId: string; action: string; lastResult: Reply }) {
  const [form, fields] = useForm({ id: "add-student", lastResult });
  return (
    <section className="card admin-card" aria-labelledby="add-student-heading">
      <h2 id="add-student-heading">Add a student</h2>
      <p>Each student gets an 8-digit login code, shown when they are added and in the list below.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={action} noValidate>
        <input type="hidden" name="intent" value="add-student" />
        <input type="hidden" name="classId" value={classId} />
        <StudentFields
          fields={fields}
          values={shownStudentValues(NEW_STUDENT, lastResult)}
          submit={(disabled) => (
            <button type="submit" className="button button-primary" disabled={disabled}>
              Add Student
            </button>
          )}
        />
      </Form>
    </section>
  );
}
