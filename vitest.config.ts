import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    // Files and tests run in a new random order each time (the seed is printed; `--sequence.seed=N` repeats it), so
    // no test can lean on another's leftovers. A story whose steps build on each other says so: `{ shuffle: false }`.
    sequence: { shuffle: true },
    // Modules that open the app's database get a throwaway file per test file, never ./data/app.db.
    setupFiles: ["tests/setup-env.ts"],
    globalSetup: ["tests/global-setup.ts"],
  },
});
