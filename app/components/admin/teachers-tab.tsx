import { useForm } from "~/components/forms/use-form";
import { Form, Link } from "@remix-run/react";
import { TextField, sentValue } from "~/components/auth/text-field";
import { ConfirmStep, confirmStepOf } from "~/components/forms/confirm-step";
import { ErrorSummary } from "~/components/forms/error-summary";
import { NEW_CODE_STEP } from "~/utils/school-pages";
import type { SchoolOption, TeacherView } from "~/types/admin";
import type { AdminReply, Reply } from "./admin-reply";
import { CopyCodeButton } from "./copy-code-button";
import { SelectField } from "./select-field";

/*
 * The Teachers tab (docs/product.md#admin): a new teacher, then every teacher with their school and login code.
 * Edit opens the teacher's form in the list (`?tab=teachers&edit={id}`), a plain link, so it needs no JavaScript;
 * New code leads to its confirmation step (`&new-code={id}`, docs/product.md#confirmation-steps).
 */

const TEACHERS = "/admin?tab=teachers";

/** A teacher's new code, confirmed first: Confirm posts the tab's form, Cancel goes back to the list. */
export function TeacherNewCodeConfirm({ teacher }: { teacher: { id: string; name: string } }) {
  return (
    <ConfirmStep
      question={`Give ${teacher.name} a new login code?`}
      consequence="Their old code stops working at once, and they are logged out everywhere. Tell them the new code."
      action={TEACHERS}
      fields={{ intent: "regenerate-teacher-code", teacherId: teacher.id }}
      confirmLabel="Yes, give a new code"
      cancelTo={`${TEACHERS}#teacher-${teacher.id}`}
    />
  );
}

export function TeachersTab({
  teachers,
  schools,
  editing,
  reply,
}: {
  teachers: TeacherView[];
  schools: SchoolOption[];
  /** The teacher whose edit form is open, if any. */
  editing: string | null;
  reply: AdminReply | undefined;
}) {
  const editReply = reply?.intent === "edit-teacher" ? reply : undefined;
  const openEdit = editReply?.target ?? editing;
  return (
    <>
      {schools.length === 0 ? (
        <section className="card admin-card" aria-labelledby="create-teacher-heading">
          <h2 id="create-teacher-heading">Create a teacher</h2>
          <p className="notice">
            A teacher belongs to a school: <Link to="/admin?tab=schools">create a school</Link> first.
          </p>
        </section>
      ) : (
        <CreateTeacherForm
          key={`teacher-${teachers.length}`}
          schools={schools}
          lastResult={reply?.intent === "create-teacher" ? reply.result : undefined}
        />
      )}
      <section aria-labelledby="teachers-heading">
        <h2 id="teachers-heading">Teachers</h2>
        {teachers.length === 0 ? (
          <p>No teachers yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Teachers, newest first, with their school and login code</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">School</th>
                  <th scope="col">Email</th>
                  <th scope="col">Login code</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {teachers.map((teacher) => (
                  <TeacherRows
                    key={teacher.id}
                    teacher={teacher}
                    editing={openEdit === teacher.id}
                    lastResult={editReply?.target === teacher.id ? editReply.result : undefined}
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

function CreateTeacherForm({ schools, lastResult }: { schools: SchoolOption[]; lastResult: Reply }) {
  const [form, fields] = useForm({ id: "create-teacher", lastResult });
  return (
    <section className="card admin-card" aria-labelledby="create-teacher-heading">
      <h2 id="create-teacher-heading">Create a teacher</h2>
      <p>Each teacher gets an 8-digit login code, shown when they are created and in the list below.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action="/admin?tab=teachers" noValidate>
        <input type="hidden" name="intent" value="create-teacher" />
        <TextField
          field={fields.name!}
          label="Teacher's name"
          autoComplete="off"
          maxLength={100}
          defaultValue={sentValue(lastResult, "name")}
        />
        <TextField
          field={fields.email!}
          label="Email (optional)"
          type="email"
          autoComplete="off"
          maxLength={254}
          defaultValue={sentValue(lastResult, "email")}
        />
        <SelectField
          field={fields.schoolId!}
          label="School"
          placeholder="Choose a school"
          options={schools}
          defaultValue={sentValue(lastResult, "schoolId")}
        />
        <button type="submit" className="button button-primary">
          Create Teacher
        </button>
      </Form>
    </section>
  );
}

function TeacherRows({ teacher, editing, lastResult }: { teacher: TeacherView; editing: boolean; lastResult: Reply }) {
  return (
    <>
      <tr id={`teacher-${teacher.id}`} data-testid="teacher-row">
        <th scope="row">{teacher.name}</th>
        <td>{teacher.schoolName}</td>
        <td>{teacher.email ?? <span className="admin-muted">none</span>}</td>
        <td>
          <code className="login-code" data-testid="login-code">
            {teacher.loginCode}
          </code>
        </td>
        <td>
          <div className="admin-actions">
            {editing ? null : (
              <Link
                to={`/admin?tab=teachers&edit=${encodeURIComponent(teacher.id)}#edit-teacher-${teacher.id}-heading`}
              >
                Edit<span className="visually-hidden"> {teacher.name}</span>
              </Link>
            )}
            <CopyCodeButton code={teacher.loginCode} name={teacher.name} />
            <Link to={confirmStepOf(TEACHERS, NEW_CODE_STEP, teacher.id)}>
              New code<span className="visually-hidden"> for {teacher.name}</span>
            </Link>
          </div>
        </td>
      </tr>
      {editing ? (
        <tr className="admin-edit-row">
          <td colSpan={5}>
            <EditTeacherForm teacher={teacher} lastResult={lastResult} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function EditTeacherForm({ teacher, lastResult }: { teacher: TeacherView; lastResult: Reply }) {
  const [form, fields] = useForm({ id: `edit-teacher-${teacher.id}`, lastResult });
  const sentEmail = sentValue(lastResult, "email");
  return (
    <div className="admin-subform">
      <h3 id={`${form.id}-heading`} tabIndex={-1}>
        Edit {teacher.name}
      </h3>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={`/admin?tab=teachers&edit=${encodeURIComponent(teacher.id)}`} noValidate>
        <input type="hidden" name="intent" value="edit-teacher" />
        <input type="hidden" name="teacherId" value={teacher.id} />
        <TextField
          field={fields.name!}
          label="Teacher's name"
          autoComplete="off"
          maxLength={100}
          defaultValue={sentValue(lastResult, "name") ?? teacher.name}
        />
        <TextField
          field={fields.email!}
          label="Email (optional)"
          type="email"
          autoComplete="off"
          maxLength={254}
          defaultValue={lastResult ? (sentEmail ?? "") : (teacher.email ?? "")}
        />
        <div className="admin-actions">
          <button type="submit" className="button button-primary">
            Save
          </button>
          <Link to="/admin?tab=teachers" className="button button-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
