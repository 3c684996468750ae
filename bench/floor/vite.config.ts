// The bare stack the benchmarks measure the site against (README "Benchmarks"): a Remix app with nothing of the
// site's own, built with the same Remix future flags and browser targets as the site (../../vite.config.ts) so
// the only difference is what the site adds. Built by the benches into bench/floor/build.
import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const BROWSER_TARGET = ["es2017", "safari12", "chrome64", "firefox67", "edge79"];
const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  root: here("."),
  build: { target: BROWSER_TARGET, cssTarget: BROWSER_TARGET },
  esbuild: { target: "es2017" },
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: here("app"),
      buildDirectory: here("build"),
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
