import { Link } from "@remix-run/react";
import { ReadFailed } from "~/components/read-failed";
import { STUDENT_OPERATIONS, studentDifficultyLabel } from "~/game";
import {
  AddStudentForm,
  EditStudentForm,
  EditStudentLink,
  NewCodeConfirm,
  NewCodeLink,
} from "~/components/school/student-forms";
import type { ClassConfirmView, ClassPageView, ClassStudentView } from "~/types/admin";
import type { Read } from "~/types/read";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { ERASE_STEP, classPageOf } from "~/utils/school-pages";
import { confirmStepOf, ConfirmStep } from "~/components/forms/confirm-step";
import { EXTRA_TIME_LABELS, OPERATION_LABELS } from "~/utils/teacher-messages";
import type { AdminReply, Reply } from "./admin-reply";
import { LogoForm, RemoveLogoConfirm } from "./logo-form";

/*
 * One class's page on the Schools & Classes tab (docs/product.md#admin), `?tab=schools&class={id}`: the class's
 * logo, a form to add a student, and the students with their codes, settings, Edit (`&edit={id}`, a plain link)
 * and New code (after its confirmation step, `&new-code={id}`): the student forms of both areas
 * (~/components/school/student-forms), answered by the one student service.
 */

export function ClassPage({
  klass,
  students,
  editing,
  confirming,
  reply,
}: {
  klass: ClassPageView;
  students: Read<ClassStudentView[]>;
  editing: string | null;
  /** A confirmation step shown instead of the page (docs/product.md#confirmation-steps). */
  confirming: ClassConfirmView | null;
  reply: AdminReply | undefined;
}) {
  const page = classPageOf("admin", klass.id);
  if (confirming?.kind === "new-code")
    return (
      <NewCodeConfirm
        area="admin"
        page={page}
        student={confirming.student}
        cancelTo={`${page}#student-${confirming.student.id}`}
      />
    );
  if (confirming?.kind === "erase")
    return (
      <ConfirmStep
        question={`Erase ${confirming.student.name} and all their data?`}
        consequence="This cannot be undone. Their results, games, fact records and logins all go now, and their login code stops working. We keep only a note that a pupil of this class was erased, when, and by whom."
        action={page}
        fields={{ intent: "erase-student", studentId: confirming.student.id }}
        confirmLabel="Yes, erase everything"
        cancelTo={`${page}#student-${confirming.student.id}`}
        destructive
      />
    );
  if (confirming?.kind === "remove-logo")
    return <RemoveLogoConfirm owner="class" ownerId={klass.id} name={klass.name} page={page} />;
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
          {" · "}
          <Link to={`/admin/facts?class=${encodeURIComponent(klass.id)}`}>Class facts</Link>
          {" · "}
          <Link to={`/admin/import?class=${encodeURIComponent(klass.id)}`}>Import pupils</Link>
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
        area="admin"
        classId={klass.id}
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
                    classId={klass.id}
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

/** A student's settings in words: "Addition, Subtraction · Tables 2, 5 · Normal", then "· Extra time × 2 · Calm". */
function settingsText(student: ClassStudentView): string {
  const operations = STUDENT_OPERATIONS.filter((op) => student.allowedOperations.includes(op))
    .map((op) => OPERATION_LABELS[op].replace(/ \(.*\)$/, ""))
    .join(", ");
  const tables = student.timesTables.length ? `Tables ${student.timesTables.join(", ")}` : "All tables";
  const extra = student.extraTime !== 1 ? ` · Extra time ${EXTRA_TIME_LABELS[student.extraTime]}` : "";
  const calm = student.calm ? " · Calm mode" : "";
  // The games their teacher gave (docs/decisions/0083-extra-games-per-pupil.md), only when some.
  const games = student.extraGamesWords && student.extraGamesWords !== "None" ? ` · ${student.extraGamesWords}` : "";
  return `${operations} · ${tables} · ${studentDifficultyLabel(student.difficulty)}${extra}${calm}${games}`;
}

function StudentRows({
  student,
  classId,
  editing,
  lastResult,
}: {
  student: ClassStudentView;
  classId: string;
  editing: boolean;
  lastResult: Reply;
}) {
  const page = classPageOf("admin", classId);
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
            {editing ? null : <EditStudentLink area="admin" classId={classId} student={student} />}
            <NewCodeLink area="admin" page={page} student={student} />
            <Link to={confirmStepOf(page, ERASE_STEP, student.id)}>
              Erase<span className="visually-hidden"> {student.name}</span>
            </Link>
          </div>
        </td>
      </tr>
      {editing ? (
        <tr className="admin-edit-row">
          <td colSpan={4}>
            <EditStudentForm area="admin" classId={classId} student={student} cancelTo={page} lastResult={lastResult} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
