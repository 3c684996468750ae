import { expect, test, type Page } from "@playwright/test";
import { challengeForUtcTime } from "../../app/game";
import { expectAccessible } from "./helpers/axe";
import { humanPace } from "./helpers/pace";
import { leaveSecondsInPagedGame } from "./helpers/run-clock";
import { solve } from "./helpers/solve";

function today() {
  const c = challengeForUtcTime(Date.now());
  return { id: c.id, title: c.title, timeLimit: c.timeLimit };
}

/** Answers `count` problems right, at a person's pace: the server refuses answers faster than anyone could give them. */
async function answerCorrectly(page: Page, count: number) {
  const pace = humanPace();
  for (let i = 0; i < count; i++) {
    await pace();
    const problem = await page.getByTestId("problem").getAttribute("data-problem");
    await page.getByLabel("Your answer").fill(solve(problem ?? ""));
    await page.getByLabel("Your answer").press("Enter");
    await expect(page.getByLabel("Your answer")).toHaveValue(""); // taken: the next problem waits
  }
}

async function expectMineOnChallengeBoard(page: Page) {
  const mine = page
    .getByRole("region", { name: /^Top 10:/ })
    .getByTestId("board-row")
    .filter({ hasText: "(You)" });
  await expect(mine.first()).toContainText("Anonymous Player");
}

test.describe("with JavaScript @js-only", () => {
  test("today's challenge played, verified, saved and shown as mine", async ({ page }) => {
    const challenge = today();
    await page.clock.install();
    await page.goto("/daily-challenge");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(challenge.title);
    await expect(page.getByText(`Time limit: ${challenge.timeLimit} seconds`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Start Challenge" }).click();
    await expect(page.getByTestId("time-left")).toBeVisible();

    // The page's clock, once installed, still follows real time.
    await answerCorrectly(page, 2);
    await page.clock.fastForward(challenge.timeLimit * 1000 + 1000);

    await expect(page.getByRole("heading", { name: "Challenge Complete!" })).toBeVisible();
    await expect(page.getByTestId("result-score")).toHaveText("2 / 2");
    await expect(page.getByTestId("result-accuracy")).toHaveText("100%");
    await expect(page.getByRole("status")).toContainText(`Score saved to ${challenge.title} leaderboard!`);
    await expect(page.getByRole("heading", { name: "New Daily Challenge Starts In:" })).toBeVisible();
    await expectMineOnChallengeBoard(page);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("button", { name: "Start Challenge" })).toBeVisible();
  });

  for (const [zone, expected] of [
    ["Asia/Kolkata", "06:30:00"],
    ["America/New_York", "17:00:00"],
    ["Pacific/Auckland", "23:00:00"],
  ] as const) {
    test(`the countdown runs to local midnight in ${zone}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, timezoneId: zone });
      const page = await context.newPage();
      // 12:00 UTC: 17:30 in Kolkata, 07:00 in New York (EST), 01:00 the next day in Auckland (NZDT).
      await page.clock.setFixedTime(new Date("2026-11-22T12:00:00Z"));
      await page.goto("/daily-challenge");
      await expect(page.getByTestId("next-challenge")).toHaveText(expected);
      await context.close();
    });
  }
});

test.describe("without JavaScript @no-js", () => {
  test("today's challenge played page by page, saved and shown as mine", async ({ page }) => {
    test.setTimeout(60_000); // a game page by page and its results
    const challenge = today();
    await page.goto("/daily-challenge");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(challenge.title);
    // Without JavaScript the countdown shows the time to the server's midnight, when the challenge changes.
    await expect(page.getByTestId("next-challenge")).toHaveText(/^\d\d:\d\d:\d\d$/);
    await page.getByRole("button", { name: "Start Challenge" }).click();
    await expect(page).toHaveURL(/\/game\/play\?token=/);
    await answerCorrectly(page, 2);
    await expect(page.getByTestId("score")).toContainText("Score: 2");
    // The challenge's last seconds: its clock moved on, the page's own refresh still ends it.
    await leaveSecondsInPagedGame(page);
    await expect(page.getByRole("heading", { name: "Time’s up!" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "See My Results" }).click();

    await expect(page.getByRole("heading", { name: "Challenge Complete!" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`Score saved to ${challenge.title} leaderboard!`);
    await expect(page.getByTestId("result-score")).toHaveText("2 / 2");
    await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/daily-challenge");
    await expectMineOnChallengeBoard(page);
    await expectAccessible(page);

    await page.goto("/daily-challenge");
    await expectMineOnChallengeBoard(page);
  });
});
