import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { StandingsPage } from "~/components/school/competition";
import { TeacherPage } from "~/components/teacher/dashboard";
import { competitionPageData, teacherCompetitionScope } from "~/school/competitions.server";
import competitionStyles from "~/styles/competition.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { competitionLinks } from "~/utils/competition-pages";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead([teacherStyles, competitionStyles], {
  title: "Competition standings",
  description: "The places of the classes in a class competition.",
  path: "/teacher-dashboard/competition",
});

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
