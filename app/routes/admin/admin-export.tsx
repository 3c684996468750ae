import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { DataRightsPage } from "~/components/admin/data-rights";
import { RouteError } from "~/components/route-error";
import { isRowId } from "~/forms/admin.server";
import { erasuresOfSchool } from "~/models/erasures.server";
import { findSchool } from "~/models/schools.server";
import { formatDateTime } from "~/school-rules/class-results";
import adminStyles from "~/styles/admin.css?url";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { httpError, tryRead } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Export data",
    description: "Download a school's data, and see which pupils were erased.",
    path: "/admin/export",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/**
 * A school's data rights, for an admin (docs/product.md#data-rights): the choice of its export (a zip of CSV files
 * or one JSON file, made by /admin/export/file) and the records of its pupils erased on request.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const schoolId = new URL(request.url).searchParams.get("school");
  const school = isRowId(schoolId) ? findSchool(schoolId) : undefined;
  if (!school) throw httpError(404, M.schoolNotFound);
  return {
    school: { id: school.id, name: school.name },
    erasures: tryRead("erasure records", () =>
      erasuresOfSchool(school.id).map((e) => ({
        id: e.id,
        when: formatDateTime(e.erasedAt),
        className: e.className,
        by: `${e.byName} (${e.byKind === "admin" ? "admin" : "teacher"})`,
      })),
    ),
  };
}

export default function AdminExport() {
  const { school, erasures } = useLoaderData<typeof loader>();
  return (
    <section className="page admin-page" aria-labelledby="export-heading">
      <p>
        <Link to="/admin?tab=schools">Back to all schools and classes</Link>
      </p>
      <h1 id="export-heading">Export data: {school.name}</h1>
      <DataRightsPage school={school} erasures={erasures} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
