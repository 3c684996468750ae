import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { flash, uniqueEmail } from "./accounts";
import { E2E_TMP } from "./e2e-dirs";

/** An admin in the e2e server's database, made by `npm run admin:create`'s script, as an operator would. */
export type Admin = { email: string; password: string };

const randomLetters = (length: number) => Array.from({ length }, () => "bcdghjmpqvwxz"[crypto.randomInt(13)]).join("");

export function createAdmin(): Admin {
  const admin = { email: uniqueEmail("admin"), password: `admin password ${randomLetters(8)}` };
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password],
    { env: { ...process.env, DATABASE_PATH: `${E2E_TMP}/app.db` }, encoding: "utf8" },
  );
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
