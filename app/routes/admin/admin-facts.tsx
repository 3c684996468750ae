import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { CLASS_FACTS_PAGE, ClassFacts } from "~/components/facts/class-facts";
import { RouteError } from "~/components/route-error";
import { classFactsData } from "~/school/class-facts.server";
import { ADMIN_SCOPE } from "~/school/students.server";
import factStyles from "~/styles/facts.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { privateHead } from "~/utils/private-head";

export const { links, meta, headers } = privateHead([teacherStyles, factStyles], CLASS_FACTS_PAGE, "/admin/facts");

/** Any class's facts, for an admin (docs/product.md#heat-maps): the teacher's page, `?class=`, `&student=`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return classFactsData(ADMIN_SCOPE, new URL(request.url));
}

export default function AdminFacts() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="page teacher-page" aria-labelledby="facts-heading">
      <div className="teacher-top">
        <h1 id="facts-heading">Class facts: {data.className}</h1>
      </div>
      <p className="fact-back">
        <Link to={`/admin?tab=schools&class=${encodeURIComponent(data.classId)}`}>Back to the class</Link>
      </p>
      <ClassFacts data={data} path={"/admin/facts"} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin?tab=schools", label: "Back to all schools and classes" }]} />;
}
