import type { Browser } from "@playwright/test";

/**
 * Closes every browser context of the test's worker once the test is done, for `test.afterEach`. Playwright closes
 * only the context of the `page` fixture: a context a test opened itself lives on until the worker stops, and one
 * on a live game's page keeps drawing and streaming while the tests after it run
 * (docs/decisions/0097-e2e-in-the-headless-shell.md). A worker runs one test at a time, so all are this test's.
 */
export async function closeTestContexts({ browser }: { browser: Browser }) {
  await Promise.all(browser.contexts().map((context) => context.close()));
}
