/** Public pages listed in the sitemap; each later page adds itself here when it exists. */
export const SITEMAP_PATHS = [
  "/",
  "/game",
  "/game/tables",
  "/game/calm",
  "/game/bonds",
  "/game/doubles",
  "/daily-challenge",
  "/two-player",
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
