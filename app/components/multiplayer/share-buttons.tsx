import { showFlash } from "~/components/flash-message";

/** Share links open in a new tab with the text and the site's address; Copy Link puts the address on the clipboard. */
export function ShareButtons({ text, url }: { text: string; url: string }) {
  const t = encodeURIComponent(text);
  const u = encodeURIComponent(url);
  const links = [
    { name: "Twitter", href: `https://twitter.com/intent/tweet?text=${t}&url=${u}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showFlash({ kind: "success", title: "Copied!" });
    } catch {
      showFlash({ kind: "error", title: "Could not copy the link", description: url });
    }
  }
  return (
    <div className="share" role="group" aria-label="Share your result">
      {links.map((link) => (
        <a
          key={link.name}
          className="button button-secondary share-link"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {link.name}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ))}
      <button type="button" className="button button-secondary share-link" onClick={copy}>
        Copy Link
      </button>
    </div>
  );
}
