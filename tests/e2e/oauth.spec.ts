import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { E2E_PORT } from "./helpers/e2e-dirs";
import { createConfirmedMember, flash, headerName, logout, signIn, uniqueEmail } from "./helpers/accounts";
import { providerUserCookie, type ProviderUser } from "./oauth-server";

// Sign-in with Google and Facebook (docs/product.md#google-and-facebook) through real redirects to a real OAuth2
// server (tests/e2e/oauth-server.ts, on E2E_PORT + 1 as playwright.config.ts starts it) standing in for both.

const PROVIDER_URL = `http://127.0.0.1:${E2E_PORT + 1}`;

type Provider = "Google" | "Facebook";

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
/** The header's link to the signed-in member's settings, whatever their name. */
const accountLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Settings for / });

/** A provider account id no other test uses. */
const newSub = () => `e2e-${crypto.randomUUID()}`;

/** Signs `user` in at the provider (its own cookie, in this test's browser only). */
async function atProvider(page: Page, user: ProviderUser) {
  await page.context().addCookies([providerUserCookie(PROVIDER_URL, user)]);
}

/** Presses "Continue with …" on /auth; the browser goes to the provider and back. */
async function continueWith(page: Page, provider: Provider) {
  await page.goto("/auth");
  await page.getByRole("button", { name: `Continue with ${provider}` }).click();
}

/** Signed in and on the home page with the sign-in message: returns the public name in the header. */
async function expectSignedIn(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/$/);
  await expect(flash(page)).toContainText("Welcome back!");
  await expect(heading(page)).toContainText("Welcome back");
  const name = (await accountLink(page).textContent())?.replace("Settings for", "").trim();
  expect(name, "a public name in the header").toBeTruthy();
  return name!;
}

async function expectFailure(page: Page, message: string) {
  await expect(page).toHaveURL(/\/auth$/);
  await expect(heading(page)).toHaveText("Sign In");
  await expect(flash(page)).toContainText(message);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
}

test.describe("signing in with Google or Facebook", () => {
  test("the sign-in page offers both providers and passes axe", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Facebook" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/auth?mode=signup");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  });

  test("a new identity gets an account; the same identity again signs in to it", async ({ page }) => {
    const email = uniqueEmail("oauth-new");
    const user: ProviderUser = { sub: newSub(), email, email_verified: true };
    await atProvider(page, user);

    await continueWith(page, "Google");
    const name = await expectSignedIn(page);
    // The members' home greets with the address the provider gave.
    await expect(heading(page)).toHaveText(`Welcome back ${email.split("@")[0]}`);
    await expectAccessible(page);
    // The sign-in's state cookie is gone once it came back.
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name.startsWith("oauth-")).map((cookie) => cookie.name)).toEqual([]);

    await logout(page);
    await continueWith(page, "Google");
    expect(await expectSignedIn(page)).toBe(name);

    // Facebook saying the same confirmed address joins the same account.
    await logout(page);
    await atProvider(page, { ...user, sub: newSub() });
    await continueWith(page, "Facebook");
    expect(await expectSignedIn(page)).toBe(name);
  });

  test("a confirmed address that matches a password account signs in to that account", async ({ page }) => {
    // A password account with a confirmed address, made by the test route (its sign-up is accounts-auth.spec.ts's).
    const member = createConfirmedMember("oauth-link");

    await atProvider(page, { sub: newSub(), email: member.email, email_verified: true });
    await continueWith(page, "Google");
    expect(await expectSignedIn(page)).toBe(member.username);
    await expect(headerName(page, member.username)).toBeVisible();

    // The password still works too.
    await logout(page);
    await signIn(page, member);
  });

  test("an address the provider has not confirmed is not linked", async ({ page }) => {
    const member = createConfirmedMember("oauth-unverified");

    await atProvider(page, { sub: newSub(), email: member.email, email_verified: false });
    await continueWith(page, "Google");
    const name = await expectSignedIn(page);
    expect(name).not.toBe(member.username);
    // A new account, without the address (it is another member's).
    await expect(heading(page)).toHaveText("Welcome back Player");

    await logout(page);
    await signIn(page, member);
  });

  test("a refusal at the provider is the account settings message", async ({ page }) => {
    await atProvider(page, {
      sub: newSub(),
      authorizeError: { error: "access_denied", error_description: "The user denied access" },
    });
    await continueWith(page, "Google");
    await expectFailure(page, "Please check your Google account settings and try again.");
    await expectAccessible(page);
  });

  test("the provider's own error description is shown", async ({ page }) => {
    await atProvider(page, {
      sub: newSub(),
      authorizeError: { error: "temporarily_unavailable", error_description: "Sign-in is busy, try again soon" },
    });
    await continueWith(page, "Facebook");
    await expectFailure(page, "Sign-in is busy, try again soon");
  });

  test("the token endpoint refusing the app's credentials names the provider", async ({ page }) => {
    await atProvider(page, {
      sub: newSub(),
      tokenError: { status: 401, error: "invalid_client", error_description: "Client authentication failed" },
    });
    await continueWith(page, "Facebook");
    await expectFailure(page, "Please check your Facebook account settings and try again.");
  });

  test("a user-info endpoint that fails is the general failure message", async ({ page }) => {
    await atProvider(page, { sub: newSub(), email: uniqueEmail("oauth-down"), userinfoStatus: 503 });
    await continueWith(page, "Google");
    await expectFailure(page, "Failed to sign in with the chosen provider. Please try again.");
  });

  test("a forged state, or a callback without one, fails with a message and no error page", async ({ page }) => {
    for (const query of [
      "code=made-up&state=forged",
      "state=forged",
      "error=access_denied&error_description=Nope",
      "",
    ]) {
      const response = await page.goto(`/auth/google/callback?${query}`);
      expect(response?.status(), query).toBe(200);
      await expectFailure(page, "Failed to sign in with the chosen provider. Please try again.");
    }

    // A real sign-in started (its state cookie is in this browser), then the way back is tampered with: another
    // state, or no code.
    const started = await page.request.post("/auth/google", { maxRedirects: 0 });
    const state = new URL(started.headers()["location"]!).searchParams.get("state");
    expect(state).toBeTruthy();
    for (const query of [`code=made-up&state=${state}x`, `state=${state}`]) {
      const response = await page.goto(`/auth/google/callback?${query}`);
      expect(response?.status(), query).toBe(200);
      await expectFailure(page, "Failed to sign in with the chosen provider. Please try again.");
    }
  });

  test("the start is a POST: a GET goes back to /auth; unknown providers are not found", async ({ page }) => {
    const get = await page.request.get("/auth/google", { maxRedirects: 0 });
    expect(get.status()).toBe(302);
    expect(get.headers()["location"]).toBe("/auth");
    expect((await page.request.get("/auth/twitter", { maxRedirects: 0 })).status()).toBe(404);
    expect((await page.request.post("/auth/twitter", { maxRedirects: 0 })).status()).toBe(404);
    expect((await page.request.get("/auth/twitter/callback?state=x&code=y", { maxRedirects: 0 })).status()).toBe(404);

    const post = await page.request.post("/auth/google", { maxRedirects: 0 });
    expect(post.status()).toBe(302);
    const location = new URL(post.headers()["location"]!);
    expect(location.origin).toBe(PROVIDER_URL);
    expect(location.searchParams.get("redirect_uri")).toMatch(/\/auth\/google\/callback$/);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(post.headers()["set-cookie"]).toMatch(/^oauth-google:[\w-]+=/);
    expect(post.headers()["set-cookie"]).toMatch(/; Path=\/auth\/google(;|$)/i);
  });
});
