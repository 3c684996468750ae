import { Link } from "@remix-run/react";

/** The site's header: the name, and Login, or the signed-in member's public name leading to their settings. */
export function SiteHeader({ siteName, member }: { siteName: string; member: { name: string } | null }) {
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        <span className="brand-mark" aria-hidden="true">
          ⚡
        </span>
        {siteName}
      </Link>
      {member ? (
        <Link to="/settings" className="header-account">
          <span className="visually-hidden">Settings for </span>
          {member.name}
        </Link>
      ) : (
        <Link to="/auth" className="header-account">
          Login
        </Link>
      )}
    </header>
  );
}
