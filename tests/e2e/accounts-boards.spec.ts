import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import {
  confirmEmail,
  logout,
  myAllTimeRows,
  playSoloGame,
  signUpByEmail,
  signUpByPhone,
  uniqueEmail,
} from "./helpers/accounts";

// Members' scores on the boards (docs/product.md#accounts): under their public name, and a visitor's scores
// move to the account made in the same browser. Without JavaScript a game takes its real 30 seconds.

test.describe("scores of members", () => {
  test("a visitor's score moves to the account they sign up for in the same browser", async ({ page }) => {
    test.setTimeout(90_000);
    await playSoloGame(page, 4);
    const before = await myAllTimeRows(page);
    await expect(before).toHaveCount(1);
    await expect(before).toContainText("Anonymous Player");
    await expect(before).toContainText("4/4");

    const member = await signUpByEmail(page, { email: uniqueEmail("claim") });
    await confirmEmail(page, member.email);
    // The members' home shows it in the Daily Leaderboard panel.
    const panel = page.getByRole("region", { name: "Daily Leaderboard" });
    await expect(panel.getByTestId("board-row").filter({ hasText: "(You)" })).toContainText(member.username);

    const after = await myAllTimeRows(page);
    await expect(after).toHaveCount(1);
    await expect(after).toContainText(member.username);
    await expect(after).toContainText("4/4");
    await expect(after).not.toContainText("Anonymous Player");
    await expectAccessible(page);

    // Everyone sees it under the member's name.
    await logout(page);
    await page.goto("/leaderboard?period=all-time&board=normal");
    await expect(page.getByTestId("board-row").filter({ hasText: member.username })).toContainText("4/4");
  });

  test("a signed-in member's score is saved under their public name", async ({ page }) => {
    test.setTimeout(90_000);
    const member = await signUpByPhone(page);
    await playSoloGame(page, 3);
    const mine = await myAllTimeRows(page);
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(member.username);
    await expect(mine).toContainText("3/3");
  });
});
