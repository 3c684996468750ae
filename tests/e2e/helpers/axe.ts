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
 * Fails the test with a readable list when axe finds any WCAG 2.2 A/AA violation on the page.
 * axe needs script in the page, so for the JavaScript-off project the rendered document is copied,
 * without its scripts, into a script-enabled page on the same origin (so its stylesheets still apply).
 */
export async function expectAccessible(page: Page, options: { allowTimedRefresh?: boolean } = {}) {
  // A step of its own, so the report shows what the checks cost.
  await test.step("axe", () => checkAccessible(page, options), { box: true });
}

async function checkAccessible(page: Page, { allowTimedRefresh = false }) {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  const target = jsOff ? await scriptFreeCopy(page) : page;
  try {
    const builder = new AxeBuilder({ page: target }).withTags(TAGS);
    const skipped = [
      ...(allowTimedRefresh ? ["meta-refresh"] : []),
      ...(jsOff && !test.info().tags.includes("@no-js") ? RENDERING_RULES : []),
    ];
    if (skipped.length > 0) builder.disableRules(skipped);
    const results = await builder.analyze();
    const summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
    );
    expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  } finally {
    if (target !== page) await target.context().close();
  }
}

async function scriptFreeCopy(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser for the accessibility copy");
  const context = await browser.newContext({ javaScriptEnabled: true });
  const copy = await context.newPage();
  await copy.goto(new URL("/robots.txt", page.url()).href);
  await copy.setContent(html, { waitUntil: "load" });
  return copy;
}
