import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { RosterImport } from "~/components/school/roster-import";
import type { RosterReply } from "~/components/school/roster-reply";
import { TeacherPage } from "~/components/teacher/dashboard";
import { actorOfTeacher } from "~/school/audit.server";
import { rosterAction, rosterResult, rosterTargetOf, targetView } from "~/school/roster-import.server";
import { teacherScope } from "~/school/students.server";
import teacherStyles from "~/styles/teacher.css?url";
import { privateHead } from "~/utils/private-head";
import { classPageOf } from "~/utils/school-pages";

export const { links, meta, headers } = privateHead([teacherStyles], {
  title: "Import pupils",
  description: "Add a class's pupils from a list of names or a CSV file.",
  path: "/teacher-dashboard/import",
});

const pageOf = (classId: string) => `/teacher-dashboard/import?class=${encodeURIComponent(classId)}`;

/**
 * A class's roster import (docs/product.md#roster-import), `?class=` one of the teacher's own classes; after an
 * import, `&imported=` lists the pupils added.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  const url = new URL(request.url);
  const target = rosterTargetOf(teacherScope(teacher.teacherId), url);
  return {
    teacher: { name: teacher.name, schoolName: target.schoolName },
    target: targetView(target),
    result: rosterResult(target, url.searchParams.get("imported")),
  };
}

/** The list's preview and its import: the class is checked against the teacher before the body is read. */
export async function action({ request }: ActionFunctionArgs) {
  const teacher = await requireTeacher(request);
  const target = rosterTargetOf(teacherScope(teacher.teacherId), new URL(request.url));
  if (target.kind !== "class") throw new Response("Not found", { status: 404 });
  return rosterAction(request, target, pageOf(target.classId), actorOfTeacher(teacher));
}

export default function TeacherImport() {
  const { teacher, target, result } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as RosterReply | undefined;
  if (target.kind !== "class") return null;
  return (
    <TeacherPage title={`Import pupils: ${target.className}`} teacher={teacher}>
      <RosterImport
        target={target}
        page={pageOf(target.classId)}
        cardsPage={(classId) => `/teacher-dashboard/cards?class=${encodeURIComponent(classId)}`}
        backTo={{ to: classPageOf("teacher", target.classId), label: "Back to the dashboard" }}
        reply={reply}
        result={result}
      />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
