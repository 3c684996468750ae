import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { RouteError } from "~/components/route-error";
import { CertificatePage } from "~/components/school/competition";
import { adminCompetitionScope, certificateData } from "~/school/competitions.server";
import adminStyles from "~/styles/admin.css?url";
import competitionStyles from "~/styles/competition.css?url";
import { competitionLinks } from "~/utils/competition-pages";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead([adminStyles, competitionStyles], {
  title: "Competition certificate",
  description: "A certificate to print for the winners of a class competition.",
  path: "/admin/competition/certificate",
});

/** The winners' certificate, for an admin (docs/product.md#class-competition): `?id=`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const scope = adminCompetitionScope(url.searchParams.get("id"));
  return { schoolId: scope.schoolId, schoolName: scope.schoolName, ...certificateData(scope, url) };
}

export default function AdminCompetitionCertificate() {
  const { schoolId, ...page } = useLoaderData<typeof loader>();
  return (
    <section className="page admin-page" aria-labelledby="certificate-page-heading">
      <h1 id="certificate-page-heading" className="certificate-page-heading">
        Certificate: {page.competition.name}
      </h1>
      <CertificatePage {...page} links={competitionLinks("admin", schoolId)} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
