import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { flash, headerName, signUpByPhone, uniqueName } from "./helpers/accounts";

const settingsButton = (page: Page) => page.getByRole("main").getByRole("link", { name: "Settings", exact: true });

// The members' home's Settings: a 'Game Settings' dialog with JavaScript, the settings page without it
// (docs/product.md#members-menu-and-settings).

test("Settings opens the 'Game Settings' dialog: a refusal shows in it, a save closes it with the message @js-only", async ({
  page,
}) => {
  await signUpByPhone(page);
  await page.goto("/");
  await settingsButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Game Settings" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);

  const name = dialog.getByRole("textbox", { name: "Display name" });
  const save = dialog.getByRole("button", { name: "Save", exact: true });
  await name.fill("   ");
  await expect(save).toBeDisabled();
  await name.fill("f.u.c.k");
  await save.click();
  await expect(dialog.locator("#display-name-username-error")).toHaveText("Please choose a kinder name.");
  await expect(dialog).toBeVisible();

  const chosen = uniqueName();
  await name.fill(chosen);
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(flash(page)).toContainText("Username updated successfully");
  await expect(headerName(page, chosen)).toBeVisible();

  await settingsButton(page).click();
  await dialog.getByRole("radio", { name: /2m/ }).check();
  await dialog.getByRole("checkbox", { name: "Divide (÷)" }).uncheck();
  await dialog.getByRole("button", { name: "Save Settings" }).click();
  await expect(dialog).toBeHidden();
  await expect(flash(page)).toContainText("Game settings saved");
  await page.getByRole("main").getByRole("link", { name: "Play", exact: true }).click();
  await expect(page.getByRole("radio", { name: /2m/ })).toBeChecked();
});

test("without JavaScript, Settings is the settings page @no-js", async ({ page }) => {
  await signUpByPhone(page);
  await page.goto("/");
  await settingsButton(page).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Game Settings");
});
