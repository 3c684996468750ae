import { defineConfig, devices, chromium } from "@playwright/test";
import fs from "node:fs";

const PORT = Number(process.env.E2E_PORT ?? 3300);
export const BASE_URL = `http://localhost:${PORT}`;

/** CHROMIUM_PATH first, then Playwright's own browser if it was ever installed, then Debian's chromium. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (fs.existsSync(chromium.executablePath())) return undefined;
  } catch {
    // Playwright's own browser is not installed: fall through.
  }
  return "/usr/bin/chromium";
}

const launchOptions = {
  executablePath: chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: { baseURL: BASE_URL, trace: "retain-on-failure", launchOptions },
  projects: [
    // Checks that need the database as it starts (empty boards) run before anything plays a game.
    { name: "fresh-db", testMatch: /fresh-db\.setup\.ts/, use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "js-on", dependencies: ["fresh-db"], use: { ...devices["Desktop Chrome"], launchOptions } },
    {
      name: "js-off",
      dependencies: ["fresh-db"],
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
    },
  ],
  webServer: {
    // A fresh database file for every run: the real server, the real SQLite, nothing mocked. The suite builds
    // its own copy of the app with the test-only routes (into build-e2e; see app/routes.ts).
    command: "rm -rf tmp/e2e && mkdir -p tmp/e2e && npx remix vite:build --logLevel warn && node server.js",
    url: `${BASE_URL}/healthcheck`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SITE_URL: BASE_URL,
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-000",
      DATABASE_PATH: "tmp/e2e/app.db",
      ENABLE_TEST_ROUTES: "1",
    },
  },
});
