import type { ReactNode } from "react";

/**
 * A table that scrolls inside its card on a narrow phone instead of widening the page: the scrolling box is a named
 * region that takes focus, so a keyboard can scroll it too (docs/product.md#every-page).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
