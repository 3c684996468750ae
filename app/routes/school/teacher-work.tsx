import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { TeacherPage, dashboardOf } from "~/components/teacher/dashboard";
import { ClassWorkList, RemoveWorkStep, WorkForm } from "~/components/teacher/set-work";
import type { WorkReply } from "~/components/teacher/set-work-reply";
import { actorOfTeacher } from "~/school/audit.server";
import { workAction, workPageData } from "~/school/set-work.server";
import { classInScope, teacherScope } from "~/school/students.server";
import teacherStyles from "~/styles/teacher.css?url";
import { now } from "~/utils/clock.server";
import { privateHead } from "~/utils/private-head";
import { readForm } from "~/utils/request.server";
import { SET_WORK_MESSAGES as M } from "~/utils/set-work-messages";

export const { links, meta, headers } = privateHead([teacherStyles], {
  title: "Set work",
  description: "Set a class some games to play by a date, and see who has done them.",
  path: "/teacher-dashboard/work",
});

/**
 * A class's set work (docs/product.md#set-work): `?class=` (the teacher's own), `&change={work}` to change a piece,
 * `&remove={work}` for the confirmation step before removing one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return workPageData(teacherScope(teacher.teacherId), new URL(request.url), now());
}

/** Set, change or remove: the class (`?class=`) is checked against the teacher before the form is read. */
export async function action({ request }: ActionFunctionArgs) {
  const teacher = await requireTeacher(request);
  const classId = new URL(request.url).searchParams.get("class");
  const klass = classInScope(teacherScope(teacher.teacherId), classId);
  const form = await readForm(request);
  return workAction(request, klass, form, actorOfTeacher(teacher), now());
}

export default function TeacherWork() {
  const { classId, className, today, work, full, changing, removing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as WorkReply | undefined;
  return (
    <TeacherPage title={M.title(className)}>
      <p>
        <Link to={dashboardOf(classId)}>Back to the dashboard</Link>
      </p>
      {removing ? (
        <RemoveWorkStep classId={classId} work={removing} />
      ) : (
        <>
          <p>{M.intro}</p>
          <ClassWorkList classId={classId} work={work} />
          {changing ? (
            <WorkForm key={changing.id} classId={classId} today={today} changing={changing} reply={reply} />
          ) : full ? (
            <section className="card teacher-card" aria-labelledby="work-form-heading">
              <h2 id="work-form-heading">{M.newHeading}</h2>
              <p>{M.full}</p>
            </section>
          ) : (
            <WorkForm classId={classId} today={today} changing={null} reply={reply} />
          )}
        </>
      )}
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
