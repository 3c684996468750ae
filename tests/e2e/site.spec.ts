import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { expectPageMeta } from "./helpers/meta";

test.describe("home for visitors", () => {
  test("shows the tagline, the three buttons and the footer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How Fast Can You Think?");
    await expect(page.getByRole("link", { name: "Start Playing" })).toHaveAttribute("href", "/game");
    await expect(page.getByRole("main").getByRole("link", { name: "Daily Challenge", exact: true })).toHaveAttribute(
      "href",
      "/daily-challenge",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(/© \d{4} Maths Sprint/);
    const links = footer.getByRole("link");
    await expect(links).toHaveText(["School", "About", "Terms", "Privacy", "Contact"]);
    await expectPageMeta(page, "/");
    await expectAccessible(page);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe("errors", () => {
  test("an unknown path is a 404 with a link home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How Fast Can You Think?");
  });

  test("results that do not exist (or are someone else's) say so, with a way on", async ({ page }) => {
    const response = await page.goto("/game/results/no-such-run");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not found");
    await expect(page.getByText("These results could not be found.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Play a new game" })).toHaveAttribute("href", "/game");
    await expectAccessible(page);
  });

  test("the 404 page is accessible", async ({ page }) => {
    await page.goto("/deeply/nested/missing");
    await expectAccessible(page);
  });

  test("a rendering error shows the fallback with a working Try Again", async ({ page }) => {
    const response = await page.goto("/_test/render-error?x=1");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    const tryAgain = page.getByRole("link", { name: "Try Again" });
    await expect(tryAgain).toHaveAttribute("href", "/_test/render-error?x=1");
    await tryAgain.click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("flash messages", () => {
  test("a message queued by an action shows on the next page", async ({ page }, testInfo) => {
    await page.goto("/_test/flash");
    await page.getByLabel("Title").fill("Score saved to leaderboard!");
    await page.getByRole("button", { name: "Send" }).click();
    const flash = page.getByRole("status");
    await expect(flash).toContainText("Score saved to leaderboard!");
    await expectAccessible(page);
    if (testInfo.project.name === "js-on") {
      // With JavaScript the message dismisses itself after four seconds.
      await expect(flash).not.toContainText("Score saved to leaderboard!", { timeout: 6_000 });
    } else {
      // Consumed once: a reload does not show it again.
      await page.reload();
      await expect(flash).not.toContainText("Score saved to leaderboard!");
    }
  });
});
