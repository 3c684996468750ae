import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { CertificatePage } from "~/components/school/competition";
import { TeacherPage } from "~/components/teacher/dashboard";
import { certificateData, teacherCompetitionScope } from "~/school/competitions.server";
import competitionStyles from "~/styles/competition.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { competitionLinks } from "~/utils/competition-pages";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead([teacherStyles, competitionStyles], {
  title: "Competition certificate",
  description: "A certificate to print for the winners of a class competition.",
  path: "/teacher-dashboard/competition/certificate",
});

/** The winners' certificate (docs/product.md#class-competition): `?id=`, a finished competition of the school. */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  const scope = teacherCompetitionScope(teacher);
  return { schoolId: scope.schoolId, schoolName: scope.schoolName, ...certificateData(scope, new URL(request.url)) };
}

export default function TeacherCompetitionCertificate() {
  const { schoolId, ...page } = useLoaderData<typeof loader>();
  return (
    <TeacherPage title={`Certificate: ${page.competition.name}`}>
      <CertificatePage {...page} links={competitionLinks("teacher", schoolId)} />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard/competitions", label: "Back to the competitions" }]} />;
}
