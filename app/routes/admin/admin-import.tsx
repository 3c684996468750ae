import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { RouteError } from "~/components/route-error";
import { RosterImport } from "~/components/school/roster-import";
import type { RosterReply } from "~/components/school/roster-reply";
import {
  rosterAction,
  rosterResult,
  rosterTargetOf,
  targetView,
  type RosterTarget,
} from "~/school/roster-import.server";
import { actorOfAdmin } from "~/school/audit.server";
import { ADMIN_SCOPE } from "~/school/students.server";
import teacherStyles from "~/styles/teacher.css?url";
import { pageMeta } from "~/utils/meta";
import { classPageOf } from "~/utils/school-pages";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teacherStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Import pupils",
    description: "Add pupils to a class or a whole school from a list of names or a CSV file.",
    path: "/admin/import",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** This page for a class (`?class=`) or a school (`?school=`). */
function pageOf(target: { kind: "class"; classId: string } | { kind: "school"; schoolId: string }): string {
  return target.kind === "class"
    ? `/admin/import?class=${encodeURIComponent(target.classId)}`
    : `/admin/import?school=${encodeURIComponent(target.schoolId)}`;
}

/**
 * An admin's roster import (docs/product.md#roster-import): into a class (`?class=`), or into a school's classes
 * with a class column (`?school=`); after an import, `&imported=` lists the pupils added.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const target = rosterTargetOf(ADMIN_SCOPE, url);
  return { target: targetView(target), result: rosterResult(target, url.searchParams.get("imported")) };
}

/** The list's preview and its import: the role and the class or school are checked before the body is read. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const target: RosterTarget = rosterTargetOf(ADMIN_SCOPE, new URL(request.url));
  return rosterAction(request, target, pageOf(target), actorOfAdmin(admin));
}

export default function AdminImport() {
  const { target, result } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as RosterReply | undefined;
  const title = target.kind === "class" ? target.className : target.schoolName;
  return (
    <section className="page teacher-page" aria-labelledby="import-heading">
      <div className="teacher-top">
        <h1 id="import-heading">Import pupils: {title}</h1>
      </div>
      <RosterImport
        target={target}
        page={pageOf(target)}
        cardsPage={(classId) => `/admin/cards?class=${encodeURIComponent(classId)}`}
        backTo={
          target.kind === "class"
            ? { to: classPageOf("admin", target.classId), label: "Back to the class" }
            : { to: "/admin?tab=schools", label: "Back to all schools and classes" }
        }
        reply={reply}
        result={result}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
