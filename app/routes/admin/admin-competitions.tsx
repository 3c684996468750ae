import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { RouteError } from "~/components/route-error";
import { CompetitionList, StartCompetitionForm } from "~/components/school/competition";
import { actorOfAdmin } from "~/school/audit.server";
import {
  adminSchoolScope,
  cancelCompetition,
  competitionsPageData,
  startCompetition,
  type CompetitionReply,
} from "~/school/competitions.server";
import adminStyles from "~/styles/admin.css?url";
import competitionStyles from "~/styles/competition.css?url";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import { competitionLinks } from "~/utils/competition-pages";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: competitionStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: M.listTitle,
    description: "Classes of a school play against each other.",
    path: "/admin/competitions",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** A school's class competitions and the form that starts one, for an admin (docs/product.md#class-competition). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const scope = adminSchoolScope(new URL(request.url).searchParams.get("school"));
  return { school: { id: scope.schoolId, name: scope.schoolName }, ...competitionsPageData(scope) };
}

/** Start (`intent=start`) or cancel (`intent=cancel`, `id`) a competition of `?school=`. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const scope = adminSchoolScope(new URL(request.url).searchParams.get("school"));
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "start") return startCompetition(request, scope, form, actorOfAdmin(admin));
  if (intent === "cancel") return cancelCompetition(request, scope, form, actorOfAdmin(admin));
  return new Response("Unknown form.", { status: 400, headers: { "Cache-Control": "no-store" } });
}

export default function AdminCompetitions() {
  const { school, classes, competitions, today, lastDay } = useLoaderData<typeof loader>();
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
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
