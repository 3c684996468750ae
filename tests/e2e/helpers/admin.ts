import crypto from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { flash, uniqueEmail } from "./accounts";
import { postFixture } from "./fixtures";

/**
 * An admin in the e2e server's database, made as `npm run admin:create` makes one (tests/e2e/admin.spec.ts runs that
 * script itself).
 */
export type Admin = { email: string; password: string };

const randomLetters = (length: number) => Array.from({ length }, () => "bcdghjmpqvwxz"[crypto.randomInt(13)]).join("");

export function createAdmin(): Admin {
  const admin = { email: uniqueEmail("admin"), password: `admin password ${randomLetters(8)}` };
  postFixture({ kind: "admin", ...admin });
  return admin;
}

/** Logs in at /admin and waits for the panel. */
export async function logInAsAdmin(page: Page, admin: Admin = createAdmin()) {
  await page.goto("/admin");
  await page.getByLabel("Username", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(flash(page)).toContainText("Login successful");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("School Administration");
}
