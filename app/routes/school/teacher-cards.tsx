import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { TeacherPage } from "~/components/teacher/dashboard";
import { LoginCards } from "~/components/teacher/login-cards";
import teacherStyles from "~/styles/teacher.css?url";
import { pageMeta } from "~/utils/meta";
import { loginCardsData } from "./teacher-dashboard.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teacherStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Login cards",
    description: "Printable login cards for a class: each student's code and the class login link.",
    path: "/teacher-dashboard/cards",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** A class's printable login cards (docs/product.md#teachers): `?class=`, one of the teacher's own classes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return loginCardsData(teacher, new URL(request.url));
}

export default function TeacherCards() {
  const cards = useLoaderData<typeof loader>();
  return (
    <TeacherPage title={`Login cards: ${cards.className}`}>
      <LoginCards
        {...cards}
        back={{ to: `/teacher-dashboard?class=${encodeURIComponent(cards.classId)}`, label: "Back to the dashboard" }}
      />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
