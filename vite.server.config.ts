import { defineConfig } from "vite";
import { nodeProgram } from "./vite.node";
import { buildEnv } from "./app/build-env";

/**
 * The server's one entry (server/index.ts, docs/decisions/0040-one-server-entry.md), bundled for the production
 * image, which has no tsx: `npm run build` writes it beside the app's build as <build dir>/server.js (packages left
 * to node_modules), run as `node build/server.js`. The app's modules it uses (config, LiteFS, the refusal) are
 * pure: the app's own state (streams, database, shutdown) stays in the build it loads.
 */
export default defineConfig(
  nodeProgram({
    input: { server: "server/index.ts" },
    outDir: buildEnv.buildDir,
    emptyOutDir: false,
    inlineDynamicImports: true,
  }),
);
