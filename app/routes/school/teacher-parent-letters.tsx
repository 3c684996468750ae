import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { TeacherPage } from "~/components/teacher/dashboard";
import { ParentLetters } from "~/components/teacher/parent-letters";
import teacherStyles from "~/styles/teacher.css?url";
import { pageMeta } from "~/utils/meta";
import { PARENT_LINK_MESSAGES as M } from "~/utils/parent-messages";
import { parentLettersData } from "./teacher-dashboard.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teacherStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Parent letters",
    description: "Printable letters to parents, each with their child's parent link and its QR code.",
    path: "/teacher-dashboard/parent-letters",
    robots: "noindex, nofollow",
  });

// The letters hold working links: never kept by a cache (and no address is sent on from the page: the server's
// security headers give it `Referrer-Policy: no-referrer`).
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/**
 * The letters to parents (docs/product.md#parents): `?class=`, one of the teacher's classes; `&student=`, one pupil
 * of it, else every pupil of the class with a live link, one letter a page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return parentLettersData(teacher, new URL(request.url));
}

export default function TeacherParentLetters() {
  const letters = useLoaderData<typeof loader>();
  return (
    <TeacherPage title={M.lettersTitle(letters.className)}>
      <ParentLetters
        {...letters}
        back={{ to: `/teacher-dashboard?class=${encodeURIComponent(letters.classId)}`, label: "Back to the dashboard" }}
      />
    </TeacherPage>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
