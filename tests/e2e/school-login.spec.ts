import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { errorSummary, flash } from "./helpers/accounts";
import { makeSchool } from "./helpers/school";

// The teacher and student logins (docs/product.md#login-codes), with JavaScript and without. Every test here
// tries as few wrong codes as it can: the whole suite comes from one address, which may have no credit yet when
// the wrong code is tried, and a new place has 2 wrong codes a day before it waits (docs/product.md#guessing-login-codes).

const codeField = (page: Page) => page.getByLabel("Login code", { exact: true });
const loginButton = (page: Page) => page.getByRole("button", { name: "Login", exact: true });

/** After a right login the browser is known for that account, 90 days (docs/product.md#guessing-login-codes). */
async function expectKnownBrowser(page: Page) {
  const known = (await page.context().cookies()).find((c) => c.name === "__known_logins");
  expect(known).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  const days = (known!.expires * 1000 - Date.now()) / (24 * 60 * 60_000);
  expect(days).toBeGreaterThan(89);
  expect(days).toBeLessThanOrEqual(90);
}

test("a teacher logs in with their code and is welcomed by name", async ({ page }) => {
  const school = makeSchool();
  await page.goto("/teacher-login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Teacher Login");
  await expectAccessible(page);
  await codeField(page).fill(school.teacher.code);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
  await expect(flash(page)).toContainText(`Welcome, ${school.teacher.name}!`);
  await expectKnownBrowser(page);
  // Back at the login page, a logged-in teacher goes straight to the dashboard.
  await page.goto("/teacher-login");
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
});

test("a pupil logs in through their class's printed link, which names the class", async ({ page }) => {
  const school = makeSchool();
  const [klass] = school.classes;
  await page.goto(`/student-login/${klass!.loginKey}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Login");
  await expect(page.getByText(klass!.name, { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expectAccessible(page);
  await codeField(page).fill(klass!.students[0]!.code);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/student-game$/);
  await expect(flash(page)).toContainText(`Welcome, ${klass!.students[0]!.name}!`);
  await expectKnownBrowser(page);
});

test("a wrong code: the same answer, the code kept to fix; fixed, it logs in and costs nothing", async ({ page }) => {
  const pupil = makeSchool().classes[0]!.students[0]!;
  const slip = pupil.code.slice(0, 7) + String((Number(pupil.code[7]) + 1) % 10);
  await page.goto("/student-login");
  await codeField(page).fill(slip);
  await loginButton(page).click();
  await expect(errorSummary(page)).toContainText("Login Failed: Invalid login code. Please check and try again.");
  await expect(codeField(page)).toHaveValue(slip);
  await expectAccessible(page);
  // The browser keeps the slip's id, so the right code gives it back (docs/product.md#guessing-login-codes).
  const tries = async () => (await page.context().cookies()).find((c) => c.name === "__code_tries");
  expect(await tries()).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  await codeField(page).fill(pupil.code);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/student-game$/);
  expect(await tries()).toBeUndefined();
});

test("an unknown class link says what to do instead", async ({ page }) => {
  const response = await page.goto("/student-login/no-such-class-link-key-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This class login link does not work any more.", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Student Login" }).first().click();
  await expect(page).toHaveURL(/\/student-login$/);
  // A card address that is not one (never a guess that counts) says the same kind of thing.
  const typo = await page.goto("/c/no-such");
  expect(typo?.status()).toBe(404);
  await expect(page.getByText("There is no class at this address.", { exact: false })).toBeVisible();
});

test.describe("the code field with JavaScript @js-only", () => {
  test("keeps digits only, stops at 8, and the button waits for all 8", async ({ page }) => {
    await page.goto("/teacher-login");
    await expect(loginButton(page)).toBeDisabled();
    await codeField(page).pressSequentially("12a3-4 5");
    await expect(codeField(page)).toHaveValue("12345");
    await expect(loginButton(page)).toBeDisabled();
    await codeField(page).pressSequentially("678999");
    await expect(codeField(page)).toHaveValue("12345678");
    await expect(loginButton(page)).toBeEnabled();
  });
});

test.describe("without JavaScript @no-js", () => {
  test("a short code is refused next to the field; a code typed with a space is accepted", async ({ page }) => {
    const school = makeSchool();
    await page.goto("/teacher-login");
    await codeField(page).fill("1234");
    await loginButton(page).click();
    await expect(errorSummary(page)).toContainText("Invalid Code: Login code must be 8 digits");
    await expect(page.locator(".field-error")).toHaveText("Invalid Code: Login code must be 8 digits");
    await expect(codeField(page)).toHaveValue("1234");
    await expectAccessible(page);
    const code = school.teacher.code;
    await codeField(page).fill(`${code.slice(0, 4)} ${code.slice(4)}`);
    await loginButton(page).click();
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
  });
});
