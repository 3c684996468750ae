import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import {
  PASSWORD,
  createConfirmedMember,
  errorSummary,
  expectSignedOut,
  flash,
  headerName,
  newBrowser,
  signIn,
  signUpByPhone,
  submitSignIn,
  uniqueName,
} from "./helpers/accounts";

// The members' settings page (docs/product.md#members-menu-and-settings): display name, game settings, devices,
// password and deleting the account. Members sign up with a phone number here: no mail is needed.

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

const nameField = (page: Page) => page.getByRole("textbox", { name: "Display name" });
const saveName = (page: Page) => page.getByRole("button", { name: "Save", exact: true });
const nameError = (page: Page) => page.locator("#display-name-username-error");

test.describe("display name", () => {
  test("a new name is saved and shown; offensive, personal, invisible, mixed and taken names are refused", async ({
    page,
  }) => {
    // Another member, whose name is taken (made by the test route: their sign-up proves nothing here).
    const taken = createConfirmedMember("taken").username;

    const member = await signUpByPhone(page);
    await headerName(page, member.username).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Game Settings");
    await expect(nameField(page)).toHaveValue(member.username);

    const chosen = uniqueName();
    await nameField(page).fill(`  ${chosen}  `);
    await saveName(page).click();
    await expect(flash(page)).toContainText("Success");
    await expect(flash(page)).toContainText("Username updated successfully");
    await expect(headerName(page, chosen)).toBeVisible();
    await expect(nameField(page)).toHaveValue(chosen);

    const refusals: [string, string][] = [
      ["f.u.c.k", "Please choose a kinder name."],
      ["sam@example.com", "Names must not contain an e-mail address or phone number."],
      ["Sam 07700 900123", "Names must not contain an e-mail address or phone number."],
      [taken, "That name is taken. Please choose another."],
      [taken.toUpperCase(), "That name is taken. Please choose another."],
      // Invisible letters (a Hangul filler, a combining grapheme joiner) and a Cyrillic letter among Latin ones.
      ["Admin\u3164", "Names cannot contain invisible or blank characters."],
      ["\u3164\u3164\u3164\u3164", "Names cannot contain invisible or blank characters."],
      [`${chosen.slice(0, 3)}\u034F${chosen.slice(3)}`, "Names cannot contain invisible or blank characters."],
      ["\u0422ester Sam", "Use letters from one alphabet only, not a mix such as Latin and Greek letters."],
      // Names that pass for staff, spaced or joined (docs/product.md#public-names, rule 8).
      ["Head Teacher", "Names must not sound like school staff, such as Head Teacher or Admin Team."],
      ["A d m i n Team", "Names must not sound like school staff, such as Head Teacher or Admin Team."],
    ];
    for (const [name, message] of refusals) {
      await nameField(page).fill(name);
      await saveName(page).click();
      await expect(nameError(page)).toHaveText(message);
      await expect(nameField(page)).toHaveAttribute("aria-invalid", "true");
      await expect(errorSummary(page).getByRole("link")).toHaveText([message]);
      await expect(headerName(page, chosen)).toBeVisible();
    }
    // The settings page, checked once with a form's errors shown (each other form's errors are checked below).
    await expectAccessible(page);

    // Nothing was saved.
    await page.goto("/settings");
    await expect(nameField(page)).toHaveValue(chosen);
    await expect(headerName(page, chosen)).toBeVisible();
  });

  test("Save is disabled while the name is empty or only spaces @js-only", async ({ page }) => {
    await signUpByPhone(page);
    await page.goto("/settings");
    await expect(saveName(page)).toBeEnabled();
    await nameField(page).fill("");
    await expect(saveName(page)).toBeDisabled();
    await nameField(page).fill("   ");
    await expect(saveName(page)).toBeDisabled();
    await nameField(page).fill(" Sam ");
    await expect(saveName(page)).toBeEnabled();
  });
});

test.describe("game settings", () => {
  test("a time limit, difficulty and operations are saved and become the game's choices", async ({ page }) => {
    await signUpByPhone(page);
    await page.goto("/settings");
    const operations = page.getByRole("group", { name: "Operations" });

    await page.getByRole("group", { name: "Time limit" }).getByRole("radio", { name: "30s" }).check();
    await page.getByRole("radio", { name: /^Hard/ }).check();
    for (const box of await operations.getByRole("checkbox").all()) await box.uncheck();
    // At least one operation; the other choices stay as they were chosen.
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.locator("#game-settings-operations-error")).toHaveText(
      "Choose at least one of add, subtract, multiply and divide.",
    );
    await expect(page.getByRole("radio", { name: "30s" })).toBeChecked();
    await expect(page.getByRole("radio", { name: /^Hard/ })).toBeChecked();
    await expect(operations.getByRole("checkbox", { checked: true })).toHaveCount(0);
    await expectAccessible(page);

    await operations.getByRole("checkbox", { name: "Multiply (×)" }).check();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(flash(page)).toContainText("Game settings saved");

    await page.goto("/settings");
    await expect(page.getByRole("radio", { name: "30s" })).toBeChecked();
    await expect(page.getByRole("radio", { name: /^Hard/ })).toBeChecked();
    await expect(operations.getByRole("checkbox", { checked: true })).toHaveCount(1);
    await expect(operations.getByRole("checkbox", { checked: true })).toHaveAccessibleName("Multiply (×)");

    await page.getByRole("link", { name: "Play with your settings" }).click();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByRole("radio", { name: "30s" })).toBeChecked();
    await expect(page.getByRole("radio", { name: /^Hard/ })).toBeChecked();
    const startOperations = page.getByRole("group", { name: "Operations" });
    await expect(startOperations.getByRole("checkbox", { checked: true })).toHaveCount(1);
    await expect(startOperations.getByRole("checkbox", { name: "Multiply" })).toBeChecked();
  });
});

test.describe("devices and password", () => {
  test("the list of devices, sign out everywhere else, and a password change signing the others out", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const member = await signUpByPhone(page);
    const other = await newBrowser(browser, { userAgent: FIREFOX_ON_LINUX });
    const otherPage = await other.newPage();
    await signIn(otherPage, member);

    await page.goto("/settings");
    const devices = page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem");
    await expect(devices).toHaveCount(2);
    await expect(devices.filter({ hasText: "(this device)" })).toHaveCount(1);
    await expect(devices.filter({ hasText: "Firefox on Linux" })).not.toContainText("(this device)");
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(flash(page)).toContainText("You have been signed out on every other device.");
    await expect(devices).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
    await expectSignedOut(otherPage);

    // A password change signs the other devices out too, and needs the current password.
    await signIn(otherPage, member);
    await page.goto("/settings");
    await expect(devices).toHaveCount(2);
    const newPassword = "a fresh password";
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.locator("#change-password-currentPassword-error")).toHaveText(
      "Your current password is not right",
    );
    await expectAccessible(page);
    await page.getByLabel("Current password").fill(member.password);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(flash(page)).toContainText("Password changed. You have been signed out on your other devices.");
    await expect(devices).toHaveCount(1);
    await expect(headerName(page, member.username)).toBeVisible();
    await expectSignedOut(otherPage);
    await signIn(otherPage, { ...member, password: newPassword });
    await other.close();
  });
});

test.describe("deleting the account", () => {
  test("needs the box ticked, then signs out and the account is gone", async ({ page }) => {
    const member = await signUpByPhone(page);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page.getByText("Tick the box to confirm that you want to delete your account").first()).toBeVisible();
    await expect(headerName(page, member.username)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("I understand that my account and scores will be deleted").check();
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expect(flash(page)).toContainText("Your account and its scores have been deleted.");
    await expectSignedOut(page);

    await submitSignIn(page, member, PASSWORD);
    await expect(errorSummary(page).getByRole("listitem")).toHaveText(["Invalid login credentials"]);
  });
});
