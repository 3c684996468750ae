import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { buildDirOf } from "./app/build-dir";

/**
 * The server's one entry (server/index.ts, docs/decisions/0040-one-server-entry.md), bundled for the production
 * image, which has no tsx: `npm run build` writes it beside the app's build as <build dir>/server.js (packages left
 * to node_modules), run as `node build/server.js`. The app's modules it uses (config, LiteFS, the refusal) are
 * pure: the app's own state (streams, database, shutdown) stays in the build it loads.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: true,
    outDir: buildDirOf(process.env),
    emptyOutDir: false,
    target: "node20",
    rollupOptions: {
      input: { server: "server/index.ts" },
      output: { format: "esm", entryFileNames: "[name].js", inlineDynamicImports: true },
    },
  },
});
