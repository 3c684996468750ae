// Where the built app lives, for the build (vite.config.ts, vite.server.config.ts), the server (through
// app/config.server.ts) and the weight check alike. The end-to-end suite builds with its test-only routes
// (ENABLE_TEST_ROUTES=1) into a folder of its own, so a production build never holds them and the suite never
// overwrites one. BUILD_DIR moves it (two end-to-end runs at once each build their own).
export function buildDirOf(env: Record<string, string | undefined>): string {
  return env.BUILD_DIR || (env.ENABLE_TEST_ROUTES === "1" ? "build-e2e" : "build");
}
