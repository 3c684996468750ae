import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { BUILD_DIR } from "./server/build-dir.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Browsers with module scripts from 2018-2019 (Safari 12, Chrome 64, Firefox 67) get the islands;
// older ones keep the working server-rendered pages. es-check verifies the output in the test run.
const BROWSER_TARGET = ["es2017", "safari12", "chrome64", "firefox67", "edge79"];

export default defineConfig({
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
    },
  },
  esbuild: { target: "es2017" },
  // Server-only native packages: the dev server's dependency scan walks route modules into their *.server
  // imports, and would try to bundle argon2's browser (WebAssembly) build, which is not installed.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  plugins: [
    remix({
      buildDirectory: BUILD_DIR,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
