// What the build reads from the environment, in one place (issue 42, "No drift"): the Vite configs, the route
// config and the build's checks read these, never process.env; the server reads its settings through
// app/config.server.ts alone. A value the build cannot use stops it with one line naming it.
import { buildDirOf } from "./build-dir";
import { parseShortcutsOff } from "./shortcut-names";

const env = process.env;

if (env.ENABLE_TEST_ROUTES !== undefined && !["0", "1"].includes(env.ENABLE_TEST_ROUTES)) {
  throw new Error(`ENABLE_TEST_ROUTES must be 0 or 1, not "${env.ENABLE_TEST_ROUTES}"`);
}

/** The variables read here (README's "Configuration" table lists each: tests/unit/site/config-variables.test.ts). */
export const BUILD_VARIABLES = ["BUILD_DIR", "ENABLE_TEST_ROUTES", "SHORTCUTS_OFF", "UNPATCHED_PACKAGES_DIR"];

export const buildEnv = {
  /** Where the build goes (app/build-dir.ts). */
  buildDir: buildDirOf(env),
  /** The end-to-end suite's test-only routes (app/routes.ts); never in a production build. */
  enableTestRoutes: env.ENABLE_TEST_ROUTES === "1",
  /** The client-chunk groups, switched off to weigh what they save (docs/speed-shortcuts.md). */
  clientChunksOn: !(parseShortcutsOff(env.SHORTCUTS_OFF) as Set<string>).has("client-chunks"),
  /** The packages as published, before patches/, for measurement only (bench/shortcuts.bench.ts). */
  unpatchedPackagesDir: env.UNPATCHED_PACKAGES_DIR || undefined,
};
