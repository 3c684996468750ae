import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { pageMeta, type PageMeta } from "~/utils/meta";
import gameStyles from "~/styles/game.css?url";
import liveStyles from "~/styles/live.css?url";

/**
 * The head of a live game's page (docs/product.md#live-game): the live style sheet and the page's own words; a
 * player's page (`play`) also the game's, for it plays on the solo game's own play screen. Each page keeps its own
 * `headers`, for the join and host pages keep a 429's Retry-After.
 */
export function liveHead(page: PageMeta, options: { play?: boolean } = {}) {
  const links: LinksFunction = () => [
    ...(options.play ? [{ rel: "stylesheet", href: gameStyles }] : []),
    { rel: "stylesheet", href: liveStyles },
  ];
  const meta: MetaFunction = (args) => pageMeta(args, page);
  return { links, meta };
}
