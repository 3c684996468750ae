import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { keepScreenshot } from "./helpers/screenshots";
import { makeSchool } from "./helpers/school";
import { reloadSettled } from "./helpers/navigation";

/*
 * The classroom screen reads from the back of the room (docs/product.md#live-game, issue 44), projected at 1366 × 768
 * and 1920 × 1080: the join code and the address at least 8 % of the screen's height, the names at least 3 %, Start
 * on the screen with 30 names in (none to scroll to), each join shown as it comes (with JavaScript; without it the
 * page shows who had joined when it loaded), a podium with places written once ("1st Harry") and bars as long as
 * the scores, and a full-screen button where JavaScript runs. The class's 30 are seated by the test route.
 */

test.describe.configure({ timeout: 90_000 });

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

const SCREENS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

const NAMES = [
  "Harry", "Olivia", "Mohammed", "Amelia", "Noah", "Isla", "Oliver", "Ava", "George", "Maximilian",
  "Leo", "Freya", "Arthur", "Ivy", "Muhammad", "Florence", "Theo", "Willow", "Oscar", "Evangeline",
  "Archie", "Sophia", "Jack", "Grace", "Alfie", "Poppy", "Henry", "Zainab", "Charlie", "Rosie",
]; // prettier-ignore

async function openGame(page: Page): Promise<string> {
  const school = makeSchool([[{ name: `Ada ${crypto.randomBytes(3).toString("hex")}` }]]);
  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/teacher-dashboard/);
  await page.goto("/live/host");
  await page.getByLabel("Class", { exact: true }).selectOption({ label: school.classes[0]!.name });
  await page.getByLabel(/Let guests join/).check();
  await page.getByRole("button", { name: "Open the game" }).click();
  await expect(page).toHaveURL(/\/live\/\d{11}\/host$/);
  return /\/live\/(\d{11})\/host$/.exec(page.url())![1]!;
}

async function seat(page: Page, code: string, join: { name: string; right: number }[]) {
  const seated = await page.request.post("/_test/live-end", { data: { code, join } });
  expect(await seated.json()).toEqual({ joined: join.length });
}

/** Each part's height as a share of the screen's, and what of the lobby is not on the screen. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const vh = window.innerHeight;
    const share = (el: Element) => el.getBoundingClientRect().height / vh;
    const names = [...document.querySelectorAll("[data-testid=race] .live-name")];
    const offScreen = [
      ...names,
      ...document.querySelectorAll("[data-testid=race] li"),
      document.querySelector(".live-host-actions button"),
      document.querySelector("[data-testid=join-code]"),
      document.querySelector("[data-testid=join-address]"),
    ]
      .filter((el): el is Element => el !== null)
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.top < 0 || b.bottom > vh + 0.5 || b.right > window.innerWidth + 0.5;
      })
      .map((el) => el.textContent);
    return {
      code: share(document.querySelector("[data-testid=join-code]")!),
      address: share(document.querySelector("[data-testid=join-address]")!),
      smallestName: Math.min(...names.map(share)),
      names: names.length,
      offScreen,
    };
  });
}

test("the classroom screen reads from the back: big code, 30 names, Start on screen, a podium", async ({ page }) => {
  await page.setViewportSize(SCREENS[0]!);
  const code = await openGame(page);

  // Each join shows as it comes (with JavaScript; without it, when the page is loaded again).
  await seat(page, code, [{ name: NAMES[0]!, right: 30 }]);
  if (!jsOn()) await reloadSettled(page);
  await expect(page.getByTestId("race")).toContainText(NAMES[0]!);
  if (jsOn()) await expect(page.getByTestId("latest-join")).toHaveText(`Just joined: ${NAMES[0]}`);
  await seat(
    page,
    code,
    NAMES.slice(1).map((name, k) => ({ name, right: Math.max(0, 24 - k * 3) })),
  );
  if (!jsOn()) await reloadSettled(page);
  await expect(page.getByTestId("race").locator("li")).toHaveCount(30);

  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await keepScreenshot(page, test.info(), `big screen ${screen.width}x${screen.height}`);
    const sizes = await measure(page);
    const at = `${screen.width}x${screen.height}`;
    expect(sizes.names, at).toBe(30);
    expect(sizes.code, `join code at ${at}`).toBeGreaterThanOrEqual(0.08);
    expect(sizes.address, `address at ${at}`).toBeGreaterThanOrEqual(0.08);
    expect(sizes.smallestName, `names at ${at}`).toBeGreaterThanOrEqual(0.03);
    expect(sizes.offScreen, `off the screen at ${at}`).toEqual([]);
    await expect(page.getByRole("button", { name: "Start", exact: true })).toBeInViewport();
  }
  // Full screen where JavaScript runs; no button without it.
  await expect(page.getByTestId("full-screen")).toHaveCount(jsOn() ? 1 : 0);
  if (jsOn()) await expect(page.getByRole("button", { name: "Full screen" })).toBeVisible();
  await expectAccessible(page);

  // The podium: places written once, bars as long as the scores.
  await page.setViewportSize(SCREENS[0]!);
  await page.getByRole("button", { name: "Start", exact: true }).click();
  // The round starts now (the test route moves its start back over the countdown), then ends now.
  await expect
    .poll(async () => (await page.request.post("/_test/live-end", { data: { code, rewindSeconds: 3 } })).json())
    .toEqual({ rewound: true });
  const ended = await page.request.post("/_test/live-end", { data: { code } });
  expect(await ended.json()).toEqual({ ended: true });
  if (!jsOn()) await reloadSettled(page);
  const podium = page.locator(".live-podium");
  await expect(podium.getByRole("heading", { name: "The podium" })).toBeVisible();
  await expect(podium.locator("li")).toHaveText([
    /^1st Harry\s*30 right$/,
    /^2nd Olivia\s*24 right$/,
    /^3rd Mohammed\s*21 right$/,
  ]);
  await expect(podium).not.toContainText("1.");
  const bars = await podium
    .getByTestId("score-bar")
    .evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width),
    );
  expect(bars.map((bar) => bar.toFixed(2))).toEqual(["1.00", (24 / 30).toFixed(2), (21 / 30).toFixed(2)]);
  await expect(page.getByTestId("race").locator("li").first()).toContainText(/^1st Harry/);
  await expectAccessible(page);
});
