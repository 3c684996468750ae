import { fileURLToPath } from "node:url";
import type { UserConfig } from "vite";

/**
 * A Node program bundled from TypeScript for the production image, which has no tsx: the app's own modules
 * inlined (`~` is app/), packages left to node_modules, one ES module per input. vite.server.config.ts (the server
 * entry) and vite.ops.config.ts (the operator's commands) are each one of these.
 */
export function nodeProgram(options: {
  input: Record<string, string>;
  outDir: string;
  /** Whether the folder is the program's alone (the server entry shares the app's build folder). */
  emptyOutDir: boolean;
  inlineDynamicImports?: boolean;
}): UserConfig {
  return {
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    logLevel: "warn",
    publicDir: false,
    build: {
      ssr: true,
      outDir: options.outDir,
      emptyOutDir: options.emptyOutDir,
      target: "node20",
      rollupOptions: {
        input: options.input,
        output: { format: "esm", entryFileNames: "[name].js", inlineDynamicImports: options.inlineDynamicImports },
      },
    },
  };
}
