import { devices, expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { playScreenOffScreen } from "./helpers/play-screen";
import { keepScreenshot } from "./helpers/screenshots";

/*
 * The play screen as a child sees it (docs/product.md#play-screen-sizes): from a small phone to a desktop, upright
 * and on its side, the problem, the timer and the whole number pad are on the screen at once when the game starts,
 * the timer's digits whole; on a touch screen the pad is the keyboard (no system keyboard over it), and a physical
 * keyboard still answers. Each size is one start, measured and photographed for the report.
 */

const jsOff = () => test.info().project.use.javaScriptEnabled === false;

const SIZES = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
  // Phones on their side.
  { width: 640, height: 360 },
  { width: 844, height: 390 },
];

async function startGame(page: Page) {
  await page.goto("/game?difficulty=normal&timeLimit=300");
  await page.getByRole("button", { name: "Start Game" }).click();
  await expect(page.getByLabel("Your answer")).toBeVisible();
  if (jsOff()) await page.waitForLoadState("load");
}

test("at every size the problem, the timer and the whole pad are on the screen when the game starts", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await startGame(page);
    const name = `${size.width}x${size.height}`;
    await keepScreenshot(page, testInfo, `play at ${name}`);
    await expect.poll(() => playScreenOffScreen(page), { message: `the play screen at ${name}` }).toEqual([]);
  }
  await expectAccessible(page, { allowTimedRefresh: true });
  if (jsOff()) {
    // Without JavaScript the digits still count down: CSS steps the reel of seconds on, a line a second.
    const reel = page.locator(".timer-reel");
    await expect(reel).toContainText("5:00");
    const firstLine = await reel.evaluate((el) => getComputedStyle(el).transform);
    await expect.poll(() => reel.evaluate((el) => getComputedStyle(el).transform)).not.toBe(firstLine);
  }
});

test("on a touch phone the pad is the keyboard, and a physical keyboard still answers", async ({
  browser,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({
    ...devices["Pixel 5"],
    baseURL,
    javaScriptEnabled: !jsOff(),
  });
  const page = await context.newPage();
  await startGame(page);
  await keepScreenshot(page, testInfo, "play on a Pixel 5");
  await expect.poll(() => playScreenOffScreen(page), { message: "the play screen on a Pixel 5" }).toEqual([]);
  const field = page.getByLabel("Your answer");
  // No system keyboard over the pad.
  await expect(field).toHaveAttribute("inputmode", "none");

  // The pad's keys type, one tap each.
  const pad = page.getByRole("group", { name: "Number pad" });
  await pad.getByRole("button", { name: "4", exact: true }).tap();
  await expect(field).toHaveValue("4");
  await pad.getByRole("button", { name: "2", exact: true }).tap();
  await expect(field).toHaveValue("42");
  await pad.getByRole("button", { name: "Delete last digit" }).tap();
  await expect(field).toHaveValue("4");

  // A keyboard plugged in still types, deletes and answers.
  await field.focus();
  await page.keyboard.press("End");
  await page.keyboard.type("7");
  await expect(field).toHaveValue("47");
  await page.keyboard.press("Backspace");
  await expect(field).toHaveValue("4");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("feedback")).toBeVisible();
  await expect(field).toHaveValue("");
  await context.close();
});
