import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { PlainLink } from "~/components/plain-link";

/** The modes, in the header on every page (docs/product.md#header-and-footer). */
const MODE_LINKS = [
  { to: "/game", label: "Play" },
  { to: "/daily-challenge", label: "Daily Challenge" },
  { to: "/two-player", label: "Two Player" },
  { to: "/leaderboard", label: "Leaderboards" },
] as const;

/** Where a logged-in teacher or pupil goes back to (docs/product.md#header-and-footer). */
const SCHOOL_LINKS = {
  teacher: { to: "/teacher-dashboard", label: "My classes", section: ["/teacher-dashboard"] },
  student: { to: "/student-game", label: "My maths", section: ["/student-game", "/student-progress"] },
} as const;

type HeaderProps = {
  siteName: string;
  member: { name: string } | null;
  school: "teacher" | "student" | null;
};

/** Whether `pathname` is `to` or a page under it (/game/results/… is in Play). */
function inSection(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The site's header: the name, the modes (Play, Daily Challenge, Two Player, Leaderboards), and Login or the
 * signed-in member's public name leading to their settings; a teacher or pupil logged in with their code also
 * gets a link back to their own pages. The current section is marked with aria-current.
 *
 * Wide screens show the links in a row. A phone (600 px and less) shows a Menu disclosure instead: a plain
 * <details>, so it opens and closes without JavaScript. The two navigations hold the same links and CSS shows
 * one of them, so assistive technology meets exactly one.
 */
export function SiteHeader(props: HeaderProps) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const shownPath = useRef(pathname);

  // With JavaScript the header stays on screen across navigations: a link followed from the menu closes it.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    const details = menu.current;
    if (event.key !== "Escape" || !details || !details.open) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  }

  return (
    <header className="site-header">
      <PlainLink to="/" className="brand">
        <span className="brand-mark" aria-hidden="true">
          ⚡
        </span>
        {props.siteName}
      </PlainLink>
      <nav aria-label="Main" className="site-nav site-nav-wide">
        <NavLists member={props.member} school={props.school} pathname={pathname} />
      </nav>
      <details className="nav-menu" ref={menu} onKeyDown={closeOnEscape}>
        <summary className="nav-menu-button">
          <span className="nav-menu-icon" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          Menu
        </summary>
        <nav aria-label="Main" className="site-nav site-nav-menu">
          <NavLists member={props.member} school={props.school} pathname={pathname} />
        </nav>
      </details>
    </header>
  );
}

function NavLists({ member, school, pathname }: Omit<HeaderProps, "siteName"> & { pathname: string }) {
  const schoolLink = school ? SCHOOL_LINKS[school] : null;
  const current = (on: boolean) => (on ? ("page" as const) : undefined);
  return (
    <>
      <ul className="nav-list nav-modes">
        {MODE_LINKS.map((link) => (
          <li key={link.to}>
            <PlainLink to={link.to} className="nav-link" aria-current={current(inSection(pathname, link.to))}>
              {link.label}
            </PlainLink>
          </li>
        ))}
      </ul>
      <ul className="nav-list nav-account">
        {schoolLink ? (
          <li>
            <PlainLink
              to={schoolLink.to}
              className="nav-link header-account header-school"
              aria-current={current(schoolLink.section.some((to) => inSection(pathname, to)))}
            >
              {schoolLink.label}
            </PlainLink>
          </li>
        ) : null}
        <li>
          {member ? (
            <PlainLink
              to="/settings"
              className="nav-link header-account"
              aria-current={current(inSection(pathname, "/settings"))}
            >
              <span className="visually-hidden">Settings for </span>
              {member.name}
            </PlainLink>
          ) : (
            <PlainLink
              to="/auth"
              className="nav-link header-account"
              aria-current={current(inSection(pathname, "/auth"))}
            >
              Login
            </PlainLink>
          )}
        </li>
      </ul>
    </>
  );
}
