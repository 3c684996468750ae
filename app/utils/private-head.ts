import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { pageMeta, type PageMeta } from "~/utils/meta";

/** What names a page behind a login: its title and description, and the canonical path where two areas share them. */
export type PrivatePage = Omit<PageMeta, "robots">;

/**
 * The head of a page behind a login (docs/product.md#page-metadata): its style sheets, metadata that asks not to be
 * indexed, and no caching, for pupils' names and codes are never kept by a browser or proxy cache.
 */
export function privateHead(styles: readonly string[], page: PrivatePage) {
  const links: LinksFunction = () => styles.map((href) => ({ rel: "stylesheet", href }));
  const meta: MetaFunction = (args) => pageMeta(args, { ...page, robots: "noindex, nofollow" });
  const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
  return { links, meta, headers };
}
