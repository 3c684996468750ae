import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { expectPageMeta } from "./helpers/meta";

test("about: the founder's welcome with a Back to Home button", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  await expect(page.getByRole("heading", { name: "Why I built it" })).toBeVisible();
  await expectPageMeta(page, "/about");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How Fast Can You Think?");
});

test("privacy: last updated January 2025, with its retention periods and rights", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.getByText("Last updated: January 2025")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText("Account data is kept for 2 years after your last login");
  await expect(main).toContainText("Support communications are kept for 1 year");
  await expect(main).toContainText("Analytics (usage statistics) are kept for up to 3 years");
  await expect(main).toContainText("for anonymous play for 400 days after the last game. It holds no names.");
  await expect(main).toContainText("within one month");
  await expect(main).toContainText("at least 13 years old");
  await expect(main).toContainText("72 hours");
  await expectPageMeta(page, "/privacy");
  await expectAccessible(page);
});

test("terms: last updated June 11, 2025, schools and teachers, 30 days' notice, a link to contact", async ({
  page,
}) => {
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page.getByText("Last updated: June 11, 2025")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Schools and teachers" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("30 days' notice");
  await expect(page.getByRole("main").locator('a[href="/contact"]').first()).toBeVisible();
  await expectPageMeta(page, "/terms");
  await expectAccessible(page);
});

test("school: logins, back to single player and the contact card", async ({ page }) => {
  await page.goto("/school");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maths Games for Schools");
  await expect(page.getByRole("link", { name: "Student Login" })).toHaveAttribute("href", "/student-login");
  await expect(page.getByRole("link", { name: "Teacher Login" })).toHaveAttribute("href", "/teacher-login");
  await expect(page.getByRole("link", { name: "Back to Single Player" })).toHaveAttribute("href", "/game");
  const card = page.locator(".card", { has: page.getByRole("heading", { name: "Want to sign up? Contact us" }) });
  await expect(card.locator('a[href="/contact"]')).toBeVisible();
  await expect(page.getByRole("heading", { name: "Times tables 2 to 12" })).toBeVisible();
  await expectPageMeta(page, "/school");
  await expectAccessible(page);
});
