import crypto from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { problemSequence, type RunSpec } from "../../app/game";
import { expectAccessible } from "./helpers/axe";
import { humanPace } from "./helpers/pace";
import { ageRun, leaveSecondsInPagedGame } from "./helpers/run-clock";
import { makeSchool } from "./helpers/school";
import { solve } from "./helpers/solve";

/*
 * "The ones to practise" after a game and "Practise my facts" (docs/product.md#wrong-answers-after-a-game,
 * #practise-my-facts), with JavaScript (the practice plays in the page) and without (page by page): the wrong
 * answers show with the right ones, "Practise these" starts practice on those facts first, and its results say it
 * was practice, with no board.
 */

const jsOff = () => test.info().project.use.javaScriptEnabled === false;

test.describe.configure({ timeout: 60_000 });

type Run = { token: string; spec: RunSpec; seed: string };

/** A game played through its own endpoints: `right` answers right, then `wrong` wrong (each one more). */
async function playThrough(request: APIRequestContext, start: string, finish: string, wrong: number, right: number) {
  const started = await request.get(start);
  expect(started.status()).toBe(200);
  const { run } = (await started.json()) as { run: Run };
  const problemAt = problemSequence(run.spec, run.seed);
  const count = wrong + right;
  const { token } = await ageRun(request, run.token, count * 1_500 + 300);
  const answers = Array.from({ length: count }, (_, i) => ({
    i,
    value: String(problemAt(i).answer + (i < wrong ? 1 : 0)),
    t: 1_400 * (i + 1) + (i % 2) * 150,
  }));
  const finished = await request.post(finish, { data: { token, answers } });
  expect(finished.status(), await finished.text()).toBe(200);
  return ((await finished.json()) as { runId: string }).runId;
}

/** The facts of a run's token, as its page's address carries it. */
function factsOfPage(page: Page): string[] {
  const token = new URL(page.url()).searchParams.get("token")!;
  const spec = (JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8")) as { spec: RunSpec }).spec;
  if (spec.mode !== "practice") throw new Error(`not practice: ${spec.mode}`);
  return spec.facts;
}

/** "7 × 8 = 56" as a fact key, "*7,8". */
function factOfSum(sum: string): string {
  const [, a, sign, b, answer] = /^(\d+) ([×÷+\u2212]) (\d+) = (\d+)$/.exec(sum)!;
  if (sign === "×") return `*${a},${b}`;
  if (sign === "+") return `+${a},${b}`;
  if (sign === "÷") return `/${b},${answer}`;
  return `-${b},${answer}`;
}

/** The ones to practise: two sums with their right answers and what was said; their facts. */
async function expectTwoToPractise(page: Page): Promise<string[]> {
  const list = page.getByTestId("wrong-answers");
  await expect(list.getByRole("heading", { name: "The ones to practise" })).toBeVisible();
  const items = list.getByRole("listitem");
  await expect(items).toHaveCount(2);
  const facts = [];
  for (const item of await items.all()) {
    await expect(item).toContainText(/You said \d+/);
    const sum = (await item.locator("strong").textContent())!;
    facts.push(factOfSum(sum));
  }
  return facts;
}

/** Two practice problems answered, then the run's end: the page's clock, or the paged game's own. */
async function playPracticeToEnd(page: Page, facts: string[]) {
  await expect(page.getByLabel("Your answer")).toBeVisible();
  const pace = humanPace();
  for (let i = 0; i < 2; i++) {
    const problem = (await page.getByTestId("problem").getAttribute("data-problem"))!;
    expect(facts).toContain(factOfSum(problem.replace("?", solve(problem))));
    await pace();
    await page.getByLabel("Your answer").fill(solve(problem));
    await page.getByLabel("Your answer").press("Enter");
    await expect(page.getByTestId("score")).toContainText(`Score: ${i + 1}`);
  }
  if (jsOff()) {
    await leaveSecondsInPagedGame(page);
    await page.getByRole("button", { name: "See My Results" }).click({ timeout: 15_000 });
  } else {
    await page.clock.fastForward(61_000);
  }
}

test("a visitor sees the sums they got wrong, practises them, and the practice reaches no board", async ({ page }) => {
  if (!jsOff()) await page.clock.install();
  const runId = await playThrough(
    page.request,
    "/game/start?difficulty=normal&timeLimit=60&operations=multiply",
    "/game/finish",
    2,
    1,
  );
  await page.goto(`/game/results/${runId}`);
  const wrongFacts = await expectTwoToPractise(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Practise these" }).click();
  await expect(page).toHaveURL(jsOff() ? /\/game\/play\?token=/ : /\/game\/practice\?token=/);
  const facts = factsOfPage(page);
  // Those two come first in the practice's list, so they come first and most often.
  expect(facts.slice(0, 2).sort()).toEqual([...wrongFacts].sort());
  await playPracticeToEnd(page, facts);

  const results = page.getByTestId("results");
  await expect(results).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("practice-note")).toHaveText("This was practice, so it is not on a leaderboard.");
  await expect(page.getByTestId("result-score")).toHaveText("2");
  if (jsOff()) {
    // Each sum once, with how many times it came.
    const sums = await page
      .getByRole("region", { name: "Your answers, sum by sum" })
      .locator("tbody tr td:first-child")
      .allTextContents();
    expect(sums.length).toBeGreaterThan(0);
    expect(new Set(sums).size).toBe(sums.length);
  }
  await expect(page.getByRole("region", { name: "Daily Leaderboard" })).toHaveCount(0);
  await expect(page.getByTestId("standing")).toHaveCount(0);
  await expectAccessible(page);

  // The start screen leads to practice over chosen operations too.
  await page.goto("/game");
  await page.getByRole("link", { name: "Practise my facts" }).click();
  await expect(page.getByRole("heading", { name: "Practise my facts" })).toBeVisible();
  await expectAccessible(page);
});

// Without JavaScript the game ends on its results page, where the test above finds the list.
test("a game in the page at /game lists the sum got wrong, and Practise these starts with it @js-only", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/game?difficulty=normal&timeLimit=30&operations=multiply");
  await page.getByRole("button", { name: "Start Game" }).click();
  const answer = page.getByLabel("Your answer");
  await expect(answer).toBeFocused();
  const pace = humanPace();
  let missed = "";
  for (let i = 0; i < 2; i++) {
    const problem = (await page.getByTestId("problem").getAttribute("data-problem"))!;
    const right = solve(problem);
    if (i === 0) missed = problem.replace("?", right);
    await pace();
    await answer.fill(i === 0 ? `${right}1` : right); // the first one wrong on purpose
    await answer.press("Enter");
    await expect(answer).toHaveValue("");
  }
  await page.clock.fastForward(31_000);
  await expect(page.getByTestId("results")).toBeVisible();
  // In the page, as the server drew it: no page load.
  expect(new URL(page.url()).pathname).toBe("/game");
  const list = page.getByTestId("wrong-answers");
  await expect(list.getByRole("heading", { name: "The ones to practise" })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.locator("strong")).toHaveText(missed);
  await expect(list.getByRole("listitem")).toContainText(`(You said ${missed.split(" = ")[1]}1)`);
  await expectAccessible(page);

  await list.getByRole("button", { name: "Practise these" }).click();
  await expect(page).toHaveURL(/\/game\/practice\?token=/);
  expect(factsOfPage(page)[0]).toBe(factOfSum(missed));
  await expect(page.getByLabel("Your answer")).toBeVisible();
});

test("a pupil sees the sums they got wrong and practises them from their results", async ({ page }) => {
  if (!jsOff()) await page.clock.install();
  const name = `Pupil${crypto.randomBytes(3).toString("hex")}`;
  const school = makeSchool([
    [{ name, allowedOperations: ["multiplication"], timesTables: ["7"], difficulty: "easy" }],
  ]);
  await page.goto("/student-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.classes[0]!.students[0]!.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/student-game$/);
  // Beside their game, practice of their own facts.
  await expect(page.getByRole("button", { name: "Practise my facts" })).toBeVisible();

  const runId = await playThrough(page.request, "/student-game/start", "/student-game/finish", 2, 1);
  await page.goto(`/student-game?run=${runId}`);
  const wrongFacts = await expectTwoToPractise(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Practise these" }).click();
  await expect(page).toHaveURL(jsOff() ? /\/student-game\/play\?token=/ : /\/student-game\/practice\?token=/);
  const facts = factsOfPage(page);
  expect(facts.slice(0, 2).sort()).toEqual([...wrongFacts].sort());
  await playPracticeToEnd(page, facts);

  const results = page.getByTestId("results");
  await expect(results).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("practice-note")).toHaveText("This was practice.");
  await expect(results).toContainText("Saved to your progress.");
  await expectAccessible(page);
});
