/**
 * Sparky, the site's mascot: a friendly lightning bolt drawn inline (no image to download), decorative only, so it is
 * hidden from screen readers. `mood`: smiling, or cheering with its arms up (results). Its size, colours and lines are
 * in app.css (.mascot), so the markup each page carries stays small.
 */
export function Mascot({ mood = "happy" }: { mood?: "happy" | "cheer" }) {
  return (
    <svg className={`mascot mascot-${mood}`} viewBox="0 0 100 100" aria-hidden="true">
      <path d={mood === "cheer" ? "M24 46L10 28M76 46l14-18" : "M24 54l-12 8M76 54l12 8"} />
      <path className="mascot-body" d="M58 4L22 56h24l-8 40 42-56H55z" />
      <path d="M44 50q8 8 17 0" />
      <circle cx="45" cy="40" r="4.5" />
      <circle cx="60" cy="40" r="4.5" />
      <circle cx="38" cy="49" r="3.5" />
      <circle cx="67" cy="49" r="3.5" />
    </svg>
  );
}
