import { PlainLink } from "~/components/plain-link";
import { useCachedMarkup } from "~/utils/markup-cache";
import { FOOTER_LINKS } from "~/utils/site-links";

type FooterProps = { siteName: string; year: number };

/** The footer: the same on every page, so the server keeps its markup (useCachedMarkup). */
export function SiteFooter(props: FooterProps) {
  const content = useCachedMarkup(FooterContent, { siteName: props.siteName, year: props.year });
  return (
    <footer className="site-footer" dangerouslySetInnerHTML={content.dangerouslySetInnerHTML}>
      {content.children}
    </footer>
  );
}

export function FooterContent({ siteName, year }: FooterProps) {
  return (
    <>
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
    </>
  );
}
