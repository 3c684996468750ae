import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { CompetitionList, StartCompetitionForm } from "~/components/school/competition";
import { TeacherPage } from "~/components/teacher/dashboard";
import { actorOfTeacher } from "~/school/audit.server";
import {
  cancelCompetition,
  competitionsPageData,
  startCompetition,
  teacherCompetitionScope,
  type CompetitionReply,
} from "~/school/competitions.server";
import competitionStyles from "~/styles/competition.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import { competitionLinks } from "~/utils/competition-pages";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: teacherStyles },
  { rel: "stylesheet", href: competitionStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: M.listTitle,
    description: "Classes of a school play against each other.",
    path: "/teacher-dashboard/competitions",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

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

/** Start (`intent=start`) or cancel (`intent=cancel`, `id`) a competition of the teacher's school. */
export async function action({ request }: ActionFunctionArgs) {
  const teacher = await requireTeacher(request);
  const form = await readForm(request);
  const scope = teacherCompetitionScope(teacher);
  const intent = form.get("intent");
  if (intent === "start") return startCompetition(request, scope, form, actorOfTeacher(teacher));
  if (intent === "cancel") return cancelCompetition(request, scope, form, actorOfTeacher(teacher));
  return new Response("Unknown form.", { status: 400, headers: { "Cache-Control": "no-store" } });
}

export default function TeacherCompetitions() {
  const { schoolId, teacher, classes, competitions, today, lastDay } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as CompetitionReply | undefined;
  const pages = competitionLinks("teacher", schoolId);
  return (
    <TeacherPage title={M.listTitle} teacher={teacher}>
      <p>
        <Link to="/teacher-dashboard">Back to the dashboard</Link>
      </p>
      <p>{M.intro}</p>
      <CompetitionList competitions={competitions} links={pages} />
      <StartCompetitionForm
        key={competitions.length}
        action={pages.list}
        classes={classes}
        today={today}
        lastDay={lastDay}
        lastResult={reply?.result}
      />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
