import { useForm } from "~/components/forms/use-form";
import { Form } from "@remix-run/react";
import { ErrorSummary } from "~/components/forms/error-summary";
import { NEW_STUDENT, StudentFields, shownStudentValues } from "~/components/school/student-fields";
import type { Reply } from "./teacher-reply";

/*
 * The student form of the teacher dashboard (docs/product.md#teachers), to add a student or edit one: a plain POST
 * form through the one form pattern. With JavaScript the submit button waits for at least one operation; without
 * it the server says so.
 */

export function AddStudentForm({ classId, lastResult }: { classId: string; lastResult: Reply }) {
  const [form, fields] = useForm({ id: "add-student", lastResult });
  return (
    <section className="card teacher-card" aria-labelledby="add-student-heading">
      <h2 id="add-student-heading">Add a student</h2>
      <p>Each student gets an 8-digit login code, shown when they are added and on their card below.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={`/teacher-dashboard?class=${encodeURIComponent(classId)}`} noValidate>
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
