import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PlainLink } from "~/components/plain-link";
import { requireTeacher } from "~/auth/school-session.server";
import { CLASS_FACTS_PAGE, ClassFacts } from "~/components/facts/class-facts";
import { RouteError } from "~/components/route-error";
import { TeacherPage, dashboardOf } from "~/components/teacher/dashboard";
import { classFactsData } from "~/school/class-facts.server";
import { teacherScope } from "~/school/students.server";
import factStyles from "~/styles/facts.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead(
  [teacherStyles, factStyles],
  CLASS_FACTS_PAGE,
  "/teacher-dashboard/facts",
);

/** A class's facts (docs/product.md#heat-maps): `?class=` (the teacher's own), `&op=`, `&student=` (a pupil of it). */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return classFactsData(teacherScope(teacher.teacherId), new URL(request.url));
}

export default function TeacherFacts() {
  const data = useLoaderData<typeof loader>();
  return (
    <TeacherPage title={`Class facts: ${data.className}`}>
      <p className="fact-back">
        <PlainLink to={dashboardOf(data.classId)}>Back to the dashboard</PlainLink>
      </p>
      <ClassFacts data={data} path={"/teacher-dashboard/facts"} />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
