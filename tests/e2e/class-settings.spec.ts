import crypto from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { errorSummary, flash } from "./helpers/accounts";
import { PACE_MS } from "./helpers/pace";
import { ageRun } from "./helpers/run-clock";
import { makeSchool, type SchoolFixture } from "./helpers/school";
import { solve } from "./helpers/solve";

/*
 * The teacher's class settings and a pupil's own (docs/product.md#teachers, docs/product.md#student-game,
 * docs/product.md#calm-mode), with JavaScript and without: calm mode and × 2 time for the whole class at once, then
 * one pupil back to the timed game and one back to normal; each pupil's dashboard and game follow.
 */

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test.describe.configure({ timeout: 60_000 });

const card = (page: Page, name: string): Locator =>
  page.getByTestId("student-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

async function logInAs(page: Page, path: "/teacher-login" | "/student-login", code: string, lands: RegExp) {
  await page.context().clearCookies();
  await page.goto(path);
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(lands);
}

/** A pupil's form on their card: one change, then Save. */
async function editPupil(page: Page, name: string, change: (form: Locator) => Promise<void>) {
  await card(page, name)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  const form = card(page, name).locator("form");
  await change(form);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(flash(page)).toContainText("Student information updated successfully");
}

async function startGame(page: Page) {
  await page.getByRole("link", { name: /Start Math Game/ }).click();
  await page.getByRole("button", { name: "Let’s go!" }).click();
  await expect(page.getByTestId("problem")).toBeVisible();
}

test("a teacher sets calm mode and × 2 for the class, then pupils back; each pupil's game follows", async ({
  page,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const [calm, timed, normal] = [`Calm${tag}`, `Timed${tag}`, `Normal${tag}`];
  const school: SchoolFixture = makeSchool([[{ name: calm }, { name: timed }, { name: normal }]]);
  const klass = school.classes[0]!;
  const code = (name: string) => klass.students.find((s) => s.name === name)!.code;

  await logInAs(page, "/teacher-login", school.teacher.code, /\/teacher-dashboard$/);
  await page.getByRole("link", { name: "Class settings" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Class settings: ${klass.name}`);
  await expectAccessible(page);

  // No operation: with JavaScript the button waits for one; without, the server says so and keeps the input.
  const form = page.locator("form#class-settings");
  const save = form.getByRole("button", { name: "Save for the whole class" });
  await form.getByLabel("× 2").check();
  await form.getByLabel("Play calmly").check();
  await form.getByLabel("Addition (+)").uncheck();
  if (jsOn()) {
    await expect(save).toBeDisabled();
  } else {
    await save.click();
    await expect(errorSummary(page)).toContainText("Choose at least one operation");
    await expect(form.getByLabel("× 2")).toBeChecked();
    await expect(form.getByLabel("Play calmly")).toBeChecked();
  }
  await form.getByLabel("Multiplication (×)").check();
  await form.getByLabel("7 times table").check();
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/teacher-dashboard\\?class=${klass.id}$`));
  await expect(flash(page)).toContainText(`New settings saved for every student in ${klass.name}`);
  for (const name of [calm, timed, normal]) {
    await expect(card(page, name)).toContainText("Multiplication (×)");
    await expect(card(page, name).locator(".student-settings")).toContainText("Extra time× 2");
    await expect(card(page, name).locator(".student-settings")).toContainText("Calm modeOn");
  }

  // One pupil back to the timed game (× 2 kept), one back to normal.
  await editPupil(page, timed, (f) => f.getByLabel("Play calmly").uncheck());
  await editPupil(page, normal, async (f) => {
    await f.getByLabel("Play calmly").uncheck();
    await f.getByLabel("None").check();
  });
  await expect(card(page, timed).locator(".student-settings")).toContainText("Calm modeOff");
  await expect(card(page, normal).locator(".student-settings")).toContainText("Extra timeNone");
  await expect(card(page, calm).locator(".student-settings")).toContainText("Calm modeOn");

  // The calm pupil: their settings say so; their game has no clock, counts the questions and shows the right
  // answer after a miss.
  await logInAs(page, "/student-login", code(calm), /\/student-game$/);
  const settings = page.getByTestId("student-settings");
  await expect(settings).toContainText("Calm modeOn: no clock");
  // No extra time beside "no clock": a game without a clock has no time to add.
  await expect(settings).not.toContainText("Extra time");
  await expect(page.getByTestId("start-card")).toContainText("20 questions. Take your time.");
  await expect(page.getByText("Your teacher chooses these.")).toBeVisible();
  // With JavaScript the page's clock gives the answers a person's pace at once: the run is started as if a minute
  // ago (the test route), so the server takes them (decision 0044).
  if (jsOn()) {
    await page.clock.install();
    await page.route("**/student-game/start", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { ok: boolean; run?: { token: string } };
      if (body.ok && body.run) body.run.token = (await ageRun(page.request, body.run.token, 60_000)).token;
      await route.fulfill({ response, json: body });
    });
  }
  await startGame(page);
  await expect(page.getByTestId("calm-count")).toHaveText("Question 1 of 20");
  await expect(page.getByTestId("time-left")).toHaveCount(0);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  const problem = (await page.getByTestId("problem").getAttribute("data-problem"))!;
  const right = solve(problem);
  await page.getByLabel("Your answer").fill(`${right}1`);
  await page.getByLabel("Your answer").press("Enter");
  await expect(page.getByTestId("feedback")).toHaveText(`Try again! 💪 The answer was ${right}`);
  await expect(page.getByTestId("calm-count")).toHaveText("Question 2 of 20");
  await expect(page.getByTestId("time-left")).toHaveCount(0);
  await expectAccessible(page);
  // With JavaScript, the other 19 at a person's pace: the page ends the game after the 20th and it is saved.
  // (Without, the server's pages end it the same way, with a page `All done!` and no checking screen:
  // tests/integration/student-game.test.ts.)
  if (jsOn()) {
    // The finish is held back until the checking screen is seen: `All done!`, as no clock ran out.
    let releaseFinish = () => {};
    const finishHeld = new Promise<void>((resolve) => (releaseFinish = resolve));
    await page.route("**/student-game/finish", async (route) => {
      await finishHeld;
      await route.continue();
    });
    for (let n = 2; n <= 20; n++) {
      await expect(page.getByTestId("calm-count")).toHaveText(`Question ${n} of 20`);
      const next = (await page.getByTestId("problem").getAttribute("data-problem"))!;
      await page.clock.runFor(PACE_MS);
      await page.getByLabel("Your answer").fill(solve(next));
      await page.getByLabel("Your answer").press("Enter");
    }
    await expect(page.getByRole("heading", { name: "All done!", level: 1 })).toBeVisible();
    await expect(page.getByText("Checking your answers…")).toBeVisible();
    await expect(page.getByText("Time’s up!")).toHaveCount(0);
    releaseFinish();
    await expect(page.getByTestId("results")).toContainText("All done!", { timeout: 15_000 });
    await expect(page.getByTestId("result-score")).toHaveText("19");
    await expect(page.getByTestId("result-total")).toHaveText("20");
  }

  // The × 2 pupil: a clock of 120 seconds, said on the dashboard too.
  await logInAs(page, "/student-login", code(timed), /\/student-game$/);
  await expect(settings).toContainText("Extra time× 2 (120 seconds)");
  await expect(page.getByTestId("start-card")).toContainText("120 seconds. How many can you get right?");
  await startGame(page);
  await expect(page.getByTestId("calm-count")).toHaveCount(0);
  if (jsOn()) await expect(page.getByTestId("time-left")).toHaveText(/^(2:00|1:59)$/);
  else
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute(
      "content",
      /^(120|119);url=\/student-game\/play\?token=/,
    );

  // The pupil back to normal: 60 seconds, no extra time.
  await logInAs(page, "/student-login", code(normal), /\/student-game$/);
  await expect(settings).toContainText("Extra timeNone");
  await expect(settings).toContainText("Calm modeOff");
  await expect(page.getByTestId("start-card")).toContainText("60 seconds. How many can you get right?");
});

test("the class settings form opens on what the pupils have saved, and says where they differ", async ({ page }) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const [ada, ben, cy] = [`Ada${tag}`, `Ben${tag}`, `Cy${tag}`];
  const school: SchoolFixture = makeSchool([[{ name: ada }, { name: ben }, { name: cy }]]);
  const klass = school.classes[0]!;
  await logInAs(page, "/teacher-login", school.teacher.code, /\/teacher-dashboard$/);

  await page.getByRole("link", { name: "Class settings" }).click();
  const form = page.locator("form#class-settings");
  await form.getByLabel("× 1.5").check();
  await form.getByLabel("Play calmly").check();
  await form.getByLabel("Multiplication (×)").check();
  await form.getByLabel("Addition (+)").uncheck();
  await form.getByLabel("7 times table").check();
  await form.getByLabel("Hard").check();
  await form.getByRole("button", { name: "Save for the whole class" }).click();
  await expect(flash(page)).toContainText(`New settings saved for every student in ${klass.name}`);

  // Opened again: the saved settings, not a new pupil's defaults, so Save again changes nothing.
  await page.getByRole("link", { name: "Class settings" }).click();
  await expect(form.getByLabel("× 1.5")).toBeChecked();
  await expect(form.getByLabel("Play calmly")).toBeChecked();
  await expect(form.getByLabel("Multiplication (×)")).toBeChecked();
  await expect(form.getByLabel("Addition (+)")).not.toBeChecked();
  await expect(form.getByLabel("7 times table")).toBeChecked();
  await expect(form.getByLabel("Hard")).toBeChecked();
  await expect(page.getByTestId("settings-differ")).toHaveCount(0);
  await expectAccessible(page);

  // Two pupils back to the timed game: the form shows what most have, and says the calm mode differs.
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await editPupil(page, ben, (f) => f.getByLabel("Play calmly").uncheck());
  await editPupil(page, cy, (f) => f.getByLabel("Play calmly").uncheck());
  await page.getByRole("link", { name: "Class settings" }).click();
  await expect(form.getByLabel("Play calmly")).not.toBeChecked();
  await expect(form.getByLabel("× 1.5")).toBeChecked();
  await expect(page.getByTestId("settings-differ")).toHaveText(
    "Not every student has the same calm mode. The form shows what most of them have.",
  );
  await expectAccessible(page);
});
