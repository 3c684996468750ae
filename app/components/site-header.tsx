import { Link } from "@remix-run/react";

/** Where a logged-in teacher or pupil goes back to (docs/product.md#header-and-footer). */
const SCHOOL_LINKS = {
  teacher: { to: "/teacher-dashboard", label: "My classes" },
  student: { to: "/student-game", label: "My maths" },
} as const;

/**
 * The site's header: the name, and Login, or the signed-in member's public name leading to their settings; a
 * teacher or pupil logged in with their code also gets a link back to their own pages.
 */
export function SiteHeader({
  siteName,
  member,
  school,
}: {
  siteName: string;
  member: { name: string } | null;
  school: "teacher" | "student" | null;
}) {
  const schoolLink = school ? SCHOOL_LINKS[school] : null;
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        <span className="brand-mark" aria-hidden="true">
          ⚡
        </span>
        {siteName}
      </Link>
      {schoolLink ? (
        <Link to={schoolLink.to} className="header-account header-school">
          {schoolLink.label}
        </Link>
      ) : null}
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
