import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The rules that measure the rendered page (colours, target sizes): two thirds of axe's time on a long page. A test
 * that runs in both projects sees the same markup and stylesheet in both, so its JavaScript-on run checks them; the
 * JavaScript-off project checks them only in @no-js tests, the pages only that path has
 * (docs/decisions/0046-e2e-suite-under-ten-minutes.md).
 */
const RENDERING_RULES = ["color-contrast", "target-size"];

/**
 * axe's minified build: the same code as the package's main file in 580 KB instead of 1.3 MB, so the page parses
 * half as much on every check (docs/decisions/0097-e2e-in-the-headless-shell.md).
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Fails the test with a readable list when axe finds any WCAG 2.2 A/AA violation on the page.
 * axe needs script in the page, so in the JavaScript-off project script is switched on for the check alone and off
 * again: the page's own scripts never ran and do not run now (a script element runs only as it is parsed), so axe
 * sees the document a browser without JavaScript shows (tests/e2e/axe-helper.spec.ts proves script stays off).
 */
export async function expectAccessible(page: Page, options: { allowTimedRefresh?: boolean } = {}) {
  // A step of its own, so the report shows what the checks cost.
  await test.step("axe", () => checkAccessible(page, options), { box: true });
}

async function checkAccessible(page: Page, { allowTimedRefresh = false }) {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  const skipped = [
    ...(allowTimedRefresh ? ["meta-refresh"] : []),
    ...(jsOff && !test.info().tags.includes("@no-js") ? RENDERING_RULES : []),
  ];
  // Legacy mode runs axe in the page alone. The default opens a blank page to gather the results of cross-origin
  // frames (we have none) on every check, which more than doubled each check's time (decision 0046).
  // axe goes into a document once (the builder would send its 1.3 MB twice a check): the builder gets a no-op source,
  // and axe reports violations alone, all this helper reads (docs/decisions/0079-e2e-one-load-for-every-width.md).
  const builder = new AxeBuilder({ page, axeSource: ";" })
    .options({ resultTypes: ["violations"] })
    .withTags(TAGS)
    .setLegacyMode(true);
  if (skipped.length > 0) builder.disableRules(skipped);
  const analyze = async () => {
    if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== "undefined")))
      await page.evaluate(AXE_SOURCE);
    return builder.analyze();
  };
  const results = jsOff ? await withScriptForAxe(page, analyze) : await analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Runs `check` with script execution allowed in the page, then disallows it again whatever happened. Chromium keeps
 * the setting per DevTools session and skips a call that repeats the session's own value, so this session first says
 * "disabled" (as the page already is) and then "enabled".
 */
export async function withScriptForAxe<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: false });
    return await check();
  } finally {
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
    await cdp.detach();
  }
}
