import { defineConfig, devices, chromium } from "@playwright/test";
import fs from "node:fs";
import { E2E_BUILD, E2E_PORT, E2E_REPORT, E2E_RESULTS, E2E_TMP } from "./tests/e2e/helpers/e2e-dirs";

const PORT = E2E_PORT;
export const BASE_URL = `http://localhost:${PORT}`;
/** The server's output goes here, not into the test output: see tests/e2e/server-log-reporter.ts. */
const SERVER_LOG = `${E2E_TMP}/server.log`;
/** Google and Facebook sign-in both go to a real local OAuth2 server on the next port: tests/e2e/oauth-server.ts. */
const OAUTH_PROVIDER = `http://127.0.0.1:${PORT + 1}`;
const oauthEnv = (name: "GOOGLE" | "FACEBOOK") => ({
  [`${name}_CLIENT_ID`]: `e2e-${name.toLowerCase()}`,
  [`${name}_CLIENT_SECRET`]: "e2e-oauth-client-secret",
  [`${name}_AUTHORIZE_URL`]: `${OAUTH_PROVIDER}/authorize`,
  [`${name}_TOKEN_URL`]: `${OAUTH_PROVIDER}/token`,
  [`${name}_USERINFO_URL`]: `${OAUTH_PROVIDER}/userinfo`,
});

/** Debian's headless shell (`apt-get install chromium-headless-shell`): the browser Playwright itself runs headless. */
const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/**
 * CHROMIUM_PATH first, then Playwright's own browser if it was ever installed, then Debian's headless shell, then
 * Debian's chromium. The shell is the same engine without the desktop browser around it: a new page in it cost a
 * quarter of the full browser's (docs/decisions/0097-e2e-in-the-headless-shell.md).
 */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (fs.existsSync(chromium.executablePath())) return undefined;
  } catch {
    // Playwright's own browser is not installed: fall through.
  }
  return fs.existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : "/usr/bin/chromium";
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

/** The board-filling tests: see the "crowd" project. */
const CROWD = /crowd\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: E2E_RESULTS,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never", outputFolder: E2E_REPORT }] as const]),
    // Says where the server's log is when a test fails, and shows any server error the suite did not provoke.
    [
      "./tests/e2e/server-log-reporter.ts",
      {
        log: SERVER_LOG,
        // The outbox's log line for each e-mail (app/email/mailer.server.ts) is expected output, and so is the
        // warning when the OAuth tests make the provider fail (app/auth/oauth.server.ts).
        expected: [
          "Deliberate render error for the end-to-end suite",
          // The housekeeping job's once-only backfill of the players who finished before its first run.
          "fact records backfilled",
          "saved in " + `${E2E_TMP}/outbox`,
          "OAuth provider error",
          // A script's run held off the boards for its pace (fair-play.spec.ts): logged for the operator.
          "held for review",
          // The weekly digest's run, asked for by weekly-digest.spec.ts: its one line for the operator.
          "without classes",
        ],
      },
    ],
  ],
  // A trace is recorded only when a failed test is run again (CI retries once): recording every test cost about a
  // third of the suite's time (docs/decisions/0046-e2e-suite-under-ten-minutes.md). Locally, run a failing test
  // again with `--trace on`.
  use: { baseURL: BASE_URL, trace: "on-first-retry", launchOptions },
  projects: [
    // Checks that need the database as it starts (empty boards) run before anything plays a game.
    { name: "fresh-db", testMatch: /fresh-db\.setup\.ts/, use: { ...devices["Desktop Chrome"], launchOptions } },
    // Tests that can run with one setting only are tagged in their titles, and each project lists only the
    // tests it can run (none is "skipped"): @js-only needs JavaScript in the page, @no-js is the path without.
    {
      name: "js-on",
      dependencies: ["fresh-db"],
      grepInvert: /@no-js\b/,
      testIgnore: CROWD,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "js-off",
      dependencies: ["fresh-db"],
      grepInvert: /@js-only\b/,
      // HTTP-level checks do not depend on the browser's JavaScript: js-on runs them once.
      testIgnore: [/http\.spec\.ts$/, /finish-api\.spec\.ts$/, CROWD],
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
    },
    // Tests that fill the boards with other players' scores run once the others are done: many tests look for
    // their own row among a board's top 20, which a crowd of better scores would push off.
    {
      name: "crowd",
      dependencies: ["js-on", "js-off"],
      testMatch: CROWD,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
  ],
  webServer: [
    {
      // A fresh database file for every run: the real server, the real SQLite, nothing mocked. The suite builds
      // its own copy of the app with the test-only routes (into build-e2e; see app/routes.ts). Build warnings
      // show here; the server's output goes to its log (printed here only if the server stops).
      command: [
        `rm -rf ${E2E_TMP} && mkdir -p ${E2E_TMP}`,
        "./node_modules/.bin/remix vite:build --logLevel warn",
        "./node_modules/.bin/vite build --config vite.server.config.ts",
        `{ node ${E2E_BUILD}/server.js > ${SERVER_LOG} 2>&1 || { cat ${SERVER_LOG} >&2; exit 1; }; }`,
      ].join(" && "),
      url: `${BASE_URL}/healthcheck`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        SITE_URL: BASE_URL,
        SESSION_SECRET: "e2e-session-secret-that-is-long-enough-000",
        DATABASE_PATH: `${E2E_TMP}/app.db`,
        OUTBOX_DIR: `${E2E_TMP}/outbox`,
        BUILD_DIR: E2E_BUILD,
        ENABLE_TEST_ROUTES: "1",
        // The weekly digest runs only when a test asks, through /_test/run-digest (docs/product.md#weekly-digest).
        DIGEST: "off",
        ...oauthEnv("GOOGLE"),
        ...oauthEnv("FACEBOOK"),
      },
    },
    {
      // The stand-in for Google and Facebook, a real OAuth2 server (its output is Playwright's).
      command: "./node_modules/.bin/tsx tests/e2e/oauth-server.ts",
      url: `${OAUTH_PROVIDER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OAUTH_MOCK_PORT: String(PORT + 1) },
    },
  ],
});
