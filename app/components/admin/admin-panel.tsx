import { Form, Link } from "@remix-run/react";
import { ADMIN_TABS, AUDIT_SECTION, REVIEW_SECTION, type AdminTab } from "~/utils/admin-messages";
import type { ReactNode } from "react";

/**
 * The panel's frame (docs/product.md#admin): the heading 'School Administration', Logout (a POST, as everywhere),
 * and the tabs as plain links, so each tab is its own page without JavaScript.
 */
export function AdminPanel({ tab, children }: { tab: AdminTab | "review" | "audit"; children: ReactNode }) {
  const current =
    tab === "review" ? REVIEW_SECTION : tab === "audit" ? AUDIT_SECTION : ADMIN_TABS.find((t) => t.id === tab)!;
  return (
    <section className="page admin-page" aria-labelledby="admin-heading">
      <div className="admin-top">
        <h1 id="admin-heading">School Administration</h1>
        <Form method="post" action="/auth/logout">
          <button type="submit" className="button button-secondary">
            Logout
          </button>
        </Form>
      </div>
      <nav className="tabs" aria-label="Admin sections">
        {ADMIN_TABS.map((t) => (
          <Link
            key={t.id}
            to={`/admin?tab=${t.id}`}
            className="tab"
            aria-current={t.id === tab ? "page" : undefined}
            preventScrollReset
          >
            {t.label}
          </Link>
        ))}
        <Link to={REVIEW_SECTION.path} className="tab" aria-current={tab === "review" ? "page" : undefined}>
          {REVIEW_SECTION.label}
        </Link>
        <Link to={AUDIT_SECTION.path} className="tab" aria-current={tab === "audit" ? "page" : undefined}>
          {AUDIT_SECTION.label}
        </Link>
      </nav>
      <div className="admin-tab" aria-label={current.label} role="region">
        {children}
      </div>
    </section>
  );
}
