import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { NewYearPage } from "~/components/admin/new-year";
import { RouteError } from "~/components/route-error";
import { actorOfAdmin } from "~/school/audit.server";
import { archivedToErase, newYearAction, newYearPageData, newYearSchool } from "~/school/new-year.server";
import adminStyles from "~/styles/admin.css?url";
import type { NewYearReply } from "~/components/admin/new-year-reply";
import { privateHead } from "~/utils/private-head";
import { readForm } from "~/utils/request.server";

export const { links, meta, headers } = privateHead([adminStyles], {
  title: "New school year",
  description: "Move a school's classes up to the new year, and archive the pupils who leave.",
  path: "/admin/new-year",
});

/**
 * A school's new school year, for an admin (docs/product.md#new-school-year): the form of every class, its preview,
 * and the school's archived pupils; `&erase={pupil}` is an archived pupil's erasure's confirmation step.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const school = newYearSchool(url);
  return { ...newYearPageData(school), erasing: archivedToErase(url, school.id) };
}

/** The preview, the start, and an archived pupil's erasure: the role and the school are checked first. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = actorOfAdmin(await requireAdmin(request));
  const school = newYearSchool(new URL(request.url));
  return newYearAction(request, school, await readForm(request), actor);
}

export default function AdminNewYear() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as NewYearReply | undefined;
  return <NewYearPage page={page} erasing={page.erasing} reply={reply} />;
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
