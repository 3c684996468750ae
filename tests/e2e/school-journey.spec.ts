import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { flash, newBrowser } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { logInAsAdmin } from "./helpers/admin";
import { humanPace } from "./helpers/pace";
import { leaveSecondsInPagedGame } from "./helpers/run-clock";
import { solve } from "./helpers/solve";

/*
 * The school area end to end, one school from nothing (docs/product.md#school-area), with JavaScript and without:
 * an admin creates a school, a teacher and a class with a logo; the teacher logs in with the new code, adds a pupil
 * and prints the login cards; the pupil logs in through the card's class link, plays and sees their progress; the
 * teacher then sees the new result. Each person in a browser of their own.
 */

test.describe.configure({ timeout: 180_000 });

const tag = () => crypto.randomBytes(3).toString("hex");
const jsOn = () => test.info().project.name === "js-on";
const flashTitle = (page: Page) => flash(page).locator(".flash-title");

async function codeInFlash(page: Page, pattern: RegExp): Promise<string> {
  await expect(flashTitle(page)).toHaveText(pattern);
  return /(\d{8})/.exec((await flashTitle(page).textContent()) ?? "")![1]!;
}

async function inNewBrowser(browser: Browser): Promise<Page> {
  const context = await newBrowser(browser);
  return context.newPage();
}

test("admin, teacher and pupil: a school from nothing to a pupil's first result", async ({ page, browser }) => {
  const t = tag();
  const school = `Journey School ${t}`;
  const teacher = `Mr Journey ${t}`;
  const klass = `Class ${t}`;
  const pupil = `Pupil ${t}`;

  // The admin: a school, its teacher (the code is shown once, in the message), a class with a logo.
  await logInAsAdmin(page);
  await page.getByLabel("School name").fill(school);
  await page.getByRole("button", { name: "Create School" }).click();
  await expect(flashTitle(page)).toHaveText("School created successfully");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Teachers" }).click();
  await page.getByLabel("Teacher's name").fill(teacher);
  await page.getByLabel("School", { exact: true }).selectOption({ label: school });
  await page.getByRole("button", { name: "Create Teacher" }).click();
  const teacherCode = await codeInFlash(page, /^Teacher created with code \d{8}$/);
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Schools & Classes" })
    .click();
  const card = page.getByTestId("school").filter({ has: page.getByRole("heading", { name: school, exact: true }) });
  await card.getByLabel("Class name").fill(klass);
  await card.getByLabel("Teacher").selectOption({ label: teacher });
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#f5a623" } })
    .png()
    .toBuffer();
  await card
    .getByLabel("Class logo (optional)")
    .setInputFiles({ name: "owl.png", mimeType: "image/png", buffer: logo });
  await card.getByRole("button", { name: "Create Class" }).click();
  await expect(flashTitle(page)).toHaveText("Class created successfully");
  // On to the new class's page, with its logo.
  await expect(page.getByRole("heading", { level: 2, name: klass })).toBeVisible();
  await expect(page.getByText(`${school} · Teacher: ${teacher}`)).toBeVisible();
  await expect(page.getByRole("img", { name: new RegExp(klass) })).toBeVisible();
  // Admins can print any class's login cards too (empty until the class has pupils).
  await page.getByRole("link", { name: "Print login cards" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Login cards: ${klass}`);
  await expect(page.getByText("No students in this class yet.")).toBeVisible();
  await expectAccessible(page);

  // The teacher: logs in with that code, adds a pupil, opens the class's login cards.
  const teacherPage = await inNewBrowser(browser);
  await teacherPage.goto("/teacher-login");
  await teacherPage.getByLabel("Login code", { exact: true }).fill(teacherCode);
  await teacherPage.getByRole("button", { name: "Login", exact: true }).click();
  await expect(flash(teacherPage)).toContainText(`Welcome, ${teacher}!`);
  // The header leads a teacher back to their classes, without naming them.
  await expect(teacherPage.getByRole("banner").getByRole("link", { name: "My classes" })).toHaveAttribute(
    "href",
    "/teacher-dashboard",
  );
  const addForm = teacherPage.getByRole("region", { name: "Add a student" });
  await addForm.getByLabel("Student's name").fill(pupil);
  await addForm.getByLabel("Multiplication (×)").check();
  await addForm.getByLabel("3 times table").check();
  await addForm.getByRole("button", { name: "Add Student" }).click();
  const pupilCode = await codeInFlash(teacherPage, /^Student created with login code \d{8}$/);
  await teacherPage.getByRole("link", { name: "Print login cards" }).click();
  const loginCard = teacherPage.getByTestId("login-card").filter({ hasText: pupil });
  await expect(loginCard).toContainText(pupilCode);
  await expect(loginCard.locator("svg")).toBeVisible();
  const address = (await loginCard.getByTestId("card-address").textContent())!.trim();
  expect(address).toMatch(/^localhost:\d+\/c\/[2-9a-hjkmnp-z]{7}$/);

  // The pupil: types their card's short address (its own login page), plays one game, sees it in their progress.
  const pupilPage = await inNewBrowser(browser);
  if (jsOn()) await pupilPage.clock.install();
  await pupilPage.goto(`http://${address}`);
  await expect(pupilPage).toHaveURL(/\/c\/[2-9a-hjkmnp-z]{7}$/);
  await pupilPage.getByLabel("Login code", { exact: true }).fill(pupilCode);
  await pupilPage.getByRole("button", { name: "Login", exact: true }).click();
  await expect(pupilPage).toHaveURL(/\/student-game$/);
  await expect(pupilPage.getByText(school)).toBeVisible();
  await pupilPage.getByRole("link", { name: /Start Math Game/ }).click();
  await pupilPage.getByRole("button", { name: "Let’s go!" }).click();
  const pace = humanPace();
  for (let i = 0; i < 2; i++) {
    const problem = (await pupilPage.getByTestId("problem").getAttribute("data-problem"))!;
    await pace();
    await pupilPage.getByLabel("Your answer").fill(solve(problem));
    await pupilPage.getByLabel("Your answer").press("Enter");
    await expect(pupilPage.getByTestId("feedback")).toHaveText("Correct! 🎉 Well done!");
  }
  if (jsOn()) {
    await pupilPage.clock.fastForward(61_000);
  } else {
    // Without JavaScript the page's own refresh ends the game at its deadline (the run's clock moved on to it).
    await leaveSecondsInPagedGame(pupilPage);
    await expect(pupilPage.getByRole("heading", { name: "Time’s up!" })).toBeVisible({ timeout: 15_000 });
    await pupilPage.getByRole("button", { name: "See My Results" }).click();
  }
  await expect(pupilPage.getByTestId("result-score")).toHaveText("2", { timeout: 15_000 });
  await pupilPage.goto("/student-progress");
  await expect(pupilPage.getByTestId("stat-games")).toContainText("1");
  await expect(pupilPage.getByTestId("stat-accuracy")).toContainText("100%");
  // Elsewhere on the site the header says "My maths", never the pupil's name.
  await pupilPage.goto("/leaderboard");
  await expect(pupilPage.getByRole("banner").getByRole("link", { name: "My maths" })).toBeVisible();
  await expect(pupilPage.locator("body")).not.toContainText(pupil);

  // The teacher sees the new result on the pupil's card.
  await teacherPage.goto("/teacher-dashboard");
  const pupilCard = teacherPage.getByTestId("student-card").filter({ hasText: pupil });
  await expect(pupilCard).toContainText("100%");
  await expect(pupilCard.getByTestId("login-code")).toHaveText(pupilCode);
});
