import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { CLASS_MTC_TEXTS, ClassMtc } from "~/components/teacher/class-mtc";
import { TeacherPage, dashboardOf } from "~/components/teacher/dashboard";
import { classMtcData } from "~/school/class-mtc.server";
import { teacherScope } from "~/school/students.server";
import gameStyles from "~/styles/game.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead([teacherStyles, gameStyles], {
  title: "Times tables check",
  description: "A class's Multiplication Tables Check rehearsals over time.",
  path: "/teacher-dashboard/mtc",
});

/** A class's rehearsals (docs/product.md#multiplication-tables-check-rehearsal): `?class=`, the teacher's own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return classMtcData(teacherScope(teacher.teacherId), new URL(request.url));
}

export default function TeacherMtc() {
  const data = useLoaderData<typeof loader>();
  return (
    <TeacherPage title={CLASS_MTC_TEXTS.title(data.className)}>
      <p className="fact-back">
        <Link to={dashboardOf(data.classId)}>Back to the dashboard</Link>
      </p>
      <ClassMtc pupils={data.pupils} weeks={data.weeks} />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
