import { expect, test, type Page } from "@playwright/test";
import { signUpByPhone } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { PACE_MS, humanPace } from "./helpers/pace";
import { ageRun, answerRightlyInPagedGame } from "./helpers/run-clock";
import { solve } from "./helpers/solve";

/*
 * Calm play for members and visitors (docs/product.md#calm-play), with JavaScript (in the page at /game/calm) and
 * without (page by page at /game/calm/play): no countdown, the right answer after a miss, 20 questions, then
 * `All done!` and the results; /game leads there for a visitor who ticked `Always play calmly on this browser` and a
 * member with `Play calmly`, and `Play with the clock` still leads to the timed game.
 */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test.describe.configure({ timeout: 90_000 });

async function answer(page: Page, value: string) {
  await page.getByLabel("Your answer").fill(value);
  await page.getByLabel("Your answer").press("Enter");
}

test("a visitor plays calmly: no countdown, the right answer after a miss, 20 questions, All done!", async ({
  page,
}) => {
  // With JavaScript the page's clock gives the answers a person's pace, at once (the run made that much older).
  if (jsOn()) await page.clock.install();
  await page.goto("/");
  await page.getByRole("link", { name: "Play calmly" }).click();
  await expect(page).toHaveURL(/\/game\/calm$/);
  await expect(page.getByRole("heading", { name: "Calm play", level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Time limit" })).toHaveCount(0);
  await page.getByLabel("Always play calmly on this browser").check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Start calm play" }).click();
  await expect(page).toHaveURL(jsOn() ? /\/game\/calm\?token=/ : /\/game\/calm\/play\?token=/);
  if (jsOn()) {
    const moved = await ageRun(page.request, new URL(page.url()).searchParams.get("token")!, 60_000);
    await page.goto(`/game/calm?token=${encodeURIComponent(moved.token)}`);
  }

  await expect(page.getByTestId("calm-count")).toHaveText("Question 1 of 20");
  await expect(page.getByTestId("time-left")).toHaveCount(0);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  // A person's pace (the server refuses faster answers): the page's clock moved on with JavaScript, real time without.
  const realPace = humanPace();
  const pace = () => (jsOn() ? page.clock.runFor(PACE_MS) : realPace());
  // A miss: the right answer is shown.
  const first = solve((await page.getByTestId("problem").getAttribute("data-problem"))!);
  await pace();
  await answer(page, `${first}1`);
  await expect(page.getByTestId("feedback")).toHaveText(`✗ Not quite. The answer is ${first}.`);
  await expect(page.getByTestId("calm-count")).toHaveText("Question 2 of 20");
  await expect(page.getByTestId("time-left")).toHaveCount(0);
  await expectAccessible(page);
  // Without JavaScript, questions 3 to 19 are answered through the test route: each would be one more page like the
  // 2nd.
  const questions = jsOn() ? Array.from({ length: 19 }, (_, k) => k + 2) : [2, 20];
  // With JavaScript the finish is held back until the checking screen is seen: `All done!`, as no clock ran out.
  let releaseFinish = () => {};
  const finishHeld = new Promise<void>((resolve) => (releaseFinish = resolve));
  if (jsOn()) {
    await page.route("**/game/finish", async (route) => {
      await finishHeld;
      await route.continue();
    });
  }
  for (const n of questions) {
    if (n === 20 && !jsOn()) await answerRightlyInPagedGame(page, 17);
    await expect(page.getByTestId("calm-count")).toHaveText(`Question ${n} of 20`);
    const problem = (await page.getByTestId("problem").getAttribute("data-problem"))!;
    await pace();
    await answer(page, solve(problem));
  }
  await expect(page.getByRole("heading", { name: "All done!", level: 1 })).toBeVisible();
  if (jsOn()) {
    await expect(page.getByText("Checking your answers…")).toBeVisible();
    releaseFinish();
  } else {
    await page.getByRole("button", { name: "See My Results" }).click();
  }
  const results = page.getByTestId("results");
  await expect(results).toContainText("All done!", { timeout: 15_000 });
  await expect(page.getByTestId("result-score")).toHaveText("19");
  await expect(page.getByTestId("practice-note")).toHaveText("This was a calm game, so it is not on a leaderboard.");
  await expect(page.getByRole("region", { name: "Daily Leaderboard" })).toHaveCount(0);
  await expectAccessible(page);

  // The browser remembers: Play leads to the calm game, and the clock is one link away.
  await page.goto("/game");
  await expect(page).toHaveURL(/\/game\/calm$/);
  await expect(page.getByLabel("Always play calmly on this browser")).toBeChecked();
  await page.getByRole("link", { name: "Play with the clock" }).click();
  await expect(page).toHaveURL(/\/game\?clock=1$/);
});

test("a member turns on Play calmly in their settings, and /game takes them to the calm game", async ({ page }) => {
  await signUpByPhone(page);
  await page.goto("/settings");
  await page.getByLabel("Play calmly").check();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByTestId("flash")).toBeVisible();
  await page.goto("/game");
  await expect(page).toHaveURL(/\/game\/calm$/);
  await expect(page.getByRole("heading", { name: "Calm play", level: 1 })).toBeVisible();
  // A member's choice is their setting, not this browser's.
  await expect(page.getByLabel("Always play calmly on this browser")).toHaveCount(0);
  await page.goto("/settings");
  await expect(page.getByLabel("Play calmly")).toBeChecked();
});
