import { expect, test } from "@playwright/test";
import { flash, newBrowser } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { humanPace } from "./helpers/pace";
import { leaveSecondsInPagedGame } from "./helpers/run-clock";
import { makeSchool } from "./helpers/school";
import { solve } from "./helpers/solve";

/*
 * Set work (docs/product.md#set-work), with JavaScript and without: a teacher sets their class "play 1 game" due
 * today (a refusal first: a past date); a pupil logs in, sees it on their dashboard, plays a game and sees `Done!`;
 * the teacher's class overview then lists them as done, and the other pupil as not started.
 */

const jsOn = () => test.info().project.name === "js-on";

/** Today in the UK, as a date field takes it. */
const ukToday = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

test("a teacher sets a game, a pupil plays it and sees Done!, the overview shows who has done it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const school = makeSchool();
  const klass = school.classes[0]!;
  const ada = klass.students[0]!;

  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
  await page.getByRole("link", { name: "Set work", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Set work: ${klass.name}`);
  await expect(page.getByText("No work set yet.")).toBeVisible();

  // A past date is refused, with the input kept.
  const form = page.getByRole("region", { name: "Set new work" });
  await form.getByLabel("A number of games").check();
  await form.getByLabel("How many").fill("1");
  await form.getByLabel("Any game").check();
  await form.getByLabel("Due date").fill("2020-01-01");
  await form.getByRole("button", { name: "Set work" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
    "The due date cannot be in the past",
  );
  await expect(form.getByLabel("How many")).toHaveValue("1");
  await expectAccessible(page);

  // A web address spelled out with spaces is refused beside the note, the note kept (docs/product.md#set-work).
  await form.getByLabel("Due date").fill(ukToday());
  const note = form.getByLabel("Note for pupils (optional)");
  await note.fill("Play at www . evil . com");
  await form.getByRole("button", { name: "Set work" }).click();
  await expect(note).toHaveAttribute("aria-invalid", "true");
  await expect(note).toHaveAccessibleDescription(/A note cannot have links or web addresses in it/);
  await expect(note).toHaveValue("Play at www . evil . com");
  await expectAccessible(page);

  await note.fill("Practise the 7s. Well done!");
  await form.getByRole("button", { name: "Set work" }).click();
  await expect(flash(page)).toContainText(`Work set for ${klass.name}`);
  const work = page.getByTestId("class-work");
  await expect(work).toHaveCount(1);
  await expect(work).toContainText(/Play 1 game by \w+day \d+ \w+/);
  await expect(work).toContainText("Done: 0. Started: 0. Not started: 2.");

  // The pupil: sees the work, plays one game, and it is done.
  const pupilContext = await newBrowser(browser);
  const pupil = await pupilContext.newPage();
  if (jsOn()) await pupil.clock.install();
  await pupil.goto("/student-login");
  await pupil.getByLabel("Login code", { exact: true }).fill(ada.code);
  await pupil.getByRole("button", { name: "Login", exact: true }).click();
  await expect(pupil).toHaveURL(/\/student-game$/);
  const yourWork = pupil.getByTestId("your-work");
  await expect(yourWork.getByRole("heading", { name: "Your work" })).toBeVisible();
  await expect(yourWork.getByRole("listitem")).toContainText(/Play 1 game by .+: 0 done/);
  await expect(yourWork.getByRole("progressbar", { name: "0 of 1 game" })).toBeVisible();
  await expectAccessible(pupil);

  await pupil.getByRole("link", { name: /Start Math Game/ }).click();
  await pupil.getByRole("button", { name: "Let’s go!" }).click();
  const problem = (await pupil.getByTestId("problem").getAttribute("data-problem"))!;
  await humanPace()();
  await pupil.getByLabel("Your answer").fill(solve(problem));
  await pupil.getByLabel("Your answer").press("Enter");
  await expect(pupil.getByTestId("feedback")).toHaveText("Correct! 🎉 Well done!");
  if (jsOn()) {
    await pupil.clock.fastForward(61_000);
  } else {
    await leaveSecondsInPagedGame(pupil);
    await expect(pupil.getByRole("heading", { name: "Time’s up!" })).toBeVisible({ timeout: 15_000 });
    await pupil.getByRole("button", { name: "See My Results" }).click();
  }
  await expect(pupil.getByTestId("result-score")).toHaveText("1", { timeout: 15_000 });
  await pupil.goto("/student-game");
  await expect(yourWork.getByRole("listitem")).toContainText(/Play 1 game by .+:\s+Done!/);
  await expect(yourWork.getByRole("progressbar", { name: "1 of 1 game" })).toBeVisible();
  await pupilContext.close();

  // The teacher's class overview: Ada done, Ben not started.
  await page.goto(`/teacher-dashboard/overview?class=${klass.id}`);
  const overview = page.getByTestId("overview-work");
  await expect(overview.getByTestId("work-done")).toContainText("Done (1)");
  await expect(overview.getByTestId("work-done")).toContainText("Ada");
  await expect(overview.getByTestId("work-not-started")).toContainText("Not started (1)");
  await expect(overview.getByTestId("work-not-started")).toContainText("Ben");

  // Removing asks first.
  await page.goto(`/teacher-dashboard/work?class=${klass.id}`);
  await page
    .getByTestId("class-work")
    .getByRole("link", { name: /^Remove/ })
    .click();
  const step = page.getByTestId("confirm-step");
  await expect(step.getByRole("heading", { name: "Remove this work?" })).toBeVisible();
  await step.getByRole("button", { name: "Yes, remove the work" }).click();
  await expect(flash(page)).toContainText("Work removed");
  await expect(page.getByText("No work set yet.")).toBeVisible();
});
