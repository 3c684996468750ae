import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { RouteError } from "~/components/route-error";
import { LoginCards } from "~/components/teacher/login-cards";
import { isRowId } from "~/forms/admin.server";
import { findClassDetail } from "~/models/schools.server";
import { listStudentsOfClass } from "~/models/students.server";
import { loginCardsView } from "~/school/login-cards.server";
import teacherStyles from "~/styles/teacher.css?url";
import { httpError } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teacherStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Login cards",
    description: "Printable login cards for a class: each student's code and the class login link.",
    path: "/admin/cards",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const NO_SUCH_CLASS = "There is no such class. It may have been deleted.";

/** Any class's printable login cards, for an admin (docs/product.md#admin): the teacher's cards, `?class=`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const classId = new URL(request.url).searchParams.get("class");
  const klass = isRowId(classId) ? findClassDetail(classId) : undefined;
  if (!klass) throw httpError(404, NO_SUCH_CLASS);
  return loginCardsView(klass, listStudentsOfClass(klass.id));
}

export default function AdminCards() {
  const cards = useLoaderData<typeof loader>();
  return (
    <section className="page teacher-page" aria-labelledby="cards-heading">
      <div className="teacher-top">
        <h1 id="cards-heading">Login cards: {cards.className}</h1>
      </div>
      <LoginCards
        {...cards}
        back={{ to: `/admin?tab=schools&class=${encodeURIComponent(cards.classId)}`, label: "Back to the class" }}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
