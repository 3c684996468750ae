import type { Page, TestInfo } from "@playwright/test";

/**
 * Saves a screenshot of the page in the run's results when E2E_SCREENSHOTS=1: the layout tests' pictures are there to
 * be looked at when the look changes, never compared, and taking them cost a third of those tests' time
 * (docs/decisions/0046-e2e-suite-under-ten-minutes.md).
 */
export async function keepScreenshot(page: Page, info: TestInfo, name: string, { fullPage = false } = {}) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await info.attach(`${name}-${info.project.name}`, {
    body: await page.screenshot({ fullPage }),
    contentType: "image/png",
  });
}
