// After `npm run build`: the client JavaScript weight budget (docs/decisions/0026-client-weight-budget.md, re-based
// by docs/decisions/0080-game-page-skeleton-and-weight.md).
// For every route of the browser's route manifest, the JavaScript a page of it loads (the client entry and its
// imports, then root's and the route's modules and imports; each file once) is gzipped file by file (zlib's
// default level, as the server's compression sends them) and summed. The bare Remix app in bench/floor, built
// with the same future flags and browser targets, gives the floor. Fails when /game passes the floor by more than
// GAME_LIMIT_RATIO, or any page by more than PAGE_LIMIT_RATIO; when a page a child starts a game from
// (START_PAGES) is lighter than /game; or when /game loads the chunk the other game pages share (SHARED_CHUNK).
// Beside each page, what it loads after /game (a browser keeps what it loaded). Writes bench/results/weight.json.
// The manifest's imports are static ones: a chunk a page loads only by import() is not counted (the preload helper
// Vite puts beside that import() is).
import fs from "node:fs";
import path from "node:path";
import { ensureFloorBuild } from "../bench/floor/ensure-build.js";
import { buildEnv } from "../app/build-env.ts";
import { measure } from "./client-weight.js";

const GAME_ROUTE = "routes/game/game";
const GAME_LIMIT_RATIO = 1.2;
const PAGE_LIMIT_RATIO = 1.25;
/** The pages a child starts a game from: none lighter than /game. */
const START_PAGES = [
  "routes/game/tables",
  "routes/game/calm",
  "routes/game/practice",
  "routes/game/mtc",
  "routes/daily/daily-challenge",
  "routes/two-player/two-player",
  "routes/school/student-game",
];
/** The chunk the game pages other than /game share (vite.config.ts): /game never loads it. */
const SHARED_CHUNK = /\/game-pages-[\w-]+\.js$/;

const floorDir = path.join("bench", "floor");
const floorBuild = path.join(floorDir, "build");
const resultFile = path.join("bench", "results", "weight.json");

const kb = (bytes) => (bytes / 1024).toFixed(1);

try {
  ensureFloorBuild((line) => console.log(line));
} catch (error) {
  console.error(`The floor app did not build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const floorPages = measure(path.join(floorBuild, "client")).filter((route) => route.page);
if (floorPages.length === 0) {
  console.error(`The floor build (${floorBuild}) has no page route.`);
  process.exit(1);
}
const floorBytes = Math.max(...floorPages.map((route) => route.bytes));
const pageLimitBytes = Math.floor(floorBytes * PAGE_LIMIT_RATIO);
const GAME_LIMIT_BYTES = Math.floor(floorBytes * GAME_LIMIT_RATIO);

const measured = measure(path.join(buildEnv.buildDir, "client"));
const gameFiles = measured.find((route) => route.route === GAME_ROUTE)?.files ?? {};
const routes = measured
  .map(({ files, ...route }) => {
    const afterGameBytes = Object.entries(files).reduce(
      (sum, [file, bytes]) => sum + (file in gameFiles ? 0 : bytes),
      0,
    );
    const limitBytes = !route.page ? null : route.route === GAME_ROUTE ? GAME_LIMIT_BYTES : pageLimitBytes;
    return {
      ...route,
      ratio: Number((route.bytes / floorBytes).toFixed(3)),
      afterGameBytes,
      limitBytes,
      withinLimit: limitBytes === null || route.bytes <= limitBytes,
    };
  })
  .sort((a, b) => b.bytes - a.bytes || a.route.localeCompare(b.route));
if (!routes.some((route) => route.route === GAME_ROUTE && route.page)) {
  console.error(`The manifest has no page route ${GAME_ROUTE}: update scripts/check-weight.js.`);
  process.exit(1);
}

const header = ["route", "path", "KB gzip", "% of floor", "after /game", "limit KB", ""];
const rows = routes.map((route) => [
  route.route,
  route.path,
  kb(route.bytes),
  `${Math.round(route.ratio * 100)}%`,
  kb(route.afterGameBytes),
  route.limitBytes === null ? "resource" : kb(route.limitBytes),
  route.withinLimit ? "" : "OVER",
]);
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
const line = (row) =>
  row
    .map((cell, i) => (i >= 2 && i <= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
    .join("  ")
    .trimEnd();
console.log(`Client JavaScript a page loads (gzip), against the floor page (${floorDir}): ${kb(floorBytes)} KB`);
console.log(line(header));
for (const row of rows) console.log(line(row));

const result = {
  floorBytes,
  limits: {
    gameRoute: GAME_ROUTE,
    gameRatio: GAME_LIMIT_RATIO,
    gameBytes: GAME_LIMIT_BYTES,
    pageRatio: PAGE_LIMIT_RATIO,
    startPages: START_PAGES,
    pageBytes: pageLimitBytes,
  },
  routes: routes.map(({ route, path: routePath, page, bytes, ratio, afterGameBytes, limitBytes }) => ({
    route,
    path: routePath,
    page,
    bytes,
    ratio,
    afterGameBytes,
    limitBytes,
  })),
};
const json = `${JSON.stringify(result, null, 2)}\n`;
if (!fs.existsSync(resultFile) || fs.readFileSync(resultFile, "utf8") !== json) {
  fs.mkdirSync(path.dirname(resultFile), { recursive: true });
  fs.writeFileSync(resultFile, json);
}

const game = routes.find((route) => route.route === GAME_ROUTE);
const lighter = routes.filter((route) => START_PAGES.includes(route.route) && route.bytes < game.bytes);
for (const route of lighter)
  console.error(
    `${route.route} (${kb(route.bytes)} KB) is lighter than /game (${kb(game.bytes)} KB): /game stays the lightest.`,
  );
const shared = Object.keys(gameFiles).filter((file) => SHARED_CHUNK.test(file));
for (const file of shared) console.error(`/game loads ${file}, the chunk only the other game pages share.`);
if (!START_PAGES.every((id) => routes.some((route) => route.route === id && route.page))) {
  console.error(`A start page of START_PAGES is not a page route: update scripts/check-weight.js.`);
  process.exit(1);
}
if (lighter.length > 0 || shared.length > 0) process.exit(1);

const over = routes.filter((route) => !route.withinLimit);
if (over.length > 0) {
  for (const route of over)
    console.error(
      `${route.route} loads ${kb(route.bytes)} KB of JavaScript (gzip), over its limit of ${kb(route.limitBytes)} KB.`,
    );
  console.error(
    `Over the client weight budget: /game at most ${Math.round((GAME_LIMIT_RATIO - 1) * 100)}% over the floor page ` +
      `(${kb(GAME_LIMIT_BYTES)} KB), other pages at most ${Math.round((PAGE_LIMIT_RATIO - 1) * 100)}% (${kb(pageLimitBytes)} KB).`,
  );
  process.exit(1);
}
console.log(`Client weight budget met (${resultFile}).`);
