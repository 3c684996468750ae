import { PlainLink } from "~/components/plain-link";
import { FOOTER_LINKS } from "~/utils/site-links";

export function SiteFooter({ siteName, year }: { siteName: string; year: number }) {
  return (
    <footer className="site-footer">
      <p>
        © {year} {siteName}. All rights reserved.
      </p>
      <nav aria-label="Footer">
        <ul className="footer-links">
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <PlainLink to={link.to}>{link.label}</PlainLink>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
