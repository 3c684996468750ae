import { expect, test } from "@playwright/test";
import { expectAccessible, withScriptForAxe } from "./helpers/axe";

/*
 * A long one-line sum stays on one line on a phone (docs/product.md#problem-display, issue 44): the daily challenge's
 * `75% of 20 = ?` (13 characters, drawn smaller: tests/unit/site/play-screen.test.ts) wrapped its `?` at 390 px. Its
 * line is drawn in the play screen's own styles, in place of the solo game's first problem, and measured.
 */

const LONG_SUMS = ["75% of 20 = ?", "12.5% of 80 = ?", "£10.50 + £2.25 = ?"];

for (const size of [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
]) {
  test(`a long sum is one line at ${size.width} × ${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/game?difficulty=normal&timeLimit=300");
    await page.getByRole("button", { name: "Start Game" }).click();
    await expect(page.getByLabel("Your answer")).toBeVisible();
    const jsOff = test.info().project.use.javaScriptEnabled === false;
    if (jsOff) await page.waitForLoadState("load");
    const measure = () =>
      page.evaluate((sums) => {
        // As ProblemDisplay draws a line longer than 12 characters; a first problem drawn in columns gives its place
        // to such a line.
        let line = document.querySelector(".problem-inline");
        if (!line) {
          line = document.createElement("p");
          line.className = "problem-inline";
          document.querySelector(".problem-vertical")!.replaceWith(line);
        }
        line.classList.add("problem-long");
        return sums.map((sum) => {
          line.textContent = sum;
          const range = document.createRange();
          range.selectNodeContents(line);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          const right = range.getBoundingClientRect().right;
          return { sum, lines: tops.size, fits: right <= document.documentElement.clientWidth };
        });
      }, LONG_SUMS);
    const measured = jsOff ? await withScriptForAxe(page, measure) : await measure();
    for (const m of measured) expect(m, m.sum).toEqual({ sum: m.sum, lines: 1, fits: true });
    await expectAccessible(page, { allowTimedRefresh: true });
  });
}
