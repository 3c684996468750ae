/** Old paths and search-friendly names that redirect permanently to a real page (docs/product.md#alias-redirects). */
export const ALIAS_REDIRECTS: Readonly<Record<string, string>> = {
  ...aliasesTo("/game", [
    "mental-maths-practice",
    "mental-maths-games",
    "fast-maths-practice",
    "timed-maths-games",
    "multiplication-practice",
    "addition-practice",
    "subtraction-practice",
    "division-practice",
    "times-tables-practice",
    "ks2-maths-games",
    "ks2-mental-maths",
    "year-6-maths-practice",
  ]),
  ...aliasesTo("/daily-challenge", ["daily-maths-challenge", "maths-challenge-today", "competitive-maths"]),
  ...aliasesTo("/two-player", ["multiplayer-maths-games", "2-player-maths", "family-maths-games", "maths-competition"]),
  ...aliasesTo("/leaderboard", ["maths-leaderboard", "top-scores", "maths-high-scores"]),
  ...aliasesTo("/school", [
    "school-maths-games",
    "classroom-maths",
    "teacher-maths-tools",
    "educational-maths-games",
    "primary-school-maths",
  ]),
};

function aliasesTo(target: string, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [`/${name}`, target]));
}
