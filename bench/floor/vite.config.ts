// The bare stack the benchmarks measure the site against (README "Benchmarks"): a Remix app with nothing of the
// site's own, built with the site's Remix future flags and browser targets (vite.shared.ts) so the only difference
// is what the site adds. Built by the benches and the weight check into bench/floor/build.
import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { BROWSER_TARGET, REMIX_FUTURE } from "../../vite.shared";

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  root: here("."),
  build: { target: BROWSER_TARGET, cssTarget: BROWSER_TARGET },
  esbuild: { target: "es2017" },
  logLevel: "warn",
  plugins: [remix({ appDirectory: here("app"), buildDirectory: here("build"), future: REMIX_FUTURE })],
});
