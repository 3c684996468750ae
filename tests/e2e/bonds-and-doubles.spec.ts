import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { humanPace } from "./helpers/pace";
import { leaveSecondsInPagedGame } from "./helpers/run-clock";
import { makeSchool } from "./helpers/school";
import { solve } from "./helpers/solve";

/*
 * Number bonds and doubles and halves (docs/product.md#number-bonds, docs/product.md#doubles-and-halves), with
 * JavaScript (played in the page) and without (page by page): a visitor plays number bonds, a pupil doubles and halves
 * from their dashboard; both start forms refuse nothing ticked beside the boxes. A teacher gives a class number
 * bonds to 10 in the class settings, and a pupil plays those only (docs/decisions/0083-extra-games-per-pupil.md).
 */

const jsOff = () => test.info().project.use.javaScriptEnabled === false;

test.describe.configure({ timeout: 60_000 });

/** The answer to a problem as shown, a number bond's gap too ('7 + ? = 10'). */
function answerOf(problem: string): string {
  const gap = /^(\d+) \+ \? = (\d+)$/.exec(problem);
  return gap ? String(Number(gap[2]) - Number(gap[1])) : solve(problem);
}

/** Answers `count` problems rightly, each checked against `shape`, at a person's pace. */
async function answerRightly(page: Page, count: number, shape: RegExp) {
  const answer = page.getByLabel("Your answer");
  await expect(answer).toBeVisible();
  const pace = humanPace();
  for (let i = 0; i < count; i++) {
    const problem = (await page.getByTestId("problem").getAttribute("data-problem"))!;
    expect(problem).toMatch(shape);
    await pace();
    await answer.fill(answerOf(problem));
    await answer.press("Enter");
    await expect(page.getByTestId("score")).toContainText(`Score: ${i + 1}`);
  }
}

async function endTheGame(page: Page) {
  if (jsOff()) {
    await leaveSecondsInPagedGame(page);
    await page.getByRole("button", { name: "See My Results" }).click({ timeout: 15_000 });
  } else {
    await page.clock.fastForward(31_000);
  }
}

test("a visitor plays number bonds to 10, both ways round, and sees results on no board", async ({ page }) => {
  if (!jsOff()) await page.clock.install();
  // Found from the home page's ways to play.
  await page.goto("/");
  await page.getByRole("link", { name: "Play number bonds" }).click();
  await expect(page).toHaveURL(/\/game\/bonds$/);
  await expect(page.getByRole("heading", { name: "Number bonds", level: 1 })).toBeVisible();
  const totals = page.getByRole("group", { name: "Bonds to" });
  await expect(totals.getByRole("checkbox")).toHaveCount(3);

  // None ticked: refused beside the boxes, the time chosen kept.
  await totals.getByRole("checkbox", { name: "10", exact: true }).uncheck();
  await page.getByRole("radio", { name: "30s" }).check();
  await page.getByRole("button", { name: "Start number bonds" }).click();
  await expect(totals.getByText("Choose 10, 20 or 100.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "30s" })).toBeChecked();
  await expectAccessible(page);

  await totals.getByRole("checkbox", { name: "10", exact: true }).check();
  await page.getByRole("button", { name: "Start number bonds" }).click();
  await expect(page).toHaveURL(jsOff() ? /\/game\/play\?token=/ : /\/game\/bonds\?token=/);
  // `7 + ? = 10` or `10 − 7 = ?`.
  await answerRightly(page, 3, /^(\d \+ \? = 10|10 − \d = \?)$/);
  await endTheGame(page);

  await expect(page.getByTestId("results")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("practice-note")).toHaveText(
    "This was a number bonds game, so it is not on a leaderboard.",
  );
  await expect(page.getByTestId("result-score")).toHaveText("3");
  await expectAccessible(page);
});

test("a pupil plays doubles and halves from their dashboard, and it is saved to their progress", async ({ page }) => {
  if (!jsOff()) await page.clock.install();
  const name = `Pupil${crypto.randomBytes(3).toString("hex")}`;
  const school = makeSchool([[{ name, extraGames: { doubles: ["20", "100", "tens"] } }]]);
  await page.goto("/student-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.classes[0]!.students[0]!.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/student-game$/);

  await page.getByRole("link", { name: "Doubles and halves" }).click();
  await expect(page.getByRole("heading", { name: "Doubles and halves", level: 1 })).toBeVisible();
  const operations = page.getByRole("group", { name: "Double or halve" });
  await operations.getByRole("checkbox", { name: "Double" }).uncheck();
  await page.getByRole("radio", { name: "30s" }).check();
  await page.getByRole("button", { name: "Start doubles and halves" }).click();
  await expect(page).toHaveURL(jsOff() ? /\/student-game\/play\?token=/ : /\/student-game\/doubles\?token=/);
  // Halves to 20 only: `14 ÷ 2 = ?`.
  await answerRightly(page, 2, /^\d+ ÷ 2 = \?$/);
  await endTheGame(page);

  const results = page.getByTestId("results");
  await expect(results).toBeVisible({ timeout: 15_000 });
  await expect(results).toContainText("Saved to your progress.");
  await expectAccessible(page);
});

test("a teacher gives the class number bonds to 10, and a pupil plays those only", async ({ page }) => {
  if (!jsOff()) await page.clock.install();
  const name = `Pupil${crypto.randomBytes(3).toString("hex")}`;
  const school = makeSchool([[{ name }]]);
  const klass = school.classes[0]!;
  const logIn = async (path: string, code: string, lands: RegExp) => {
    await page.context().clearCookies();
    await page.goto(path);
    await page.getByLabel("Login code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(lands);
  };

  // Not given yet: no More games, and the game's page says so.
  await logIn("/student-login", klass.students[0]!.code, /\/student-game$/);
  await expect(page.getByRole("heading", { name: "More games" })).toHaveCount(0);
  const refused = await page.goto("/student-game/bonds");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("Your teacher has not given you this game.")).toBeVisible();

  await logIn("/teacher-login", school.teacher.code, /\/teacher-dashboard$/);
  await page.getByRole("link", { name: "Class settings" }).click();
  const form = page.locator("form#class-settings");
  const bonds = form.getByRole("group", { name: "Number bonds: bonds to" });
  await bonds.getByRole("checkbox", { name: "10", exact: true }).check();
  await expectAccessible(page);
  await form.getByRole("button", { name: "Save for the whole class" }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard\?class=/);
  await expect(page.getByTestId("student-card")).toContainText("Number bonds: 10");

  await logIn("/student-login", klass.students[0]!.code, /\/student-game$/);
  const more = page.getByRole("region", { name: "More games" });
  await expect(more.getByRole("link")).toHaveText(["Number bonds"]);
  await more.getByRole("link", { name: "Number bonds" }).click();
  const totals = page.getByRole("group", { name: "Bonds to" });
  await expect(totals.getByRole("checkbox")).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole("radio", { name: "30s" }).check();
  await page.getByRole("button", { name: "Start number bonds" }).click();
  await expect(page).toHaveURL(jsOff() ? /\/student-game\/play\?token=/ : /\/student-game\/bonds\?token=/);
  await answerRightly(page, 2, /^(\d \+ \? = 10|10 − \d = \?)$/);
  await endTheGame(page);
  await expect(page.getByTestId("results")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("results")).toContainText("Saved to your progress.");
});
