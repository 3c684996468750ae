// Where the site links to every game mode from its definition (app/game/modes, each mode's `page`;
// docs/decisions/0090-what-a-new-mode-touches.md): the home page's `Ways to play` and the sitemap. Server-side, so
// the home page's bundle never loads the modes' registry.
import { modeCards, modePages, type ModeCard } from "~/game/modes";
import { SITEMAP_PATHS } from "~/utils/site-links";

export type WayToPlay = ModeCard & { to: string };

const SCHOOL_CARD: WayToPlay = {
  heading: "At school",
  text: "Teachers choose each pupil’s sums and follow their progress. Pupils log in with an 8-digit code.",
  to: "/school",
  action: "See the school area",
};

/** The home page's cards (docs/product.md#home): each mode's with one, in the registry's order, then the school's. */
export function waysToPlay(): WayToPlay[] {
  return [...modeCards(), SCHOOL_CARD];
}

/** The sitemap's pages: the home page, every mode's public page, then the site's other public pages. */
export function sitemapPaths(): string[] {
  const [home, ...rest] = SITEMAP_PATHS;
  return [home, ...modePages(), ...rest];
}
