import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { createConfirmedMember, newBrowser, signIn } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { makeSchool } from "./helpers/school";
import { reloadSettled } from "./helpers/navigation";

/*
 * The live game is findable (docs/product.md#live-game, issue 44): `Live game` in the header and /live in the
 * sitemap; `Host a live game` on the teacher's dashboard, the members' menu and the school page; and a pupil whose
 * teacher's game is open sees `Join` on their dashboard, one tap into the game.
 */

test("the header, the sitemap, the school page and the members' menu lead to the live game", async ({
  page,
  browser,
}) => {
  const sitemap = await page.request.get("/sitemap.xml");
  expect(await sitemap.text()).toMatch(/<loc>[^<]*\/live<\/loc>/);

  await page.goto("/school");
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Live game" }).click();
  await expect(page).toHaveURL(/\/live$/);
  await expect(page.getByRole("heading", { name: "Join a live game" })).toBeVisible();

  await page.goto("/school");
  await page.getByRole("link", { name: "Host a live game" }).click();
  await expect(page).toHaveURL(/\/live\/host$/);

  const member = await (await newBrowser(browser)).newPage();
  await signIn(member, createConfirmedMember("live-find"));
  await member.goto("/");
  await member.getByRole("link", { name: "Host a live game" }).click();
  await expect(member).toHaveURL(/\/live\/host$/);
  await expect(member.getByRole("button", { name: "Open the game" })).toBeVisible();
  await member.context().close();
});

test("a teacher hosts from the dashboard; their pupil joins from theirs with one tap", async ({ page, browser }) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const school = makeSchool([[{ name: `Nia ${tag}` }]]);
  const klass = school.classes[0]!;
  const pupil = klass.students[0]!;

  // The pupil's dashboard shows no Join while no game of theirs is open.
  const { baseURL, javaScriptEnabled } = test.info().project.use;
  const child = await (await browser.newContext({ baseURL, javaScriptEnabled })).newPage();
  await child.goto("/student-login");
  await child.getByLabel("Login code", { exact: true }).fill(pupil.code);
  await child.getByRole("button", { name: "Login", exact: true }).click();
  await expect(child).toHaveURL(/student-game/);
  await expect(child.getByRole("button", { name: "Join", exact: true })).toHaveCount(0);

  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/teacher-dashboard/);
  await page.getByRole("link", { name: "Host a live game" }).click();
  // The dashboard's class comes chosen.
  await expect(page).toHaveURL(new RegExp(`/live/host\\?class=${klass.id}$`));
  await expect(page.getByLabel("Class", { exact: true })).toHaveValue(klass.id);
  await page.getByRole("button", { name: "Open the game" }).click();
  await expect(page).toHaveURL(/\/live\/\d{11}\/host$/);
  const code = /\/live\/(\d{11})\/host$/.exec(page.url())![1]!;

  await child.goto("/student-game");
  await expect(child.getByRole("heading", { name: "Your class is playing a live game" })).toBeVisible();
  await expectAccessible(child);
  await child.getByRole("button", { name: "Join", exact: true }).click();
  await expect(child).toHaveURL(new RegExp(`/live/${code}$`));
  await expect(child.getByTestId("my-name")).toHaveText("Nia");
  if (!javaScriptEnabled) await reloadSettled(page);
  await expect(page.getByTestId("race")).toContainText("Nia");

  // Closed, the Join goes from the dashboard.
  await page.getByRole("button", { name: "Close the game" }).click();
  await expect(page).toHaveURL(/\/live\/host$/);
  await child.goto("/student-game");
  await expect(child.getByRole("button", { name: "Join", exact: true })).toHaveCount(0);
  await child.context().close();
});
