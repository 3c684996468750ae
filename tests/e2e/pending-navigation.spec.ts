import { expect, test } from "@playwright/test";

test("a slow client navigation says 'Loading...' with a spinner until the page arrives @js-only", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  // Hold the home page's data back, as a slow school network would.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_root\.data|\/\.data|index\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "Back to Home" }).click();
  const loading = page.locator(".pending-navigation").filter({ hasText: "Loading..." });
  await expect(loading).toBeVisible();
  await expect(loading.locator(".spinner")).toHaveCount(1);
  release();
  await expect(page.getByRole("heading", { name: "How Fast Can You Think?" })).toBeVisible();
  await expect(loading).toHaveCount(0);
});
