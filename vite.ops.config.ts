import { defineConfig } from "vite";
import { nodeProgram } from "./vite.node";

/**
 * The operator's commands, bundled for the production image, which has neither tsx nor scripts/: `npm run build`
 * writes build/ops/<name>.js (the app's own modules inlined, packages left to node_modules), run there as
 * `node build/ops/admin-create.js …`. README.md, "Deploying to Fly.io", says how.
 */
export default defineConfig(
  nodeProgram({
    input: { "admin-create": "scripts/admin-create.ts", "facts-rebuild": "scripts/facts-rebuild.ts" },
    outDir: "build/ops",
    emptyOutDir: true,
  }),
);
