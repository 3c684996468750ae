import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { RouteError } from "~/components/route-error";
import { StandingsPage } from "~/components/school/competition";
import { adminCompetitionScope, competitionPageData } from "~/school/competitions.server";
import adminStyles from "~/styles/admin.css?url";
import competitionStyles from "~/styles/competition.css?url";
import { competitionLinks } from "~/utils/competition-pages";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead([adminStyles, competitionStyles], {
  title: "Competition standings",
  description: "The places of the classes in a class competition.",
  path: "/admin/competition",
});

/** A competition's standings, for an admin (docs/product.md#class-competition): `?id=`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const scope = adminCompetitionScope(url.searchParams.get("id"));
  return { school: { id: scope.schoolId, name: scope.schoolName }, ...competitionPageData(scope, url) };
}

export default function AdminCompetition() {
  const { school, ...page } = useLoaderData<typeof loader>();
  return (
    <section className="page admin-page" aria-labelledby="competition-page-heading">
      <h1 id="competition-page-heading">{page.competition.name}</h1>
      <p>{school.name}</p>
      <StandingsPage {...page} links={competitionLinks("admin", school.id)} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
