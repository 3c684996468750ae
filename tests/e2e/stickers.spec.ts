import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { problemSequence, timeLimitOf, type RunSpec } from "../../app/game";
import { flash, newBrowser } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { addFactsOneDayFromSecure, addGames, rightAnswer } from "./helpers/games";
import { ageRun } from "./helpers/run-clock";
import { makeSchool } from "./helpers/school";

/*
 * The sticker book (docs/product.md#sticker-book), with JavaScript and without: a pupil whose facts of the 2 times
 * table were fluent on two earlier days plays a game today, and its results name the facts that became secure with
 * their new stickers; their book shows them, and the badge of the 7 times table they secured last week. Their
 * teacher turns stickers off for the class, and the pupil sees none. The earlier days come from the test fixture
 * (the fact records folded as a finish would); today's game is started and finished by the pupil's own session, its
 * clock moved on instead of waited out (docs/decisions/0044-e2e-waits-for-states.md).
 */

test.describe.configure({ timeout: 60_000 });

type Started = { ok: true; run: { token: string; spec: RunSpec; seed: string } };

const numbers = Array.from({ length: 12 }, (_, i) => i + 1);

/** Every × fact of the 2 times table both ways round, and the 7 times table's row. */
const twos = numbers.flatMap((n) => [rightAnswer(2, n), rightAnswer(n, 2)]);
const sevens = numbers.map((n) => rightAnswer(7, n));

async function logIn(page: Page, code: string) {
  await page.goto("/student-login");
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/student-game$/);
}

/**
 * A pupil's game with every answer right and quick, and its run id; `first`: the first fact it asked that this game
 * made secure ("2 × 5 = 10"). 2 × 7 is the 7 times table's too, whose stickers are from last week: never new here.
 */
async function playAllRight(page: Page): Promise<{ first: string; runId: string }> {
  const start = await page.request.get("/student-game/start");
  expect(start.status()).toBe(200);
  const { run } = (await start.json()) as Started;
  const problemAt = problemSequence(run.spec, run.seed);
  const answers = Array.from({ length: 30 }, (_, i) => ({ i, value: String(problemAt(i).answer), t: 1_000 + i * 900 }));
  const moved = await ageRun(page.request, run.token, timeLimitOf(run.spec) * 1000 - 1_000);
  const finish = await page.request.post("/student-game/finish", { data: { token: moved.token, answers } });
  expect(finish.status(), await finish.text()).toBe(200);
  const { runId } = (await finish.json()) as { runId: string };
  const p = answers.map((_, i) => problemAt(i)).find(({ num1, num2 }) => num1 !== 7 && num2 !== 7)!;
  return { first: `${p.num1} × ${p.num2} = ${p.answer}`, runId };
}

function pupilSchool() {
  const name = `Sticker${crypto.randomBytes(3).toString("hex")}`;
  const school = makeSchool([
    [{ name, allowedOperations: ["multiplication"], timesTables: ["2"], difficulty: "easy" }],
  ]);
  const pupil = school.classes[0]!.students[0]!;
  // The 7 times table fluent when due on days 12, 11 and 8 ago: secure then, with its badge. The 2 times table
  // fluent on days 6 and 5 ago: due again today, and one more fluent answer makes each fact secure.
  addGames([
    { studentId: pupil.id, accuracy: 100, daysAgo: 12, answers: sevens },
    { studentId: pupil.id, accuracy: 100, daysAgo: 11, answers: sevens },
    { studentId: pupil.id, accuracy: 100, daysAgo: 8, answers: sevens },
  ]);
  addFactsOneDayFromSecure(pupil.id, twos);
  return { school, pupil };
}

test("a pupil secures facts in a game, sees their new stickers, and their book with a table badge", async ({
  page,
}) => {
  const { pupil } = pupilSchool();
  await logIn(page, pupil.code);
  await expect(page.getByRole("heading", { name: "My sticker book" })).toBeVisible();
  await expect(page.getByTestId("sticker-card")).toBeVisible();

  const { first, runId } = await playAllRight(page);
  await page.goto(`/student-game?run=${runId}`);
  const news = page.getByRole("region", { name: "New in your sticker book" });
  await expect(news).toBeVisible();
  await expect(news.getByRole("listitem").getByText(first, { exact: true })).toHaveCount(1);
  await expectAccessible(page);

  await news.getByRole("link", { name: "Open my sticker book" }).click();
  await expect(page).toHaveURL(/\/student-stickers$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My sticker book");
  const grid = page.getByRole("region", { name: "My sticker book: Times tables" });
  const [, a, b] = /^(\d+) × (\d+)/.exec(first)!;
  await expect(grid.getByRole("cell", { name: `${a} × ${b}, secure since today`, exact: true })).toBeVisible();
  await expect(grid.getByRole("cell", { name: /^7 × 3, secure since \d+ \w+$/ })).toBeVisible();
  await expect(grid.getByRole("cell", { name: "9 × 9: no sticker yet", exact: true })).toBeVisible();
  await expect(page.getByTestId("badges")).toContainText("The 7 times table");
  await expect(page.getByTestId("milestones")).toContainText("10 stickers");
  await expectAccessible(page);
});

test("a teacher turns stickers off for the class, and the pupil sees none", async ({ page, browser }) => {
  const { school, pupil } = pupilSchool();
  const klass = school.classes[0]!;

  const teacherContext = await newBrowser(browser);
  const teacher = await teacherContext.newPage();
  await teacher.goto("/teacher-login");
  await teacher.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await teacher.getByRole("button", { name: "Login", exact: true }).click();
  await expect(teacher).toHaveURL(/\/teacher-dashboard$/);
  await teacher.goto(`/teacher-dashboard/settings?class=${klass.id}`);
  const form = teacher.getByRole("group", { name: `Stickers for ${klass.name}` });
  await expect(form.getByRole("radio", { name: "On" })).toBeChecked();
  await form.getByRole("radio", { name: "Off" }).check();
  await teacher.getByRole("button", { name: "Save stickers" }).click();
  await expect(flash(teacher)).toContainText("Stickers are off for this class.");
  await expect(
    teacher.getByRole("group", { name: `Stickers for ${klass.name}` }).getByRole("radio", { name: "Off" }),
  ).toBeChecked();
  await expectAccessible(teacher);
  await teacherContext.close();

  await logIn(page, pupil.code);
  await expect(page.getByTestId("sticker-card")).toHaveCount(0);
  const { runId } = await playAllRight(page);
  await page.goto(`/student-game?run=${runId}`);
  await expect(page.getByText("Saved to your progress.")).toBeVisible();
  await expect(page.getByRole("region", { name: "New in your sticker book" })).toHaveCount(0);
  await page.goto("/student-stickers");
  await expect(page.getByText("Your class does not use stickers.")).toBeVisible();
  await expect(page.getByRole("region", { name: /My sticker book:/ })).toHaveCount(0);
  await expectAccessible(page);
});
