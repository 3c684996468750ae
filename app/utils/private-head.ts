import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/utils/meta";

/** What names a page behind a login: its title and description, and its canonical path. */
export type PrivatePage = { title: string; description: string; path?: string };

/**
 * The head of a page behind a login (docs/product.md#page-metadata): its style sheets, metadata that asks not to be
 * indexed, and no caching, for pupils' names and codes are never kept by a browser or proxy cache. `path`: the page's
 * own where twins share one name (written out, not spread: a spread costs every page's bundle a helper).
 */
export function privateHead(styles: readonly string[], page: PrivatePage, path = page.path) {
  const { title, description } = page;
  const links: LinksFunction = () => styles.map((href) => ({ rel: "stylesheet", href }));
  const meta: MetaFunction = (args) => pageMeta(args, { title, description, path, robots: "noindex, nofollow" });
  const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
  return { links, meta, headers };
}
