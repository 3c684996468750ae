// After `npm run build`: the client JavaScript weight budget (docs/decisions/0026-client-weight-budget.md).
// For every route of the browser's route manifest, the JavaScript a page of it loads (the client entry and its
// imports, then root's and the route's modules and imports; each file once) is gzipped file by file (zlib's
// default level, as the server's compression sends them) and summed. The bare Remix app in bench/floor, built
// with the same future flags and browser targets, gives the floor. Fails when /game passes GAME_LIMIT_BYTES or
// any page passes the floor page by more than PAGE_LIMIT_RATIO. Writes the figures to bench/results/weight.json.
// The manifest's imports are static ones: a chunk a page loads only by import() is not counted (the preload helper
// Vite puts beside that import() is).
import fs from "node:fs";
import path from "node:path";
import { ensureFloorBuild } from "../bench/floor/ensure-build.js";
import { buildEnv } from "../app/build-env.ts";
import { measure } from "./client-weight.js";

const GAME_ROUTE = "routes/game/game";
const GAME_LIMIT_BYTES = 100 * 1024;
const PAGE_LIMIT_RATIO = 1.2;

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

const routes = measure(path.join(buildEnv.buildDir, "client"))
  .map((route) => {
    const limitBytes = !route.page ? null : route.route === GAME_ROUTE ? GAME_LIMIT_BYTES : pageLimitBytes;
    return {
      ...route,
      ratio: Number((route.bytes / floorBytes).toFixed(3)),
      limitBytes,
      withinLimit: limitBytes === null || route.bytes <= limitBytes,
    };
  })
  .sort((a, b) => b.bytes - a.bytes || a.route.localeCompare(b.route));
if (!routes.some((route) => route.route === GAME_ROUTE && route.page)) {
  console.error(`The manifest has no page route ${GAME_ROUTE}: update scripts/check-weight.js.`);
  process.exit(1);
}

const header = ["route", "path", "KB gzip", "% of floor", "limit KB", ""];
const rows = routes.map((route) => [
  route.route,
  route.path,
  kb(route.bytes),
  `${Math.round(route.ratio * 100)}%`,
  route.limitBytes === null ? "resource" : kb(route.limitBytes),
  route.withinLimit ? "" : "OVER",
]);
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
const line = (row) =>
  row
    .map((cell, i) => (i >= 2 && i <= 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
    .join("  ")
    .trimEnd();
console.log(`Client JavaScript a page loads (gzip), against the floor page (${floorDir}): ${kb(floorBytes)} KB`);
console.log(line(header));
for (const row of rows) console.log(line(row));

const result = {
  floorBytes,
  limits: {
    gameRoute: GAME_ROUTE,
    gameBytes: GAME_LIMIT_BYTES,
    pageRatio: PAGE_LIMIT_RATIO,
    pageBytes: pageLimitBytes,
  },
  routes: routes.map(({ route, path: routePath, page, bytes, ratio, limitBytes }) => ({
    route,
    path: routePath,
    page,
    bytes,
    ratio,
    limitBytes,
  })),
};
const json = `${JSON.stringify(result, null, 2)}\n`;
if (!fs.existsSync(resultFile) || fs.readFileSync(resultFile, "utf8") !== json) {
  fs.mkdirSync(path.dirname(resultFile), { recursive: true });
  fs.writeFileSync(resultFile, json);
}

const over = routes.filter((route) => !route.withinLimit);
if (over.length > 0) {
  for (const route of over)
    console.error(
      `${route.route} loads ${kb(route.bytes)} KB of JavaScript (gzip), over its limit of ${kb(route.limitBytes)} KB.`,
    );
  console.error(
    `Over the client weight budget: /game at most ${kb(GAME_LIMIT_BYTES)} KB, other pages at most ` +
      `${Math.round((PAGE_LIMIT_RATIO - 1) * 100)}% over the floor page (${kb(pageLimitBytes)} KB).`,
  );
  process.exit(1);
}
console.log(`Client weight budget met (${resultFile}).`);
