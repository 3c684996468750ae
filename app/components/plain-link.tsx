import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { serverLinks } from "~/utils/server-links";

// Named one by one (no rest props), so the browser's build needs no object-rest helper.
type PlainLinkProps = {
  to: string;
  className?: string;
  "aria-current"?: "page";
  /** Kept in the browser: a navigation that keeps the scroll position (the boards' tabs). */
  preventScrollReset?: boolean;
  children: ReactNode;
};

const inBrowser = typeof document !== "undefined";

/**
 * A link to a page of the site, for the many plain ones (the header, the footer, the home page's buttons, the
 * boards' tabs). The server renders it as the <a> that Remix's <Link> would render (same href, same
 * `data-discover`), for a fraction of what <Link> costs it: its hooks resolve the path and build a click handler
 * that only the browser uses (docs/decisions/0027-performance-floors.md). In the browser it is <Link> itself, so
 * hydration finds the same element and the link is followed in the app; without JavaScript it is an ordinary link.
 */
export function PlainLink({ to, className, "aria-current": current, preventScrollReset, children }: PlainLinkProps) {
  return inBrowser || !serverLinks.plain ? (
    <Link to={to} className={className} aria-current={current} preventScrollReset={preventScrollReset}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className} aria-current={current} data-discover="true">
      {children}
    </a>
  );
}
