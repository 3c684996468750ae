import type { Page } from "@playwright/test";

/*
 * Reading a page again without JavaScript, where the page may be navigating itself: a live player's lobby refreshes
 * itself (its meta refresh), and Chromium's headless shell has answered a reload in the middle of one with "Not
 * attached to an active page" (docs/decisions/0097-e2e-in-the-headless-shell.md). Either way a fresh copy of the page
 * is what the test wanted: it waits for the navigation that won, then reads again once. Anything else still fails.
 */
const RACED = /interrupted by another navigation|Not attached to an active page|net::ERR_ABORTED/;

async function settled(page: Page, navigate: () => Promise<unknown>) {
  try {
    await navigate();
  } catch (error) {
    if (!RACED.test(String(error))) throw error;
    await page.waitForLoadState("load");
    await navigate();
  }
}

/** page.reload(), allowing for a navigation of the page's own in the same moment. */
export function reloadSettled(page: Page) {
  return settled(page, () => page.reload());
}

/** page.goto(url), allowing for a navigation of the page's own in the same moment. */
export function gotoSettled(page: Page, url: string) {
  return settled(page, () => page.goto(url));
}
