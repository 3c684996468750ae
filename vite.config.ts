import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { BUILD_DIR } from "./server/build-dir.js";
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
  [/^app\/(components\/game\/start-dialog\.tsx|utils\/solo-settings\.ts)$/, "start"],
  [/^app\/game\/(multiplayer|match)\.ts$/, "multiplayer"],
  [/^app\/(game\/countdown\.ts|components\/daily\/midnight-countdown\.tsx)$/, "countdown"],
  [/^app\/game\/([\w-]+)\.ts$/, (match) => `game-${match[1]}`],
];

const projectRoot = fileURLToPath(new URL("./", import.meta.url));

function clientChunk(id: string): string | undefined {
  const path = id.startsWith(projectRoot) ? id.slice(projectRoot.length) : id;
  for (const [pattern, name] of CLIENT_CHUNKS) {
    const match = path.match(pattern);
    if (match) return typeof name === "string" ? name : name(match);
  }
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    target: BROWSER_TARGET,
    cssTarget: BROWSER_TARGET,
    rollupOptions: {
      onwarn(warning, warn) {
        // Resource routes have no browser code, yet Remix emits a (harmless) empty chunk for each; others still warn.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
      // The server's build stays one file.
      output: isSsrBuild ? {} : { manualChunks: clientChunk },
    },
  },
  esbuild: { target: "es2017" },
  // Server-only native packages: the dev server's dependency scan walks route modules into their *.server
  // imports, and would try to bundle argon2's browser (WebAssembly) build, which is not installed.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  plugins: [
    remix({
      buildDirectory: BUILD_DIR,
      future: REMIX_FUTURE,
    }),
  ],
}));
