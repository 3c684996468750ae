import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { ReadFailed } from "~/components/read-failed";
import { RouteError } from "~/components/route-error";
import { ClassOverview } from "~/components/teacher/class-overview";
import { TeacherPage, dashboardOf } from "~/components/teacher/dashboard";
import { ClassWorkWho } from "~/components/teacher/set-work";
import teacherStyles from "~/styles/teacher.css?url";
import { pageMeta } from "~/utils/meta";
import { SET_WORK_MESSAGES as W } from "~/utils/set-work-messages";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";
import { overviewData } from "./teacher-dashboard.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teacherStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Class overview",
    description: "Every student of a class at a glance: games this week, average score, trend and last game.",
    path: "/teacher-dashboard/overview",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** The class overview (docs/product.md#teachers): `?class=` (the teacher's own), `&sort=` and `&dir=`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return overviewData(teacher, new URL(request.url));
}

export default function TeacherOverview() {
  const { rows, work, ...overview } = useLoaderData<typeof loader>();
  return (
    <TeacherPage title={`Class overview: ${overview.className}`}>
      <p>
        <Link to={dashboardOf(overview.classId)}>Back to the dashboard</Link>
      </p>
      {rows.ok ? <ClassOverview {...overview} rows={rows.value} /> : <ReadFailed message={M.fetchStudentsFailed} />}
      {work.ok ? <ClassWorkWho work={work.value} /> : <ReadFailed message={W.readFailed} />}
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
