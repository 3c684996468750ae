import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { postFixture } from "./fixtures";
import { OUTBOX, linkIn } from "./outbox";
import { humanPace } from "./pace";
import { leaveSecondsInPagedGame } from "./run-clock";
import { solve } from "./solve";

/*
 * Members for the accounts tests. Tests run in parallel against one server and one database, so every member
 * is new: its own e-mail address, phone number and public name.
 */

export const PASSWORD = "correct horse 42";

const jsOff = () => test.info().project.use.javaScriptEnabled === false;

/** Random letters no offensive word can be made of (no vowels), so a name made with them always passes the filter. */
function randomLetters(length: number): string {
  const letters = "bcdghjmpqvwxz";
  return Array.from({ length }, () => letters[crypto.randomInt(letters.length)]).join("");
}

/** An e-mail address no other test uses; `tag` shows which test made it (and is what the members' home greets). */
export function uniqueEmail(tag: string): string {
  return `${tag}-${randomLetters(10)}@example.com`;
}

/** A public name no other test uses (letters only: the name rules refuse long runs of digits). */
export function uniqueName(): string {
  return `Kid ${randomLetters(10)}`;
}

/** A UK mobile number no other test uses. */
export function uniquePhone(): string {
  return `07${String(crypto.randomInt(1e9)).padStart(9, "0")}`;
}

export type Member = { email?: string; phone?: string; username: string; password: string };

/** Another browser for the same test (another device of a member), with the project's JavaScript setting. */
export async function newBrowser(browser: Browser, options: { userAgent?: string } = {}): Promise<BrowserContext> {
  const use = test.info().project.use;
  return browser.newContext({ baseURL: use.baseURL, javaScriptEnabled: !jsOff(), ...options });
}

export const flash = (page: Page) => page.getByTestId("flash");

/** The one error summary of the page's forms. */
export const errorSummary = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });

// --- mail -------------------------------------------------------------------------------------------------

type Mail = Parameters<typeof linkIn>[0];

/** Every message the server has written to `to` so far, oldest first. */
export function mailsTo(to: string): Mail[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(OUTBOX, f), "utf8")) as Mail)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** Waits for the `nth` (from 1) message to `to` whose subject matches, and returns the link in it. */
export async function mailedLink(to: string, subject: RegExp, nth = 1): Promise<string> {
  const matching = () => mailsTo(to).filter((m) => subject.test(m.subject));
  // Looked for often, as waitForMail does (./outbox.ts): the default back-off would wait up to a second more.
  await expect
    .poll(() => matching().length, { message: `mail number ${nth} to ${to} (${subject})`, intervals: [50, 100, 250] })
    .toBeGreaterThan(nth - 1);
  return linkIn(matching()[nth - 1]!);
}

export const CONFIRM_SUBJECT = /^Confirm your e-mail/;
export const RESET_SUBJECT = /^Reset your .* password$/;

// --- signing up, in and out ------------------------------------------------------------------------------

/** Signs up with an e-mail address; the member still has to confirm it. Keeps the suggested name unless given one. */
export async function signUpByEmail(page: Page, member: { email: string; password?: string; username?: string }) {
  await page.goto("/auth?mode=signup");
  const username = page.getByLabel("Username");
  if (member.username) await username.fill(member.username);
  const name = await username.inputValue();
  expect(name, "a name is always filled in").not.toBe("");
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password ?? PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(flash(page)).toContainText("Account created! Please check your email to verify your account.");
  await expect(page).toHaveURL(/\/auth$/);
  return { email: member.email, username: name, password: member.password ?? PASSWORD } satisfies Member;
}

/** Opens the latest confirmation link mailed to `email` and confirms: the member is signed in, on the home page. */
export async function confirmEmail(page: Page, email: string, nth = 1) {
  await page.goto(await mailedLink(email, CONFIRM_SUBJECT, nth));
  await page.getByRole("button", { name: "Confirm Email" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back ${email.split("@")[0]}`);
}

/** A new member with a confirmed e-mail address, signed in on `page`. */
export async function signUpAndConfirm(page: Page, tag: string, options: { username?: string } = {}) {
  const member = await signUpByEmail(page, { email: uniqueEmail(tag), ...options });
  await confirmEmail(page, member.email!);
  return member;
}

/**
 * A new member with a confirmed e-mail address, made by the test route (not signed in anywhere): for a test whose
 * claim starts after the sign-up, which accounts-auth.spec.ts walks (docs/decisions/0066-e2e-walks-what-only-it-proves.md).
 */
export function createConfirmedMember(tag: string): Member & { email: string } {
  const member = { email: uniqueEmail(tag), username: uniqueName(), password: PASSWORD };
  postFixture({ kind: "member", ...member });
  return member;
}

/** A new member who signed up with a phone number (signed in at once, no mail), signed in on `page`. */
export async function signUpByPhone(page: Page, { username = uniqueName(), phone = uniquePhone() } = {}) {
  await page.goto("/auth?mode=signup&with=phone");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(headerName(page, username)).toBeVisible();
  return { phone, username, password: PASSWORD } satisfies Member;
}

/** Submits the sign-in form (by e-mail, or by phone when the member has no e-mail address). */
export async function submitSignIn(page: Page, member: { email?: string; phone?: string }, password: string) {
  if (member.email) {
    await page.goto("/auth");
    await page.getByLabel("Email", { exact: true }).fill(member.email);
  } else {
    await page.goto("/auth?mode=signin&with=phone");
    await page.getByLabel("Phone number").fill(member.phone!);
  }
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signIn(page: Page, member: Member) {
  await submitSignIn(page, member, member.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(headerName(page, member.username)).toBeVisible();
}

/** The header's link to the member's settings, named with their public name. */
export const headerName = (page: Page, name: string) =>
  page.getByRole("banner").getByRole("link", { name: `Settings for ${name}`, exact: true });

export async function logout(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** No member on this browser: the members' pages send it to sign in, and the header offers Login. */
export async function expectSignedOut(page: Page) {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign In");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
}

// --- games -------------------------------------------------------------------------------------------------

/**
 * A 30-second solo game on the normal board with `right` correct answers, played as a person would: in the page
 * with JavaScript (its clock run forward at the end), or one page per problem without (the run's clock moved on
 * to its last seconds, the page's own refresh ending it).
 * Ends on the results page, the score saved.
 */
export async function playSoloGame(page: Page, right: number) {
  if (!jsOff()) await page.clock.install();
  await page.goto("/game?difficulty=normal&timeLimit=30");
  await page.getByRole("button", { name: "Start Game" }).click();
  const answer = page.getByLabel("Your answer");
  const pace = humanPace();
  for (let i = 0; i < right; i++) {
    const problem = await page.getByTestId("problem").getAttribute("data-problem");
    // A human pace: the server refuses answers faster than anyone could give them.
    await pace();
    await answer.fill(solve(problem ?? ""));
    await answer.press("Enter");
    await expect(page.getByTestId("score")).toContainText(`Score: ${i + 1}`);
  }
  if (jsOff()) {
    await leaveSecondsInPagedGame(page);
    await expect(page.getByRole("heading", { name: "Time’s up!" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "See My Results" }).click();
  } else {
    await page.clock.fastForward(31_000);
  }
  await expect(page.getByTestId("result-score")).toHaveText(String(right));
  await expect(flash(page)).toContainText("Score saved to leaderboard!");
}

/** The viewer's own rows on the all-time normal board. */
export async function myAllTimeRows(page: Page) {
  await page.goto("/leaderboard?period=all-time&board=normal");
  return page.getByTestId("board-row").filter({ hasText: "(You)" });
}
