import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminLoginForm } from "~/components/admin/admin-login-form";
import { AdminPanel, StudentsTab } from "~/components/admin/admin-panel";
import { SchoolsTab } from "~/components/admin/schools-tab";
import { TeachersTab } from "~/components/admin/teachers-tab";
import { ReadFailed } from "~/components/read-failed";
import { RouteError } from "~/components/route-error";
import { adminOrSignedOut, requireAdmin } from "~/auth/roles.server";
import adminStyles from "~/styles/admin.css?url";
import { adminTabFrom } from "~/utils/admin-messages";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import {
  adminLogin,
  createClass,
  createSchool,
  createTeacher,
  editTeacher,
  regenerateTeacherCode,
  schoolsTabData,
  teachersTabData,
  type AdminReply,
} from "./admin.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "School Administration",
    description: "Set up schools, classes and teachers for Maths Sprint.",
    path: "/admin",
    robots: "noindex, nofollow",
  });

// Pages with pupils' and teachers' details are never kept by a browser or proxy cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/**
 * School administration (docs/product.md#admin). No session: the login form. A member who is not an admin: a
 * plain 403 page. An admin: the panel, one tab per `?tab=`. This loader is the admin login page itself, so it
 * shows the form where requireAdmin would redirect here (the same check: requireAdmin is built on it).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await adminOrSignedOut(request);
  if (!admin) return { view: "login" as const };
  const url = new URL(request.url);
  const tab = adminTabFrom(url.searchParams.get("tab"));
  if (tab === "schools") return { view: "schools" as const, ...schoolsTabData() };
  if (tab === "teachers") return { view: "teachers" as const, ...teachersTabData(url) };
  return { view: "students" as const };
}

/** Every form of the page: the login, and (only for a signed-in admin) the panel's forms, by `intent`. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "login") return adminLogin(request, form, context.clientAddress ?? null);
  await requireAdmin(request);
  switch (intent) {
    case "create-school":
      return createSchool(request, form);
    case "create-class":
      return createClass(request, form);
    case "create-teacher":
      return createTeacher(request, form);
    case "edit-teacher":
      return editTeacher(request, form);
    case "regenerate-teacher-code":
      return regenerateTeacherCode(request, form);
    default:
      return new Response("Unknown admin form.", { status: 400 });
  }
}

export default function AdminPage() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as AdminReply | undefined;
  if (loaded.view === "login")
    return <AdminLoginForm lastResult={reply?.intent === "login" ? reply.result : undefined} />;
  return (
    <AdminPanel tab={loaded.view}>
      {loaded.view === "schools" ? (
        loaded.schools.ok ? (
          <SchoolsTab schools={loaded.schools.value} reply={reply} />
        ) : (
          <ReadFailed message="Failed to fetch schools" />
        )
      ) : loaded.view === "teachers" ? (
        loaded.data.ok ? (
          <TeachersTab
            teachers={loaded.data.value.teachers}
            schools={loaded.data.value.schools}
            editing={loaded.editing}
            reply={reply}
          />
        ) : (
          <ReadFailed message="Failed to fetch data" />
        )
      ) : (
        <StudentsTab />
      )}
    </AdminPanel>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[]} />;
}
