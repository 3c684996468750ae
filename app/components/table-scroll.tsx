import type { ReactNode } from "react";
import type { KeptContent } from "~/utils/markup-cache";

/**
 * A table that scrolls inside its card on a narrow phone instead of widening the page: the scrolling box is a named
 * region that takes focus, so a keyboard can scroll it too (docs/product.md#every-page). Its table comes as
 * children, or as `kept` content from useCachedMarkup.
 */
export function TableScroll({ label, children, kept }: { label: string; children?: ReactNode; kept?: KeptContent }) {
  return (
    <div
      className="table-scroll"
      role="region"
      aria-label={label}
      tabIndex={0}
      dangerouslySetInnerHTML={kept ? kept.dangerouslySetInnerHTML : undefined}
    >
      {kept ? kept.children : children}
    </div>
  );
}
