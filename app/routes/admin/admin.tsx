import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminLoginForm } from "~/components/admin/admin-login-form";
import { AdminPanel } from "~/components/admin/admin-panel";
import { ClassPage } from "~/components/admin/class-page";
import { SchoolsTab } from "~/components/admin/schools-tab";
import { StudentsTab } from "~/components/admin/students-tab";
import { TeacherNewCodeConfirm, TeachersTab } from "~/components/admin/teachers-tab";
import { RemoveLogoConfirm } from "~/components/admin/logo-form";
import { NewCodeConfirm } from "~/components/school/student-forms";
import { ReadFailed } from "~/components/read-failed";
import { RouteError } from "~/components/route-error";
import { adminOrSignedOut, requireAdmin } from "~/auth/roles.server";
import adminStyles from "~/styles/admin.css?url";
import { ADMIN_MESSAGES as M, adminTabFrom } from "~/utils/admin-messages";
import type { AuditActor } from "~/models/audit.server";
import { actorOfAdmin } from "~/school/audit.server";
import { ADMIN_SCOPE, addStudent, editStudent, removeStudent } from "~/school/students.server";
import { httpError, keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { isMultipart } from "~/utils/multipart-form.server";
import { readForm } from "~/utils/request.server";
import { classPageData } from "./class-page.server";
import { adminLogin } from "./login.server";
import { readLogoForm, removeLogo, uploadLogo } from "./logos.server";
import type { AdminReply, PanelAnswer } from "./panel.server";
import { createClass, createSchool, schoolsTabData } from "./schools-tab.server";
import { regenerateStudentCode, studentLoginsData } from "./student-logins-tab.server";
import { createTeacher, editTeacher, regenerateTeacherCode, teachersTabData } from "./teachers-tab.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "School Administration",
    description: "Set up schools, classes and teachers for Maths Sprint.",
    path: "/admin",
    robots: "noindex, nofollow",
  });

// Pages with pupils' and teachers' details are never kept by a browser or proxy cache.
export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

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
  if (tab === "schools" && url.searchParams.has("class")) return { view: "class" as const, ...classPageData(url) };
  if (tab === "schools") return { view: "schools" as const, ...schoolsTabData(url) };
  if (tab === "teachers") return { view: "teachers" as const, ...teachersTabData(url) };
  return { view: "students" as const, ...studentLoginsData(url) };
}

/** The panel's plain forms by `intent`, each answered by its tab's module (the students' by the student service). */
const PANEL_FORMS: Record<
  string,
  (request: Request, form: URLSearchParams, actor: AuditActor) => Promise<PanelAnswer>
> = {
  "create-school": createSchool,
  "create-class": createClass,
  "remove-logo": removeLogo,
  "create-teacher": createTeacher,
  "edit-teacher": editTeacher,
  "regenerate-teacher-code": regenerateTeacherCode,
  "add-student": (request, form, actor) => addStudent(request, ADMIN_SCOPE, form, actor),
  "edit-student": (request, form, actor) => editStudent(request, ADMIN_SCOPE, form, actor),
  "regenerate-student-code": regenerateStudentCode,
  // Erasing a pupil on request (docs/product.md#data-rights), after its confirmation step on the class's page.
  "erase-student": (request, form, actor) => removeStudent(request, ADMIN_SCOPE, form, actor),
};

/**
 * Every form of the page: the login, and (only for a signed-in admin) the panel's forms, by `intent`. A form with
 * a file (a logo) is multipart: the role is checked before its body is read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (isMultipart(request)) {
    const actor = actorOfAdmin(await requireAdmin(request));
    const { fields, file } = await readLogoForm(request);
    const intent = fields.get("intent");
    if (intent === "upload-logo") return uploadLogo(request, fields, actor, file);
    if (intent === "create-class") return createClass(request, fields, actor, file);
    throw httpError(400, M.badRequest);
  }
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "login") return adminLogin(request, form, context.clientAddress ?? null);
  const actor = actorOfAdmin(await requireAdmin(request));
  const answer = typeof intent === "string" && Object.hasOwn(PANEL_FORMS, intent) ? PANEL_FORMS[intent] : undefined;
  if (!answer) return new Response("Unknown admin form.", { status: 400 });
  return answer(request, form, actor);
}

export default function AdminPage() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as AdminReply | undefined;
  if (loaded.view === "login")
    return <AdminLoginForm lastResult={reply?.intent === "login" ? reply.result : undefined} />;
  return (
    <AdminPanel tab={loaded.view === "class" ? "schools" : loaded.view}>
      {loaded.view === "class" ? (
        <ClassPage
          klass={loaded.klass}
          students={loaded.students}
          editing={loaded.editing}
          confirming={loaded.confirming}
          reply={reply}
        />
      ) : loaded.view === "schools" ? (
        loaded.confirming ? (
          <RemoveLogoConfirm
            owner="school"
            ownerId={loaded.confirming.id}
            name={loaded.confirming.name}
            page="/admin?tab=schools"
          />
        ) : loaded.schools?.ok ? (
          <SchoolsTab schools={loaded.schools.value} reply={reply} />
        ) : (
          <ReadFailed message="Failed to fetch schools" />
        )
      ) : loaded.view === "teachers" ? (
        loaded.confirming ? (
          <TeacherNewCodeConfirm teacher={loaded.confirming} />
        ) : loaded.data.ok ? (
          <TeachersTab
            teachers={loaded.data.value.teachers}
            schools={loaded.data.value.schools}
            editing={loaded.editing}
            reply={reply}
          />
        ) : (
          <ReadFailed message="Failed to fetch data" />
        )
      ) : loaded.confirming ? (
        <NewCodeConfirm
          area="admin"
          page={loaded.confirming.page}
          student={loaded.confirming.student}
          cancelTo={loaded.confirming.page}
        />
      ) : loaded.logins.ok ? (
        <StudentsTab logins={loaded.logins.value} />
      ) : (
        <ReadFailed message={M.fetchStudentsFailed} />
      )}
    </AdminPanel>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[]} />;
}
