import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildEnv } from "./app/build-env";
import { BROWSER_TARGET, REMIX_FUTURE } from "./vite.shared";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/*
 * The browser's chunks (docs/decisions/0026-client-weight-budget.md). Left to itself, Rollup makes one chunk per set
 * of pages that share a module: /game loaded 27 files, and each costs a request, a gzip frame and the imports and
 * exports that tie it to the others. These groups put together what pages load together; `npm run check:weight`
 * holds every page to its budget. A module that a grouped module imports, and that no rule names, joins that group:
 * so every engine module (imported through the ~/game index) is named here, each alone unless grouped.
 */
const CLIENT_CHUNKS: [RegExp, string | ((match: RegExpMatchArray) => string)][] = [
  // The framework and the client entry that starts it: every page loads both, and only together.
  [
    /^app\/entry\.client\.tsx$|\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|turbo-stream|@remix-run\/[^/]+)\//,
    "entry",
  ],
  // The root route, the layout it renders, and what most pages use with it: forms, metadata, the engine's core.
  [
    /^app\/(root\.tsx|components\/(site-header|site-footer|pending-navigation|flash-message|read-failed|table-scroll|use-focus-when-shown)\.tsx?|utils\/(nonce\.tsx|site-links\.ts|meta\.ts|flash\.ts)|styles\/(app|game)\.css\?url|components\/forms\/(error-summary\.tsx|field-error\.tsx|use-form\.ts)|game\/(types|ranges|solo|format|score)\.ts|components\/game\/result-parts\.tsx)$/,
    "root",
  ],
  [/\/node_modules\/remix-utils\/build\/react\/use-hydrated/, "root"],
  // The game in the page and its finish: solo, daily, hot-seat and the pupils' game (the no-JS pages share its parts).
  [
    /^app\/(components\/game\/(island|problem-display|answer-feedback|answer-field|number-pad|play-status|countdown|game-score|sound|sound-toggle|use-island-game|finish-screens|finish-run|answers-table)\.tsx?|utils\/game-messages\.ts|game\/(prng|check|numpad|play|verify)\.ts)$/,
    "island",
  ],
  // The boards and a run's results beside them: home, solo, results, leaderboard, daily.
  [
    /^app\/(components\/(leaderboard\/(board-table|daily-board-panel)\.tsx|leaderboard\/use-leaderboard-feed\.ts|mascot\.tsx|game\/(results-panel|run-standing)\.tsx)|utils\/board-names\.ts|types\/leaderboard\.ts)$/,
    "boards",
  ],
  // The start screen every game's start is built from; the solo game's choices beside it; the solo settings the home
  // and account pages read too: a start with no solo choice (a mode's, the rehearsal's) loads the screen alone, and
  // the home page only the settings.
  [/^app\/(components\/game\/start-screen\.tsx|utils\/start-form-mark\.ts)$/, "start-screen"],
  [/^app\/components\/game\/(start-dialog|start-choices)\.tsx$/, "start"],
  [/^app\/utils\/solo-settings\.ts$/, "solo-settings"],
  // What the game pages other than /game share (the skeleton's browser half, the calm count, the finish and start
  // forms): one chunk, never loaded by /game (docs/decisions/0080-game-page-skeleton-and-weight.md).
  [
    /^app\/components\/game\/(game-page|refusal|time-up|calm-count|practice-results|wrong-answers|start-form)\.tsx$/,
    "game-pages",
  ],
  // Our own icons: loaded by the pages that show one (the pupils' pages, two-player), never by /game.
  [/^app\/components\/icons\.tsx$/, "icons"],
  [/^app\/game\/(multiplayer|match)\.ts$/, "multiplayer"],
  [/^app\/(game\/countdown\.ts|components\/daily\/midnight-countdown\.tsx)$/, "countdown"],
  // A pupil's extra time and calm mode go with their game's generator (the pupils' game pages), not alone.
  [/^app\/game\/(student|calm)\.ts$/, "game-student"],
  // The registry of modes and their definitions (docs/decisions/0081-number-bonds-and-doubles.md): the server's, and
  // the island's through verify.ts; one chunk, so the pages of one mode load them together.
  [/^app\/game\/modes\/policy\.ts$/, "game-policy"],
  [/^app\/game\/modes\/[\w-]+\.ts$/, "game-modes"],
  [/^app\/game\/([\w-]+)\.ts$/, (match) => `game-${match[1]}`],
];

// Switched off to weigh what the groups save, for measurement only (docs/speed-shortcuts.md).
const clientChunksOn = buildEnv.clientChunksOn;

/*
 * For measurement only (docs/speed-shortcuts.md): the server's bundle made from the packages' files as published,
 * before patches/ (bench/shortcuts.bench.ts puts them, un-patched, in UNPATCHED_PACKAGES_DIR).
 */
function unpatchedPackages(dir: string): Plugin {
  return {
    name: "unpatched-packages",
    enforce: "pre",
    load(id) {
      const inPackages = id.split("/node_modules/")[1];
      const file = inPackages && path.join(dir, "node_modules", inPackages);
      return file && existsSync(file) ? readFileSync(file, "utf8") : null;
    },
  };
}

const projectRoot = fileURLToPath(new URL("./", import.meta.url));

function clientChunk(id: string): string | undefined {
  const path = id.startsWith(projectRoot) ? id.slice(projectRoot.length) : id;
  for (const [pattern, name] of CLIENT_CHUNKS) {
    const match = path.match(pattern);
    if (match) return typeof name === "string" ? name : name(match);
  }
  return undefined;
}

/*
 * The server's build is one file that holds its packages too (docs/decisions/0030-one-file-server-bundle.md): Node then
 * compiles one module at start instead of resolving, reading and (for CommonJS) lexing some 420 files, which was most
 * of the cold start's distance from the floor. Packages are resolved as Node itself resolves them (CommonJS `main`,
 * `.js` before `.mjs`), so the bundle holds the very files that patches/ fixes, in production mode. Left outside:
 * native addons, the packages a few requests load on first use (decision 0027), and Remix's server runtime, which
 * the server (server/index.ts) shares with the build.
 */
const SERVER_PACKAGES_LEFT_OUT = [
  "better-sqlite3",
  "@node-rs/argon2",
  "sharp",
  "qrcode",
  "nodemailer",
  "remix-auth",
  "remix-auth-oauth2",
  "@remix-run/node",
  "@remix-run/server-runtime",
];

// The server's code runs on Node 20 (package.json's engines), not in an old browser.
const SERVER_TARGET = "node20";

export default defineConfig(({ command, isSsrBuild }) => {
  const serverBundle = command === "build" && isSsrBuild === true;
  return {
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
      ...(serverBundle ? { extensions: [".js", ".json", ".mjs", ".ts", ".tsx", ".jsx", ".mts"] } : {}),
    },
    ...(serverBundle
      ? {
          define: { "process.env.NODE_ENV": JSON.stringify("production") },
          ssr: { resolve: { mainFields: ["main"] }, noExternal: true, external: SERVER_PACKAGES_LEFT_OUT },
        }
      : {}),
    build: {
      target: isSsrBuild ? SERVER_TARGET : BROWSER_TARGET,
      cssTarget: BROWSER_TARGET,
      rollupOptions: {
        onwarn(warning, warn) {
          // Resource routes have no browser code, yet Remix emits a (harmless) empty chunk for each; others still warn.
          if (warning.code === "EMPTY_BUNDLE") return;
          warn(warning);
        },
        // The server's build stays one file.
        output: isSsrBuild || !clientChunksOn ? {} : { manualChunks: clientChunk },
      },
    },
    esbuild: { target: isSsrBuild ? SERVER_TARGET : "es2017" },
    // Server-only native packages: the dev server's dependency scan walks route modules into their *.server
    // imports, and would try to bundle argon2's browser (WebAssembly) build, which is not installed.
    optimizeDeps: { exclude: ["@node-rs/argon2"] },
    plugins: [
      ...(buildEnv.unpatchedPackagesDir ? [unpatchedPackages(buildEnv.unpatchedPackagesDir)] : []),
      remix({
        buildDirectory: buildEnv.buildDir,
        future: REMIX_FUTURE,
      }),
    ],
  };
});
