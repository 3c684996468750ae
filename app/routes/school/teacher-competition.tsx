import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { StandingsPage } from "~/components/school/competition";
import { TeacherPage } from "~/components/teacher/dashboard";
import { competitionPageData, teacherCompetitionScope } from "~/school/competitions.server";
import competitionStyles from "~/styles/competition.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { competitionLinks } from "~/utils/competition-pages";
import { pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: teacherStyles },
  { rel: "stylesheet", href: competitionStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Competition standings",
    description: "The places of the classes in a class competition.",
    path: "/teacher-dashboard/competition",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** A competition's standings (docs/product.md#class-competition): `?id=`, one of the teacher's school's. */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  const scope = teacherCompetitionScope(teacher);
  return { schoolId: scope.schoolId, ...competitionPageData(scope, new URL(request.url)) };
}

export default function TeacherCompetition() {
  const { schoolId, ...page } = useLoaderData<typeof loader>();
  return (
    <TeacherPage title={page.competition.name}>
      <StandingsPage {...page} links={competitionLinks("teacher", schoolId)} />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard/competitions", label: "Back to the competitions" }]} />;
}
