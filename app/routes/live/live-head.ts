import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { pageMeta, type PageMeta } from "~/utils/meta";
import liveStyles from "~/styles/live.css?url";

/**
 * The head of a live game's page (docs/product.md#live-game): the live style sheet and the page's own words. Each
 * page keeps its own `headers`, for the join and host pages keep a 429's Retry-After.
 */
export function liveHead(page: PageMeta) {
  const links: LinksFunction = () => [{ rel: "stylesheet", href: liveStyles }];
  const meta: MetaFunction = (args) => pageMeta(args, page);
  return { links, meta };
}
