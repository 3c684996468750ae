import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { AdminPanel } from "~/components/admin/admin-panel";
import { RouteError } from "~/components/route-error";
import adminStyles from "~/styles/admin.css?url";
import { AUDIT_MESSAGES as M, AUDIT_SECTION } from "~/utils/admin-messages";
import { pageMeta } from "~/utils/meta";
import { auditPageData } from "./admin-audit.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: AUDIT_SECTION.label,
    description: "What admins and teachers have changed, kept for a year.",
    path: AUDIT_SECTION.path,
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** The change log (docs/product.md#change-log), 50 entries a page, newest first; admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return auditPageData(new URL(request.url));
}

export default function AdminAudit() {
  const d = useLoaderData<typeof loader>();
  const withSchool = (params: Record<string, string>) =>
    `${AUDIT_SECTION.path}?${new URLSearchParams({
      ...(d.schoolId ? { school: d.schoolId } : {}),
      ...(d.hideParents ? { parents: "hide" } : {}),
      ...params,
    })}`;
  return (
    <AdminPanel tab="audit">
      <p>{M.intro}</p>
      <Form method="get" action={AUDIT_SECTION.path} className="audit-filter">
        <label htmlFor="audit-school">{M.school}</label>
        <select id="audit-school" name="school" defaultValue={d.schoolId ?? ""}>
          <option value="">{M.allSchools}</option>
          {d.schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </select>
        <label className="audit-hide">
          <input type="checkbox" name="parents" value="hide" defaultChecked={d.hideParents} /> {M.hideParentLinks}
        </label>
        <button type="submit" className="button button-secondary">
          {M.show}
        </button>
      </Form>
      {d.lines.length === 0 ? (
        <p className="notice">{d.schoolId ? M.noneHere : M.none}</p>
      ) : (
        <div className="admin-table-wrap" role="region" aria-labelledby="audit-caption" tabIndex={0}>
          <table className="admin-table">
            <caption id="audit-caption">{M.caption}</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">{M.school}</th>
              </tr>
            </thead>
            <tbody>
              {d.lines.map((line) => (
                <tr key={line.id}>
                  <td>{line.when}</td>
                  <td>{line.who}</td>
                  <td>{line.what}</td>
                  <td>{line.school}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="audit-pages">
        {d.first ? null : <Link to={withSchool({})}>{M.newest}</Link>}
        {d.older === null ? null : <Link to={withSchool({ before: String(d.older) })}>{M.older}</Link>}
      </p>
    </AdminPanel>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: AUDIT_SECTION.path, label: "Back to the change log" }]} />;
}
