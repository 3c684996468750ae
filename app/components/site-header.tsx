import { Link } from "@remix-run/react";

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        <span className="brand-mark" aria-hidden="true">
          ⚡
        </span>
        {siteName}
      </Link>
    </header>
  );
}
