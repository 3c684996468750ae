import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { CompetitionsPanel } from "~/components/school/competition";
import { TeacherPage } from "~/components/teacher/dashboard";
import { actorOfTeacher } from "~/school/audit.server";
import {
  competitionsAction,
  competitionsPageData,
  teacherCompetitionScope,
  type CompetitionReply,
} from "~/school/competitions.server";
import competitionStyles from "~/styles/competition.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import { COMPETITIONS_PAGE, competitionLinks } from "~/utils/competition-pages";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead(
  [teacherStyles, competitionStyles],
  COMPETITIONS_PAGE,
  "/teacher-dashboard/competitions",
);

/** The school's class competitions and the form that starts one (docs/product.md#class-competition). */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  const scope = teacherCompetitionScope(teacher);
  return {
    schoolId: scope.schoolId,
    teacher: { name: teacher.name, schoolName: teacher.schoolName },
    ...competitionsPageData(scope),
  };
}

/** Start or cancel a competition of the teacher's school. */
export async function action({ request }: ActionFunctionArgs) {
  const teacher = await requireTeacher(request);
  return competitionsAction(request, teacherCompetitionScope(teacher), actorOfTeacher(teacher));
}

export default function TeacherCompetitions() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CompetitionReply | undefined;
  return (
    <TeacherPage title={M.listTitle} teacher={data.teacher}>
      <p>
        <Link to="/teacher-dashboard">Back to the dashboard</Link>
      </p>
      <CompetitionsPanel page={data} links={competitionLinks("teacher", data.schoolId)} lastResult={reply?.result} />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
