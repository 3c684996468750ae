import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The operator's commands, bundled for the production image, which has neither tsx nor scripts/: `npm run build`
 * writes build/ops/<name>.js (the app's own modules inlined, packages left to node_modules), run there as
 * `node build/ops/admin-create.js …`. README.md, "Deploying to Fly.io", says how.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: true,
    outDir: "build/ops",
    emptyOutDir: true,
    target: "node20",
    rollupOptions: {
      input: { "admin-create": "scripts/admin-create.ts" },
      output: { format: "esm", entryFileNames: "[name].js" },
    },
  },
});
