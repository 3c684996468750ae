import { Form, Link } from "@remix-run/react";
import { ConfirmStep, confirmStepOf } from "~/components/forms/confirm-step";
import { ErrorSummary } from "~/components/forms/error-summary";
import { useForm } from "~/components/forms/use-form";
import { classPageOf, NEW_CODE_STEP, type SchoolArea } from "~/utils/school-pages";
import { NEW_STUDENT, StudentFields, shownStudentValues, type StudentFormValues } from "./student-fields";
import type { Reply } from "./student-reply";
import type { GivableGameView } from "~/types/teacher";

/*
 * The student forms of both school areas, the admin panel's class page and the teacher dashboard
 * (docs/product.md#admin, docs/product.md#teachers): add a student, edit one, a new login code (after its
 * confirmation step). Plain POST forms through the one form pattern; the one student service
 * (app/school/students.server.ts) answers them. Each area keeps its own words and look, set here side by side.
 */

const AREA = {
  admin: {
    addHint: "Each student gets an 8-digit login code, shown when they are added and in the list below.",
    editLinkClass: undefined,
    newCodeIntent: "regenerate-student-code",
    newCodeClass: undefined,
    newCodeLabel: "New code",
    editHeading: "h3",
  },
  teacher: {
    addHint: "Each student gets an 8-digit login code, shown when they are added and on their card below.",
    editLinkClass: "button button-secondary",
    newCodeIntent: "regenerate-code",
    newCodeClass: "button button-secondary",
    newCodeLabel: "New login code",
    editHeading: "h4",
  },
} as const;

export function AddStudentForm({
  area,
  classId,
  games,
  lastResult,
}: {
  area: SchoolArea;
  classId: string;
  /** The games a teacher can give (docs/decisions/0083-extra-games-per-pupil.md); none: not on this form. */
  games?: readonly GivableGameView[];
  lastResult: Reply;
}) {
  const [form, fields] = useForm({ id: "add-student", lastResult });
  return (
    <section className={`card ${area}-card`} aria-labelledby="add-student-heading">
      <h2 id="add-student-heading">Add a student</h2>
      <p>{AREA[area].addHint}</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={classPageOf(area, classId)} noValidate>
        <input type="hidden" name="intent" value="add-student" />
        <input type="hidden" name="classId" value={classId} />
        <StudentFields
          fields={fields}
          values={shownStudentValues(NEW_STUDENT, lastResult)}
          games={games}
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

type StudentOfForm = {
  id: string;
  name: string;
  allowedOperations: string[];
  timesTables: string[];
  difficulty: string;
  extraTime: number;
  calm: boolean;
  extraGames?: Record<string, string[]>;
};

/** Edit: a plain link that opens the student's form on their class's page (`&edit={id}`). */
export function EditStudentLink({
  area,
  classId,
  student,
}: {
  area: SchoolArea;
  classId: string;
  student: StudentOfForm;
}) {
  const to = `${classPageOf(area, classId)}&edit=${encodeURIComponent(student.id)}#edit-student-${student.id}-heading`;
  return (
    <Link to={to} className={AREA[area].editLinkClass}>
      Edit<span className="visually-hidden"> {student.name}</span>
    </Link>
  );
}

/**
 * New code: a link to the confirmation step on `page` (the page it is on), whose Confirm posts there. Replacing a
 * code makes every printed card of the pupil's useless at once, so it is never one click.
 */
export function NewCodeLink({
  area,
  page,
  student,
}: {
  area: SchoolArea;
  page: string;
  student: { id: string; name: string };
}) {
  const words = AREA[area];
  return (
    <Link to={confirmStepOf(page, NEW_CODE_STEP, student.id)} className={words.newCodeClass}>
      {words.newCodeLabel}
      <span className="visually-hidden"> for {student.name}</span>
    </Link>
  );
}

/** The new code's confirmation step: its Confirm posts the area's form to `page`; Cancel goes to `cancelTo`. */
export function NewCodeConfirm({
  area,
  page,
  student,
  cancelTo,
}: {
  area: SchoolArea;
  page: string;
  student: { id: string; name: string };
  cancelTo: string;
}) {
  return (
    <ConfirmStep
      question={`Give ${student.name} a new login code?`}
      consequence="Their old code stops working at once, and so does their printed login card, so print them a new one. If they are logged in now, they are logged out."
      action={page}
      fields={{ intent: AREA[area].newCodeIntent, studentId: student.id }}
      confirmLabel="Yes, give a new code"
      cancelTo={cancelTo}
    />
  );
}

/**
 * Editing one pupil: it posts to the class's page with `&edit={id}` (so a refusal shows the form again); Cancel
 * leads to `cancelTo`.
 */
export function EditStudentForm({
  area,
  classId,
  student,
  games,
  cancelTo,
  lastResult,
}: {
  area: SchoolArea;
  classId: string;
  student: StudentOfForm;
  /** The games a teacher can give (docs/decisions/0083-extra-games-per-pupil.md); none: not on this form. */
  games?: readonly GivableGameView[];
  cancelTo: string;
  lastResult: Reply;
}) {
  const [form, fields] = useForm({ id: `edit-student-${student.id}`, lastResult });
  const saved: StudentFormValues = {
    name: student.name,
    operations: student.allowedOperations,
    timesTables: student.timesTables,
    difficulty: student.difficulty,
    extraTime: String(student.extraTime),
    calm: student.calm,
    extraGames: student.extraGames ?? {},
  };
  const Heading = AREA[area].editHeading;
  const action = `${classPageOf(area, classId)}&edit=${encodeURIComponent(student.id)}`;
  return (
    <div className={`${area}-subform`}>
      <Heading id={`${form.id}-heading`} tabIndex={-1}>
        Edit {student.name}
      </Heading>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={action} noValidate>
        <input type="hidden" name="intent" value="edit-student" />
        <input type="hidden" name="studentId" value={student.id} />
        <StudentFields
          fields={fields}
          values={shownStudentValues(saved, lastResult)}
          games={games}
          submit={(disabled) => (
            <div className={`${area}-actions`}>
              <button type="submit" className="button button-primary" disabled={disabled}>
                Save
              </button>
              <Link to={cancelTo} className="button button-secondary">
                Cancel
              </Link>
            </div>
          )}
        />
      </Form>
    </div>
  );
}
