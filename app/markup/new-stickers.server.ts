import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NewStickers } from "~/components/facts/stickers";

/**
 * The results' "New in your sticker book" (docs/product.md#sticker-book), drawn here so that no game page carries
 * its script (the pages are near their weight budget: docs/decisions/0026-client-weight-budget.md). Empty when there
 * is no sticker to show.
 */
export function newStickersMarkup(stickers: ComponentProps<typeof NewStickers>["stickers"], bookHref: string): string {
  if (stickers.length === 0) return "";
  return renderToStaticMarkup(createElement(NewStickers, { stickers, bookHref }));
}
