import { expect, test, type Page } from "@playwright/test";
import { errorSummary, flash, newBrowser, uniqueEmail } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { linkIn, waitForMail } from "./helpers/outbox";
import { makeSchool } from "./helpers/school";

/*
 * Logins that no guesser can close (docs/product.md#guessing-login-codes), with JavaScript and without: a pupil on
 * a new browser at a new place opens their own card's address and types their code; a teacher whose code a new
 * place refuses gets a one-time sign-in link at the address they confirmed, and it opens. The test route lets a
 * test say which address it comes from (X-Test-Client-Address), so each test is a place nobody used before; the
 * guessing itself, from 1, 100 and 10,000 addresses, is tests/integration/login-lockouts.test.ts's.
 */

const codeField = (page: Page) => page.getByLabel("Login code", { exact: true });
const loginButton = (page: Page) => page.getByRole("button", { name: "Login", exact: true });

/** A browser at an address of its own (198.18.0.0/15, set aside for tests). */
async function atNewPlace(page: Page) {
  const place = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  await page.setExtraHTTPHeaders({ "X-Test-Client-Address": place });
}

test("a pupil at a new place opens their own card's address and logs in with their code", async ({ page }) => {
  const pupil = makeSchool().classes[0]!.students[0]!;
  await atNewPlace(page);
  await page.goto(`/c/${pupil.cardKey.toUpperCase()}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Login");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.getByText("If your code does not work here, check the address on your card")).toBeVisible();
  await expectAccessible(page);
  await codeField(page).fill(pupil.code);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/student-game$/);
  await expect(flash(page)).toContainText(`Welcome, ${pupil.name}!`);
});

test("a card's address takes only its own pupil's code, with the one answer for a wrong code", async ({ page }) => {
  const [ada, ben] = makeSchool().classes[0]!.students;
  await atNewPlace(page);
  await page.goto(`/c/${ada!.cardKey}`);
  await codeField(page).fill(ben!.code);
  await loginButton(page).click();
  await expect(errorSummary(page)).toContainText("Login Failed: Invalid login code. Please check and try again.");
  await expect(codeField(page)).toHaveValue(ben!.code);
  await expectAccessible(page);
});

// The refused teacher's whole way in (the refusal, the mail, the link's page, the link used once) is walked here, after
// the address was confirmed through the page: it was a test of its own, with an address made by the test route.
test("a teacher confirms an address for sign-in links alone, then, refused at a new place, logs in with the link mailed to them", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const school = makeSchool();
  const email = uniqueEmail("sign-in-only");
  await atNewPlace(page);
  await page.goto("/teacher-login");
  await codeField(page).fill(school.teacher.code);
  await loginButton(page).click();
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
  // No confirmed address: one line asks for one.
  const nudge = page.getByTestId("sign-in-address-nudge");
  await expect(nudge).toHaveText("So you can always log in, even on a new computer: add your e-mail address");
  await expectAccessible(page);
  await nudge.getByRole("link", { name: "add your e-mail address" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weekly e-mail about your classes");

  // The box left empty, a bad address first: its message, the input kept.
  await expect(page.getByLabel("Send me a weekly e-mail about my classes")).not.toBeChecked();
  await page.getByLabel("Your e-mail address").fill("not an address");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(errorSummary(page)).toContainText("Enter an e-mail address like name@example.com");
  await expect(page.getByLabel("Your e-mail address")).toHaveValue("not an address");
  await expectAccessible(page);
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(flash(page)).toContainText(`Nearly done! We sent a link to ${email}. Open it to confirm your address.`);
  await expect(page.getByTestId("digest-state")).toHaveText(
    `We sent a link to ${email}. Open it to confirm your address.`,
  );

  const confirmMail = await waitForMail(email);
  expect(confirmMail.subject).toBe("Confirm your e-mail address for Maths Sprint");
  await page.goto(linkIn(confirmMail));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your e-mail address");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByTestId("digest-done")).toHaveText("Thank you. Your address is confirmed.");
  await page.goto("/teacher-dashboard/digest");
  await expect(page.getByTestId("digest-state")).toHaveText(
    `Links to log in go to ${email}. You do not get the weekly e-mail.`,
  );
  await page.goto("/teacher-dashboard");
  await expect(page.getByTestId("sign-in-address-nudge")).toHaveCount(0);

  // A new browser at a new place: the place's own two wrong codes, then it waits: even the right code is refused here
  // now.
  const elsewhere = await newBrowser(browser);
  const other = await elsewhere.newPage();
  await atNewPlace(other);
  await other.goto("/teacher-login");
  for (const wrong of ["10000000", "10000001"]) {
    await codeField(other).fill(wrong);
    await loginButton(other).click();
    await expect(errorSummary(other)).toContainText("Login Failed: Invalid login code.");
  }
  await codeField(other).fill(school.teacher.code);
  await loginButton(other).click();
  await expect(errorSummary(other)).toContainText(
    "Too many wrong login codes have been tried from here. Please try again later, or log in from your school's computers.",
  );
  await expect(other.getByTestId("sign-in-link-sent")).toHaveText(
    "If this is your code and you confirmed an e-mail address, we have sent a link to log in to that address. It works once, for 20 minutes.",
  );
  await expectAccessible(other);

  const mail = await waitForMail(email, 2);
  expect(mail.subject).toBe("Log in to Maths Sprint");
  const link = linkIn(mail);
  expect(link).toMatch(/^\/teacher-login\/link\//);
  await other.goto(link);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Teacher Login");
  await expect(other.getByText(`Log in as ${school.teacher.name} on this browser.`)).toBeVisible();
  await expectAccessible(other);
  await other.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(other).toHaveURL(/\/teacher-dashboard$/);
  await expect(flash(other)).toContainText(`Welcome, ${school.teacher.name}!`);

  // Once only.
  const again = await other.goto(link);
  expect(again?.status()).toBe(404);
  await expect(other.getByText("This link does not work. It may be old, or mistyped.")).toBeVisible();
  await elsewhere.close();
});
