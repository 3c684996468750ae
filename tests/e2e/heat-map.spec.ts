import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { problemSequence, timeLimitOf, type RunSpec } from "../../app/game";
import { flash, newBrowser, signUpByPhone } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { ageRun } from "./helpers/run-clock";
import { makeSchool } from "./helpers/school";

/*
 * The heat maps (docs/product.md#heat-maps), with JavaScript and without: a pupil misses 7 × 8 three times and sees
 * it marked weak on their progress page; their teacher sees it on the class facts page and opens the pupil's map in
 * one click, sees the class's focus (the 7 times table) and sets it as work in one click, and the pupil's next
 * practice starts with it; a member sees their own /facts. Each new page is checked
 * with axe once.
 */

test.describe.configure({ timeout: 60_000 });

type Started = { ok: true; run: { token: string; spec: RunSpec; seed: string } };

/** Nothing on the page is wider than a 320 px phone: no sideways scrolling. */
async function expectFitsNarrowScreen(page: Page) {
  await page.setViewportSize({ width: 320, height: 640 });
  // Read once the page has laid itself out at the new width (a state, not a clock).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `page width at 320 px on ${page.url()}`,
    })
    .toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * A pupil's game with 7 × 8 missed three times and every other problem right: the run the game in the page would
 * send, started and finished by the pupil's own session (its problems made from its seed, as the server makes them),
 * its clock moved on to its last second instead of waited out.
 */
async function missSevenEightThreeTimes(page: Page) {
  const start = await page.request.get("/student-game/start");
  expect(start.status()).toBe(200);
  const { run } = (await start.json()) as Started;
  const problemAt = problemSequence(run.spec, run.seed);
  const answers: { i: number; value: string; t: number }[] = [];
  let misses = 0;
  for (let i = 0; misses < 3; i++) {
    const problem = problemAt(i);
    const sevenEight = problem.operator === "*" && problem.num1 === 7 && problem.num2 === 8;
    if (sevenEight) misses += 1;
    answers.push({ i, value: String(sevenEight ? problem.answer + 1 : problem.answer), t: 1_000 + i * 600 });
  }
  const moved = await ageRun(page.request, run.token, timeLimitOf(run.spec) * 1000 - 1_000);
  const finish = await page.request.post("/student-game/finish", { data: { token: moved.token, answers } });
  expect(finish.status(), await finish.text()).toBe(200);
}

test("a pupil's missed 7 × 8 shows weak on their map and on their teacher's class page", async ({ page, browser }) => {
  const name = `Facts${crypto.randomBytes(3).toString("hex")}`;
  const school = makeSchool([
    [
      { name, allowedOperations: ["multiplication"], timesTables: ["8"], difficulty: "easy" },
      { name: `${name}Two`, allowedOperations: ["addition"], difficulty: "easy" },
    ],
  ]);
  const klass = school.classes[0]!;

  await page.goto("/student-login");
  await page.getByLabel("Login code", { exact: true }).fill(klass.students[0]!.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/student-game$/);
  await missSevenEightThreeTimes(page);

  await page.goto("/student-progress");
  const mine = page.getByRole("region", { name: "My facts: Times tables" });
  await expect(page.getByRole("heading", { name: "My facts" })).toBeVisible();
  // A child's words ("fluent" and "secure" are teachers').
  await expect(mine.getByRole("cell", { name: "7 × 8: needs practice", exact: true })).toHaveText(
    "✗7 × 8: needs practice",
  );
  await expect(mine.getByRole("cell", { name: "6 × 8: quick", exact: true })).toBeVisible();
  await expect(mine.getByRole("cell", { name: "8 × 7: not tried yet", exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Key" })).toContainText("needs practice: wrong last time (1)");
  await expectFitsNarrowScreen(page);
  await expectAccessible(page);

  const teacherContext = await newBrowser(browser);
  const teacher = await teacherContext.newPage();
  // The class page's links and its grid's table are drawn by the server from kept markup and plain links
  // (docs/speed-shortcuts.md#the-class-facts-page): the browser must hydrate them without an error.
  const teacherErrors: string[] = [];
  teacher.on("pageerror", (error) => teacherErrors.push(error.message));
  teacher.on("console", (message) => {
    if (message.type() === "error") teacherErrors.push(message.text());
  });
  await teacher.goto("/teacher-login");
  await teacher.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await teacher.getByRole("button", { name: "Login", exact: true }).click();
  await expect(teacher).toHaveURL(/\/teacher-dashboard$/);
  await teacher.getByRole("link", { name: "Class facts" }).click();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText(`Class facts: ${klass.name}`);
  const needsHelp = teacher.getByRole("region", { name: "Needs help" });
  await expect(needsHelp.getByRole("listitem")).toHaveText([`${name}: 1 weak fact`]);
  await expect(teacher.getByRole("region", { name: "Most missed facts" }).getByRole("listitem")).toHaveText([
    "7 × 8 = 56: weak for 1 pupil",
  ]);
  await expect(teacher.getByRole("cell", { name: "7 × 8: 0 of 2 know it, 1 weak", exact: true })).toBeVisible();
  // What to teach next: 7 × 8 is in the 7 and the 8 times tables; on a tie, the smaller.
  const focus = teacher.getByRole("region", { name: "Focus for the class" });
  await expect(focus).toContainText("The 7 times table: 1 pupil keeps missing facts of it, most often 7 × 8.");
  await expect(focus).toContainText(`Who needs it: ${name}`);
  await expect(focus.getByRole("button", { name: "Set it as work" })).toBeVisible();
  await expectFitsNarrowScreen(teacher);
  await expectAccessible(teacher);

  await needsHelp.getByRole("link", { name }).click();
  await expect(teacher.getByRole("heading", { name: `${name}'s facts` })).toBeVisible();
  // The same map as the pupil's own (checked with axe there), in a teacher's words.
  await expect(teacher.getByRole("cell", { name: "7 × 8: weak", exact: true })).toBeVisible();

  // One click sets the focus as work (the set work page's own form, filled in), with JavaScript on or off.
  await teacher.getByRole("link", { name: "Back to the class's facts" }).click();
  await teacher
    .getByRole("region", { name: "Focus for the class" })
    .getByRole("button", { name: "Set it as work" })
    .click();
  await expect(teacher).toHaveURL(/\/teacher-dashboard\/work\?class=/);
  await expect(flash(teacher)).toContainText(`Work set for ${klass.name}`);
  const work = teacher.getByTestId("class-work");
  await expect(work).toHaveCount(1);
  await expect(work).toContainText(/Practise my facts 3 times by \w+day \d+ \w+/);
  await expect(work).toContainText("Our class focus: the 7 times table.");
  await expectAccessible(teacher);
  expect(teacherErrors).toEqual([]);
  await teacherContext.close();

  // The pupil's next practice puts 7 × 8 first in its list, so it comes first and most often
  // (docs/decisions/0050-facts-and-spaced-practice.md).
  await page.goto("/student-game");
  await page.getByRole("button", { name: "Practise my facts" }).click();
  await expect(page).toHaveURL(/\/student-game\/(play|practice)\?token=/);
  await expect(page.getByLabel("Your answer")).toBeVisible();
  expect(practiceFactsOf(page)[0]).toBe("*7,8");
});

/** The list of facts a practice run works on, from the signed token its page's address carries. */
function practiceFactsOf(page: Page): string[] {
  const token = new URL(page.url()).searchParams.get("token") ?? "";
  const payload = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8")) as { spec: RunSpec };
  return payload.spec.mode === "practice" ? payload.spec.facts : [];
}

test("a member sees their own facts on /facts, from the members' menu", async ({ page }) => {
  await signUpByPhone(page);
  await page.goto("/facts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My facts");
  await expect(page.getByText("No facts yet. Play a game and they will show here.")).toBeVisible();

  // A game's facts, sent as the game in the page sends them: 3 × 4 and the rest of its problems answered wrong.
  const start = await page.request.get("/game/start?difficulty=normal&timeLimit=30");
  const { run } = (await start.json()) as Started;
  const problemAt = problemSequence(run.spec, run.seed);
  const answers = [0, 1, 2].map((i) => ({ i, value: String(problemAt(i).answer + 1), t: 1_000 + i * 600 }));
  const moved = await ageRun(page.request, run.token, 29_000);
  expect((await page.request.post("/game/finish", { data: { token: moved.token, answers } })).status()).toBe(200);

  await page.goto("/");
  await page.getByRole("link", { name: "My facts" }).click();
  await expect(page).toHaveURL(/\/facts$/);
  const key = page.getByRole("list", { name: "Key" });
  await expect(key).toBeVisible();
  await expect(page.getByRole("cell", { name: /: needs practice$/ }).first()).toBeVisible();
  await expectAccessible(page);
});
