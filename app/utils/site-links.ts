/**
 * Public pages listed in the sitemap beside the game modes' own, which their definitions name (app/game/modes, each
 * mode's `page`); each later page adds itself here when it exists.
 */
export const SITEMAP_PATHS = [
  "/",
  "/live",
  "/leaderboard",
  "/about",
  "/privacy",
  "/terms",
  "/school",
  "/contact",
] as const;

export const FOOTER_LINKS = [
  { to: "/school", label: "School" },
  { to: "/about", label: "About" },
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
  { to: "/contact", label: "Contact" },
] as const;
