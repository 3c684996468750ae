import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createConfirmedMember, newBrowser, signIn, signUpByPhone } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { makeSchool } from "./helpers/school";

/*
 * Nobody spends the live games on purpose (docs/product.md#live-game, docs/decisions/0072): a teacher holding 3 open
 * games is told to close one before opening another and closes one from the list of their open games, and a lobby
 * left alone closes itself (the test route moves its
 * last activity 15 minutes back, no clock waits): the guest waiting in it is told the game has ended, and the
 * teacher may open a game again.
 */

async function logInTeacher(page: Page, code: string) {
  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/teacher-dashboard/);
}

/** Opens a game from the host's page; returns its code (from the big screen's address, which works without JS). */
async function openGame(page: Page, className: string): Promise<string> {
  await page.goto("/live/host");
  await page.getByLabel("Class", { exact: true }).selectOption({ label: className });
  // Guests let in: the guest below waits in the lobby (a class's game is its pupils' otherwise, decision 0071).
  await page.getByLabel(/Let guests join/).check();
  await page.getByRole("button", { name: "Open the game" }).click();
  await expect(page).toHaveURL(/\/live\/\d{11}\/host$/);
  return /\/live\/(\d{11})\/host$/.exec(page.url())![1]!;
}

async function guestIn(browser: Browser, code: string): Promise<Page> {
  const { baseURL, javaScriptEnabled } = test.info().project.use;
  const guest = await (await browser.newContext({ baseURL, javaScriptEnabled })).newPage();
  await guest.goto(`/live?code=${code}`);
  if (javaScriptEnabled !== false) await guest.waitForFunction(() => window.history.scrollRestoration === "manual");
  await guest.getByLabel("First word").selectOption("Brave");
  await guest.getByLabel("Animal").selectOption("Otter");
  await guest.getByRole("button", { name: "Join the game" }).click();
  await expect(guest).toHaveURL(new RegExp(`/live/${code}$`));
  return guest;
}

test("a teacher with 3 open games is told to close one; a lobby left alone closes itself", async ({
  page,
  browser,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const school = makeSchool([[{ name: `Iris ${tag}` }]]);
  const className = school.classes[0]!.name;
  await logInTeacher(page, school.teacher.code);
  const codes = [await openGame(page, className), await openGame(page, className), await openGame(page, className)];

  // The fourth is refused, next to the form, the settings kept.
  await page.goto("/live/host");
  await page.getByLabel("How long").selectOption("30");
  await page.getByRole("button", { name: "Open the game" }).click();
  await expect(page.getByText("You have 3 live games open. Close one before you open another.").first()).toBeVisible();
  await expect(page.getByLabel("How long")).toHaveValue("30");
  // The page lists the teacher's open games, to close one.
  const open = page.getByRole("link", { name: /^Game \d{4} \d{4} \d{3}$/ });
  await expect(open).toHaveCount(3);
  await expectAccessible(page);
  await open.last().click();
  await page.getByRole("button", { name: "Close the game" }).click();
  await expect(page).toHaveURL(/\/live\/host$/);
  await expect(open).toHaveCount(2);
  codes.pop();

  // A guest waits in the first game's lobby; nobody does anything for 15 minutes.
  const guest = await guestIn(browser, codes[0]!);
  const idle = await page.request.post("/_test/live-idle", { data: { code: codes[0] } });
  expect(await idle.json()).toEqual({ closed: true });
  // With JavaScript the stream says so; without, the lobby page's own refresh finds the game gone.
  await expect(guest.getByText("This game has ended.").first()).toBeVisible({ timeout: 10_000 });
  await expectAccessible(guest);
  await guest.context().close();

  // The closed games no longer count: the teacher opens two more.
  expect(await openGame(page, className)).toMatch(/^\d{11}$/);
  expect(await openGame(page, className)).toMatch(/^\d{11}$/);
});

test("the big screen of a lobby left alone says why it closed @js-only", async ({ page }) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const school = makeSchool([[{ name: `Jude ${tag}` }]]);
  await logInTeacher(page, school.teacher.code);
  // The big screen hears the closing through its event stream: close the lobby once the stream is open.
  const streaming = page.waitForResponse((response) => response.url().includes("/events?as=host"));
  const code = await openGame(page, school.classes[0]!.name);
  await expect(page.getByTestId("join-code")).toHaveText(/^\d{4} \d{4} \d{3}$/);
  await streaming;
  const idle = await page.request.post("/_test/live-idle", { data: { code } });
  expect(await idle.json()).toEqual({ closed: true });
  await expect(page.getByText("This game was closed because no one played for a long time.")).toBeVisible();
  await expectAccessible(page);
});

test("a member hosts only with a confirmed e-mail address; a phone sign-up is told why", async ({ page, browser }) => {
  await signUpByPhone(page);
  await page.goto("/live/host");
  await expect(
    page.getByText(
      "To host a live game, confirm your account's e-mail address first: open the link in the e-mail we sent you. An account made with a phone number cannot host.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Open the game" })).toHaveCount(0);
  await expectAccessible(page);

  const confirmed = await (await newBrowser(browser)).newPage();
  const member = createConfirmedMember("live-host");
  await signIn(confirmed, member);
  await confirmed.goto("/live/host");
  await confirmed.getByRole("button", { name: "Open the game" }).click();
  await expect(confirmed).toHaveURL(/\/live\/\d{11}\/host$/);
  // Closed again, so that the suite's members (all on one address) stay under 6 open games.
  await confirmed.getByRole("button", { name: "Close the game" }).click();
  await expect(confirmed).toHaveURL(/\/live\/host$/);
  await confirmed.context().close();
});
