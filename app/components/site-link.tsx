import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

// Only what the header and footer use: named one by one, so the browser's build needs no object-rest helper.
type SiteLinkProps = { to: string; className?: string; "aria-current"?: "page"; children: ReactNode };

const inBrowser = typeof document !== "undefined";

/**
 * A link of the header or footer, on every page. The server renders it as the plain <a> that Remix's <Link> would
 * render (same href, same `data-discover`), for a fraction of what <Link> costs it (its hooks resolve the path and
 * build a click handler that only the browser uses: docs/decisions/0027-performance-floors.md). In the browser it
 * is <Link> itself, so hydration finds the same element and the link is followed in the app; without JavaScript it
 * is an ordinary link.
 */
export function SiteLink({ to, className, "aria-current": current, children }: SiteLinkProps) {
  return inBrowser ? (
    <Link to={to} className={className} aria-current={current}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className} aria-current={current} data-discover="true">
      {children}
    </a>
  );
}
