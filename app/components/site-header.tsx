import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { PlainLink } from "~/components/plain-link";
import { useCachedMarkup } from "~/utils/markup-cache";

/** The modes, in the header on every page (docs/product.md#header-and-footer). */
const MODE_LINKS = [
  { to: "/game", label: "Play" },
  { to: "/daily-challenge", label: "Daily Challenge" },
  { to: "/two-player", label: "Two Player" },
  { to: "/live", label: "Live game" },
  { to: "/leaderboard", label: "Leaderboards" },
] as const;

/** A pupil's modes: Play is their own game with their teacher's settings, and no public board's (docs/product.md#header-and-footer). */
const PUPIL_MODES = [
  { to: "/student-game?ready=1", label: "Play" },
  { to: "/two-player", label: "Two Player" },
  { to: "/live", label: "Live game" },
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

/**
 * The part of the path the header's marks depend on: its first segment (/game/results/… is /game). Every link
 * of the header is one segment long, so the marks are the same for the whole path.
 */
function sectionOf(pathname: string): string {
  return "/" + pathname.split("/")[1];
}

/**
 * The site's header: the name, the modes (Play, Daily Challenge, Two Player, Leaderboards), and Login or the
 * signed-in member's public name leading to their settings (an admin's is `Admin`); a teacher or pupil logged in
 * with their code also gets a link back to their own pages, which says who is logged in: without a member signed
 * in too, no Login (their Logout is on those pages). The current section is marked with aria-current.
 *
 * Wide screens show the links in a row. A phone (600 px and less) shows a Menu disclosure instead: a plain
 * <details>, so it opens and closes without JavaScript. The two navigations hold the same links and CSS shows
 * one of them, so assistive technology meets exactly one.
 *
 * Its content is the same on every page of a section for the same visitor, so the server keeps its markup
 * (useCachedMarkup); the behaviour lives on the <header> itself, which is rendered on every page.
 */
export function SiteHeader(props: HeaderProps) {
  const { pathname } = useLocation();
  const header = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  const { siteName, member, school } = props;
  const content = useCachedMarkup(HeaderContent, { siteName, member, school, section: sectionOf(pathname) });

  // With JavaScript the header stays on screen across navigations: a link followed from the menu closes it.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const menu = header.current?.querySelector("details");
    if (menu) menu.open = false;
  }, [pathname]);

  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    const menu = header.current?.querySelector("details");
    if (event.key !== "Escape" || !menu || !menu.open) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  }

  return (
    <header
      className="site-header"
      ref={header}
      onKeyDown={closeOnEscape}
      dangerouslySetInnerHTML={content.dangerouslySetInnerHTML}
    >
      {content.children}
    </header>
  );
}

type ContentProps = HeaderProps & { section: string };

export function HeaderContent({ siteName, member, school, section }: ContentProps) {
  return (
    <>
      <PlainLink to="/" className="brand">
        {/* Sparky's bolt (components/mascot.tsx), drawn by the stylesheet: every page's script carries the header. */}
        <span className="brand-mark" aria-hidden="true" />
        {siteName}
      </PlainLink>
      <nav aria-label="Main" className="site-nav site-nav-wide">
        <NavLists member={member} school={school} section={section} />
      </nav>
      <details className="nav-menu">
        <summary className="nav-menu-button">
          <span className="nav-menu-icon" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          Menu
        </summary>
        <nav aria-label="Main" className="site-nav site-nav-menu">
          <NavLists member={member} school={school} section={section} />
        </nav>
      </details>
    </>
  );
}

function NavLists({ member, school, section }: Omit<ContentProps, "siteName">) {
  const schoolLink = school ? SCHOOL_LINKS[school] : null;
  const mark = (...sections: readonly string[]) => (sections.includes(section) ? ("page" as const) : undefined);
  return (
    <>
      <ul className="nav-list nav-modes">
        {(school == "student" ? PUPIL_MODES : MODE_LINKS).map((link) => (
          <li key={link.to}>
            <PlainLink to={link.to} className="nav-link" aria-current={mark(link.to)}>
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
              aria-current={mark(...schoolLink.section)}
            >
              {schoolLink.label}
            </PlainLink>
          </li>
        ) : null}
        {/* Logged in with a school code, and no member: their link above says who, and no members' Login. */}
        {member || !schoolLink ? (
          <li>
            {member ? (
              <PlainLink to="/settings" className="nav-link header-account" aria-current={mark("/settings")}>
                <span className="visually-hidden">Settings for </span>
                {member.name}
              </PlainLink>
            ) : (
              <PlainLink to="/auth" className="nav-link header-account" aria-current={mark("/auth")}>
                Login
              </PlainLink>
            )}
          </li>
        ) : null}
      </ul>
    </>
  );
}
