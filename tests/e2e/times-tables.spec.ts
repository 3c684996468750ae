import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { humanPace } from "./helpers/pace";
import { leaveSecondsInPagedGame } from "./helpers/run-clock";
import { solve } from "./helpers/solve";

/*
 * The times-tables game (docs/product.md#times-tables-game), with JavaScript (it plays in the page at /game/tables)
 * and without (page by page at /game/play): the start screen leads to it, none ticked is refused beside the boxes,
 * the 7 times table asks only the 7 times table, and its results say it is on no board.
 */

const jsOff = () => test.info().project.use.javaScriptEnabled === false;

test.describe.configure({ timeout: 60_000 });

test("a visitor picks the 7 times table, plays it, every problem is of the 7s, and sees the results", async ({
  page,
}) => {
  if (!jsOff()) await page.clock.install();
  await page.goto("/game");
  await page.getByRole("link", { name: "Times tables" }).click();
  await expect(page.getByRole("heading", { name: "Times tables", level: 1 })).toBeVisible();
  const tablesGroup = page.getByRole("group", { name: "Tables" });
  await expect(tablesGroup.getByRole("checkbox")).toHaveCount(11);

  // None ticked: refused next to the boxes, the other choices kept.
  await page.getByRole("radio", { name: "30s" }).check();
  await page.getByRole("button", { name: "Start times tables" }).click();
  await expect(tablesGroup.getByText("Choose at least one times table.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "30s" })).toBeChecked();
  await expectAccessible(page);

  await tablesGroup.getByRole("checkbox", { name: "7 times table" }).check();
  await page.getByRole("button", { name: "Start times tables" }).click();
  await expect(page).toHaveURL(jsOff() ? /\/game\/play\?token=/ : /\/game\/tables\?token=/);

  const answer = page.getByLabel("Your answer");
  await expect(answer).toBeVisible();
  const pace = humanPace();
  for (let i = 0; i < 3; i++) {
    const problem = (await page.getByTestId("problem").getAttribute("data-problem"))!;
    // 'n × 7' or '7n ÷ 7': the 7 times table, both ways.
    expect(problem).toMatch(/^\d+ [×÷] 7 = \?$/);
    await pace();
    await answer.fill(solve(problem));
    await answer.press("Enter");
    await expect(page.getByTestId("score")).toContainText(`Score: ${i + 1}`);
  }
  if (jsOff()) {
    await leaveSecondsInPagedGame(page);
    await page.getByRole("button", { name: "See My Results" }).click({ timeout: 15_000 });
  } else {
    await page.clock.fastForward(31_000);
  }

  await expect(page.getByTestId("results")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("practice-note")).toHaveText(
    "This was a times tables game, so it is not on a leaderboard.",
  );
  await expect(page.getByTestId("result-score")).toHaveText("3");
  await expect(page.getByRole("region", { name: "Daily Leaderboard" })).toHaveCount(0);

  // The 7 stays ticked next time.
  await page.goto("/game/tables");
  await expect(page.getByRole("checkbox", { name: "7 times table" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "8 times table" })).not.toBeChecked();
  // Every table at once, with or without JavaScript.
  await page.getByRole("link", { name: "Tick all the tables" }).click();
  await expect(page.getByRole("checkbox", { checked: true, name: /times table$/ })).toHaveCount(11);
});
