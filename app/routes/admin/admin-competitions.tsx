import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { RouteError } from "~/components/route-error";
import { CompetitionsPanel } from "~/components/school/competition";
import { actorOfAdmin } from "~/school/audit.server";
import {
  adminSchoolScope,
  competitionsAction,
  competitionsPageData,
  type CompetitionReply,
} from "~/school/competitions.server";
import adminStyles from "~/styles/admin.css?url";
import competitionStyles from "~/styles/competition.css?url";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import { COMPETITIONS_PAGE, competitionLinks } from "~/utils/competition-pages";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead(
  [adminStyles, competitionStyles],
  COMPETITIONS_PAGE,
  "/admin/competitions",
);

const scopeOf = (request: Request) => adminSchoolScope(new URL(request.url).searchParams.get("school"));

/** A school's class competitions and the form that starts one, for an admin (docs/product.md#class-competition). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const scope = scopeOf(request);
  return { school: { id: scope.schoolId, name: scope.schoolName }, ...competitionsPageData(scope) };
}

/** Start or cancel a competition of `?school=`. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return competitionsAction(request, scopeOf(request), actorOfAdmin(admin));
}

export default function AdminCompetitions() {
  const data = useLoaderData<typeof loader>();
  const { school } = data;
  const reply = useActionData<typeof action>() as CompetitionReply | undefined;
  const pages = competitionLinks("admin", school.id);
  return (
    <section className="page admin-page" aria-labelledby="competitions-page-heading">
      <p>
        <Link to="/admin?tab=schools">Back to all schools and classes</Link>
      </p>
      <h1 id="competitions-page-heading">
        {M.listTitle}: {school.name}
      </h1>
      <CompetitionsPanel page={data} links={pages} lastResult={reply?.result} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
