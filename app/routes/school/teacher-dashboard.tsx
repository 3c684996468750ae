import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClassGoalBar } from "~/components/facts/class-goal";
import { requireTeacher } from "~/auth/school-session.server";
import { ReadFailed } from "~/components/read-failed";
import { RouteError } from "~/components/route-error";
import { ClassLinks, ClassSelector, DeleteConfirmation, TeacherPage } from "~/components/teacher/dashboard";
import { StudentCard } from "~/components/teacher/student-card";
import { AddStudentForm, NewCodeConfirm } from "~/components/school/student-forms";
import type { StudentReply } from "~/components/school/student-reply";
import stickerStyles from "~/styles/stickers.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { privateHead } from "~/utils/private-head";
import { classPageOf } from "~/utils/school-pages";
import { readForm } from "~/utils/request.server";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";
import { ClassParentLinksConfirm, ParentLinkConfirm } from "~/components/teacher/parent-links";
import { actorOfTeacher } from "~/school/audit.server";
import { giveClassParentLinks, giveParentLink, stopParentLink } from "~/school/parent-links.server";
import { addStudent, editStudent, newStudentCode, removeStudent, teacherScope } from "~/school/students.server";
import { dashboardData } from "./teacher-dashboard.server";

export const { links, meta, headers } = privateHead([teacherStyles, stickerStyles], {
  title: "Teacher Dashboard",
  description: "Your classes and students, their login codes and how they are doing.",
  path: "/teacher-dashboard",
});

/**
 * The teacher dashboard (docs/product.md#teachers): the teacher's classes (`?class=`, else the first), the
 * chosen class's students with their cards; `&edit=` opens a student's form in their card, `&delete=` is the
 * confirmation page of a delete without JavaScript, `&new-code=` the confirmation step of a new login code.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return dashboardData(teacher, new URL(request.url));
}

/** The dashboard's forms, by `intent`: the student service checks that the class or student is the teacher's own. */
export async function action({ request }: ActionFunctionArgs) {
  const teacher = await requireTeacher(request);
  const scope = teacherScope(teacher.teacherId);
  const actor = actorOfTeacher(teacher);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "add-student":
      return addStudent(request, scope, form, actor);
    case "edit-student":
      return editStudent(request, scope, form, actor);
    case "delete-student":
      // The pupil is erased with all their data, and a record kept (docs/product.md#data-rights).
      return removeStudent(request, scope, form, actor);
    case "regenerate-code":
      return newStudentCode(request, scope, form, actor);
    // Parent links (docs/product.md#parents).
    case "give-parent-link":
      return giveParentLink(request, scope, form, actor);
    case "stop-parent-link":
      return stopParentLink(request, scope, form, actor);
    case "give-class-parent-links":
      return giveClassParentLinks(request, scope, form, actor);
    default:
      return new Response("Unknown dashboard form.", { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}

export default function TeacherDashboard() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StudentReply | undefined;
  const teacher = { name: loaded.name, schoolName: loaded.schoolName, signInAddress: loaded.signInAddress };
  const { selected, games } = loaded;

  if (!loaded.classes.ok)
    return (
      <TeacherPage title="Teacher Dashboard" teacher={teacher}>
        <ReadFailed message={M.fetchClassesFailed} />
      </TeacherPage>
    );
  if (!selected)
    return (
      <TeacherPage title="Teacher Dashboard" teacher={teacher}>
        <p className="notice">{M.noClasses}</p>
      </TeacherPage>
    );
  if (loaded.newCode)
    return (
      <TeacherPage title="Teacher Dashboard" teacher={teacher}>
        <NewCodeConfirm
          area="teacher"
          page={classPageOf("teacher", selected.id)}
          student={loaded.newCode}
          cancelTo={`${classPageOf("teacher", selected.id)}#student-${loaded.newCode.id}`}
        />
      </TeacherPage>
    );
  if (loaded.parentStep)
    return (
      <TeacherPage title="Teacher Dashboard" teacher={teacher}>
        <ParentLinkConfirm {...loaded.parentStep} dashboard={classPageOf("teacher", selected.id)} />
      </TeacherPage>
    );
  if (loaded.classParentLinks)
    return (
      <TeacherPage title="Teacher Dashboard" teacher={teacher}>
        <ClassParentLinksConfirm
          klass={selected}
          dashboard={classPageOf("teacher", selected.id)}
          until={loaded.classParentLinks.until}
        />
      </TeacherPage>
    );
  if (loaded.deleting)
    return (
      <TeacherPage title="Teacher Dashboard" teacher={teacher}>
        <DeleteConfirmation student={loaded.deleting} classId={selected.id} />
      </TeacherPage>
    );

  const editReply = reply?.intent === "edit-student" ? reply : undefined;
  const editing = editReply?.target ?? loaded.editing;
  const students = loaded.students;
  return (
    <TeacherPage title="Teacher Dashboard" teacher={teacher}>
      <section className="teacher-class" aria-labelledby="class-heading">
        <h2 id="class-heading" className="visually-hidden">
          Your class
        </h2>
        <ClassSelector classes={loaded.classes.value} selected={selected} />
        <ClassLinks classId={selected.id} />
      </section>
      {loaded.goal?.ok && loaded.goal.value ? <ClassGoalBar view={loaded.goal.value} /> : null}
      {/* A new key after each student is added, so the form starts empty again (with JavaScript it stays mounted). */}
      <AddStudentForm
        key={`add-${selected.id}-${students?.ok ? students.value.length : 0}`}
        area="teacher"
        classId={selected.id}
        games={games}
        lastResult={reply?.intent === "add-student" ? reply.result : undefined}
      />
      <section aria-labelledby="students-heading">
        <h2 id="students-heading">Students in {selected.name}</h2>
        {!students?.ok ? (
          <ReadFailed message={M.fetchStudentsFailed} />
        ) : students.value.length === 0 ? (
          <p>{M.noStudents}</p>
        ) : (
          <div className="student-cards">
            {students.value.map((student) => (
              <StudentCard
                key={student.id}
                student={student}
                classId={selected.id}
                games={games}
                editing={editing === student.id}
                lastResult={editReply?.target === student.id ? editReply.result : undefined}
              />
            ))}
          </div>
        )}
      </section>
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
