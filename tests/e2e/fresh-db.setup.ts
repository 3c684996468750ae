import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";

// Runs before the js-on and js-off projects, on the database the suite's server has just created.

test("a fresh database: today's challenge has no entries yet", async ({ page }) => {
  await page.goto("/daily-challenge");
  await expect(page.getByText("No entries yet for this challenge.")).toBeVisible();
  await expectAccessible(page);
});

test("a fresh database: the leaderboards are empty, and say so", async ({ page }) => {
  await page.goto("/leaderboard?period=all-time&board=extreme");
  await expect(page.getByText("No scores yet. Play a game to be the first!")).toBeVisible();
});
