import { expect, test, type Page, type Response } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import {
  createConfirmedMember,
  CONFIRM_SUBJECT,
  PASSWORD,
  RESET_SUBJECT,
  errorSummary,
  expectSignedOut,
  flash,
  headerName,
  logout,
  mailedLink,
  mailsTo,
  newBrowser,
  signIn,
  signUpByEmail,
  signUpByPhone,
  submitSignIn,
  uniqueEmail,
  uniqueName,
  uniquePhone,
} from "./helpers/accounts";

// Sign-up, e-mail confirmation, sign-in, password reset and phone accounts on /auth
// (docs/product.md#accounts), with the real mail the server writes to its outbox.

/** The reply to a form posted to /auth (a page without JavaScript, the route's data with it). */
const authPost = (page: Page) =>
  page.waitForResponse(
    (r: Response) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth"),
  );

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test.describe("signing up with an e-mail address", () => {
  test("sign up, sign in before confirming, confirm by the mailed link, the members' home, logout", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto("/auth?mode=signup");
    await expect(heading(page)).toHaveText("Sign Up");
    // Every new member starts with a made-up name (adjective + animal), already filled in.
    await expect(page.getByLabel("Username")).toHaveValue(/^[A-Z][a-z]+ [A-Z][a-z]+( \d\d)?$/);

    const member = await signUpByEmail(page, { email: uniqueEmail("welcome") });
    await expect(heading(page)).toHaveText("Sign In");

    // Not confirmed yet: sign-in is refused, and a fresh link is mailed.
    await submitSignIn(page, member, PASSWORD);
    await expect(errorSummary(page)).toContainText(
      "Please confirm your email address first. We have sent you a new link.",
    );
    const link = await mailedLink(member.email, CONFIRM_SUBJECT, 2);
    expect(link).toMatch(/^\/auth\/verify\?token=[\w-]{43}$/);

    await page.goto(link);
    await expect(heading(page)).toHaveText("Confirm your email");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Confirm Email" }).click();

    await expect(page).toHaveURL(/\/$/);
    const local = member.email.split("@")[0]!;
    await expect(heading(page)).toHaveText(`Welcome back ${local}`);
    await expect(page.getByText("Answer as many as you can in 60 seconds")).toBeVisible();
    const menu = page.getByRole("main");
    for (const name of ["Play", "Two Player", "Daily Challenge", "Leaderboards", "Settings"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Daily Leaderboard" })).toBeVisible();
    await expect(headerName(page, member.username)).toBeVisible();
    await expectAccessible(page);

    // A used link says so, and offers sign-in.
    await page.goto(link);
    await expect(page.getByText("This confirmation link has expired or was already used.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm Email" })).toHaveCount(0);
    await expectAccessible(page);

    await logout(page);
    await expect(heading(page)).toHaveText("Sign In");
    await expectSignedOut(page);
  });
});

test.describe("refusals on /auth", () => {
  test("a chosen name with an invisible letter or two alphabets is refused next to the field", async ({ page }) => {
    const usernameError = page.locator("#sign-up-username-error");
    const refusals: [string, string][] = [
      ["Anonymous\u3164Player", "Names cannot contain invisible or blank characters."],
      ["Tester Ne\u034Fwt", "Names cannot contain invisible or blank characters."],
      ["\u0422ester Sam", "Use letters from one alphabet only, not a mix such as Latin and Greek letters."],
    ];
    await page.goto("/auth?mode=signup&with=phone");
    const phone = uniquePhone();
    for (const [name, message] of refusals) {
      await page.getByLabel("Username").fill(name);
      await page.getByLabel("Phone number").fill(phone);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(usernameError).toHaveText(message);
      await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
      await expect(errorSummary(page).getByRole("link")).toHaveText([message]);
      await expect(heading(page)).toHaveText("Sign Up");
    }
    await expectAccessible(page);
    // Nothing was written: the same phone number signs up with an ordinary name.
    await signUpByPhone(page, { phone, username: uniqueName() });
  });

  test("wrong password, empty form, short password, and an address that is already registered", async ({ page }) => {
    test.setTimeout(60_000);
    // A registered address, made by the test route: signing up by e-mail is the first test's.
    const member = createConfirmedMember("refused");

    // Signing up again with the same address: the sign-in form, the address filled in.
    await page.goto("/auth?mode=signup");
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill("another password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert")).toHaveText("This email is already registered. Please sign in instead.");
    await expect(heading(page)).toHaveText("Sign In");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(member.email);
    await expectAccessible(page);

    // A wrong password: the address is kept, the password never comes back.
    const wrong = "not-the-password-123";
    await page.getByLabel("Password", { exact: true }).fill(wrong);
    const reply = authPost(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    const body = await (await reply).text();
    expect(body).toContain("Invalid login credentials");
    expect(body).not.toContain(wrong);
    await expect(errorSummary(page).getByRole("listitem")).toHaveText(["Invalid login credentials"]);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(member.email);
    expect(await page.content()).not.toContain(wrong);
    await expectAccessible(page);

    // Nothing at all.
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(errorSummary(page).getByRole("listitem")).toHaveText([
      "You must provide either an email or phone number and a password",
    ]);

    // Too short a password.
    await page.goto("/auth?mode=signup");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("short"));
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.locator("#sign-up-password-error")).toHaveText("Password must be at least 6 characters long");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(errorSummary(page).getByRole("link")).toHaveText(["Password must be at least 6 characters long"]);
    await expectAccessible(page);
  });

  test("an error handed back in the address is shown", async ({ page }) => {
    await page.goto("/auth?error=access_denied&error_description=Something%20went%20wrong");
    await expect(page.getByRole("alert")).toHaveText("Something went wrong");
    await expect(heading(page)).toHaveText("Sign In");
  });
});

test.describe("password reset", () => {
  test("forgot password, the mailed link, a new password; the link works once and other browsers are signed out", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    // A confirmed member, made by the test route: signing up and confirming is the first test's.
    const member = createConfirmedMember("reset");
    // The member's other browser, signed in before the reset.
    const other = await newBrowser(browser);
    const otherPage = await other.newPage();
    await signIn(otherPage, member);

    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(heading(page)).toHaveText("Reset Password");
    await expectAccessible(page);
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(flash(page)).toContainText("Password reset email sent! Please check your inbox.");
    await expect(heading(page)).toHaveText("Sign In");

    // An address with no account gets the same answer, and no mail.
    const stranger = uniqueEmail("nobody");
    await page.goto("/auth?mode=forgot");
    await page.getByLabel("Email", { exact: true }).fill(stranger);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(flash(page)).toContainText("Password reset email sent! Please check your inbox.");
    expect(mailsTo(stranger)).toEqual([]);

    const link = await mailedLink(member.email, RESET_SUBJECT);
    expect(link).toMatch(/^\/auth\/reset\?token=[\w-]{43}$/);
    await page.goto(link);
    // The token has moved out of the address.
    await expect(page).toHaveURL(/\/auth\?mode=reset$/);
    await expect(heading(page)).toHaveText("Set New Password");

    await page.getByLabel("New password", { exact: true }).fill("brand new secret");
    await page.getByLabel("Confirm new password").fill("brand new secrets");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.locator("#new-password-confirmPassword-error")).toHaveText("Passwords don't match");
    await expect(heading(page)).toHaveText("Set New Password");
    await expectAccessible(page);

    await page.getByLabel("New password", { exact: true }).fill("brand new secret");
    await page.getByLabel("Confirm new password").fill("brand new secret");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(flash(page)).toContainText("Password updated successfully! You are now logged in.");
    await expect(headerName(page, member.username)).toBeVisible();

    // The other browser was signed out by the reset.
    await expectSignedOut(otherPage);

    // The link works once; a made-up one, or the reset page without a link, gets the same answer.
    const expired = "Reset session expired. Please request a new password reset.";
    for (const path of [
      link,
      `/auth/reset?token=${"a".repeat(43)}`,
      "/auth/reset?token=nonsense",
      "/auth?mode=reset",
    ]) {
      await otherPage.goto(path);
      await expect(otherPage).toHaveURL(/\/auth$/);
      await expect(flash(otherPage)).toContainText(expired);
      await expect(heading(otherPage)).toHaveText("Sign In");
    }

    // The new password is the one that works now.
    await submitSignIn(otherPage, member, PASSWORD);
    await expect(errorSummary(otherPage)).toContainText("Invalid login credentials");
    await signIn(otherPage, { ...member, password: "brand new secret" });
    await other.close();
  });
});

test.describe("phone accounts", () => {
  test("a phone sign-up is signed in at once (and /auth then leads home), and signs in again with its number", async ({
    page,
  }) => {
    await page.goto("/auth?mode=signup&with=phone");
    await expect(page.getByLabel("Phone number")).toBeVisible();
    const member = await signUpByPhone(page);
    await expect(flash(page)).toContainText("Account created! You are now signed in.");
    await expect(heading(page)).toHaveText("Welcome back Player");
    // Signed in, /auth leads home.
    for (const path of ["/auth", "/auth?mode=signup&with=phone"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(heading(page)).toHaveText("Welcome back Player");
    }

    await logout(page);
    // Written as people write it, with spaces: the same number.
    const spaced = `${member.phone.slice(0, 5)} ${member.phone.slice(5)}`;
    await signIn(page, { ...member, phone: spaced });
    await expect(flash(page)).toContainText("Welcome back!");
  });

  test("an invalid phone number is refused next to the field", async ({ page }) => {
    const message = "Enter a phone number of 7 to 15 digits, like 07700 900123";
    await page.goto("/auth?mode=signup&with=phone");
    await page.getByLabel("Phone number").fill("12345");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.locator("#sign-up-phone-error")).toHaveText(message);
    await expect(page.getByLabel("Phone number")).toHaveValue("12345");

    await submitSignIn(page, { phone: "call me maybe" }, PASSWORD);
    await expect(page.locator("#sign-in-phone-error")).toHaveText(message);
  });
});

test.describe("limits", () => {
  test("5 wrong passwords from one place, then that place is asked to wait", async ({ page }) => {
    // A member made by the test route, signed in nowhere: the sign-ups are the tests above.
    const member = createConfirmedMember("limits");
    await submitSignIn(page, member, "wrong password 0");
    await expect(errorSummary(page)).toContainText("Invalid login credentials");
    for (let i = 1; i < 5; i++) {
      await page.getByLabel("Password", { exact: true }).fill(`wrong password ${i}`);
      const reply = authPost(page);
      await page.getByRole("button", { name: "Sign In" }).click();
      expect(await (await reply).text()).toContain("Invalid login credentials");
    }
    // Even the right password waits now, here (docs/decisions/0038-logins-a-right-code-opens.md).
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(errorSummary(page).getByRole("listitem")).toHaveText([
      "Too many attempts. Please wait a few minutes and try again.",
    ]);
  });
});
