import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { problemSequence, type RunSpec } from "../../app/game";
import { humanPace } from "./helpers/pace";
import { ageRun, leaveSecondsInPagedGame } from "./helpers/run-clock";
import { solve } from "./helpers/solve";

async function currentProblem(page: Page): Promise<string> {
  const text = await page.getByTestId("problem").getAttribute("data-problem");
  if (!text) throw new Error("no problem on screen");
  return text;
}

async function expectMineOnBoards(page: Page, score: number) {
  for (const period of ["daily", "all-time"]) {
    await page.goto(`/leaderboard?period=${period}&board=normal`);
    const mine = page.getByTestId("board-row").filter({ hasText: "(You)" });
    await expect(mine.first()).toContainText("Anonymous Player");
    await expect(mine.first()).toContainText(`${score}/`);
  }
}

/**
 * A first game of its kind: its score is the best to beat, and it has a place on today's normal board of its length.
 * The Daily Leaderboard panel beside it shows that same board, with the player on it.
 */
async function expectFirstStanding(page: Page, score: number, length = { seconds: 30, games: "30-second games" }) {
  const standing = page.getByTestId("standing");
  const href = `/leaderboard?period=daily&board=normal&time=${length.seconds}`;
  await expect(standing).toContainText(`Your first game of this kind. Can you beat ${score} next time?`);
  await expect(standing).toContainText(new RegExp(`You are #\\d+ today on the Normal board for ${length.games}\\.`));
  await expect(standing.getByRole("link", { name: `Normal board for ${length.games}` })).toHaveAttribute("href", href);
  const panel = page.getByRole("region", { name: "Daily Leaderboard" });
  await expect(panel).toContainText(`Today’s top 10 on the Normal board for ${length.games}`);
  await expect(
    panel.getByRole("table", { name: `Today’s top 10 on the Normal board for ${length.games}` }),
  ).toBeVisible();
  await expect(panel.getByRole("link", { name: "See all leaderboards" })).toHaveAttribute("href", href);
  await expect(panel.getByTestId("board-row").filter({ hasText: "(You)" })).toContainText(`${score}/`);
}

/**
 * The answer review on a 320 x 568 phone: no column cut off, nothing to scroll sideways, and each wrong answer marked
 * by more than colour (its cross and word, its row's own style).
 */
async function expectAnswersFitPhone(page: Page, { right, wrong }: { right: number; wrong: number }) {
  await page.setViewportSize({ width: 320, height: 568 });
  const table = page.locator(".answers-table");
  await expect(table.locator("thead th")).toHaveText(["Sum", "You said", "Right or wrong"]);
  await expect(table.locator("tbody tr.answer-right .answer-mark")).toHaveText(Array(right).fill("✓ Right"));
  await expect(table.locator("tbody tr.answer-wrong .answer-mark")).toHaveText(Array(wrong).fill("✗ Wrong"));
  const widths = await page.evaluate(() => {
    const scroller = document.querySelector(".answers .table-scroll")!;
    const marks = [...document.querySelectorAll(".answers-table .answer-mark")].map(
      (cell) => cell.getBoundingClientRect().right,
    );
    return {
      page: document.documentElement.scrollWidth,
      inner: scroller.scrollWidth - scroller.clientWidth,
      mark: Math.max(...marks),
    };
  });
  expect(widths.page).toBeLessThanOrEqual(320);
  expect(widths.inner).toBeLessThanOrEqual(0);
  expect(widths.mark).toBeLessThanOrEqual(320);
  if (wrong > 0) {
    const row = table.locator("tbody tr.answer-wrong").first();
    // Not by colour alone: the wrong row has its own background and edge too.
    expect(await row.evaluate((tr) => getComputedStyle(tr).backgroundColor)).not.toBe(
      await table
        .locator("tbody tr.answer-right")
        .first()
        .evaluate((tr) => getComputedStyle(tr).backgroundColor),
    );
  }
}

test.describe("solo game with JavaScript @js-only", () => {
  test("a full game played from the keyboard alone, scored by the server and shown on both boards", async ({
    page,
  }) => {
    test.setTimeout(60_000); // four accessibility checks and both boards
    await page.clock.install();
    await page.goto("/game");
    await expect(page.getByRole("heading", { name: "Ready to play?" })).toBeVisible();
    await expectAccessible(page);
    // The header's bolt is drawn (an SVG image in the stylesheet), not an emoji a school computer may lack.
    await expect(page.locator(".brand .brand-mark")).toHaveCSS("background-image", /^url\("data:image\/svg\+xml/);
    await expect(page.locator(".brand")).not.toContainText(/\p{Extended_Pictographic}/u);

    // Keyboard only: into the time-limit group, pick 30s, then on to Start Game.
    const thirty = page.getByLabel("30s");
    for (let i = 0; i < 30 && !(await page.getByLabel("1m").evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("ArrowLeft");
    await expect(thirty).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Start Game" })).toBeFocused();
    await page.keyboard.press("Enter");

    const answer = page.getByLabel("Your answer");
    await expect(answer).toBeFocused();
    await expect(page.getByTestId("time-left")).toHaveText(/^0:(30|2\d)$/);
    await expectAccessible(page);

    const answered = [];
    const pace = humanPace();
    for (let i = 0; i < 4; i++) {
      const problem = await currentProblem(page);
      const value = i === 3 ? `${solve(problem)}1` : solve(problem); // the last one deliberately wrong
      // A moment of thought per answer (the page's clock, once installed, still follows real time):
      // the server refuses answers faster than a person could give them.
      await pace();
      await page.keyboard.type(value);
      await page.keyboard.press("Enter");
      await expect(answer).toHaveValue("");
      answered.push(problem);
    }
    await expect(page.getByTestId("score")).toContainText("Score: 3");
    // An empty Enter counts as nothing.
    await page.keyboard.press("Enter");

    await page.clock.fastForward(31_000);
    const results = page.getByTestId("results");
    await expect(results).toBeVisible();
    await expect(page.getByTestId("result-score")).toHaveText("3");
    await expect(page.getByTestId("result-total")).toHaveText("4");
    await expect(page.getByTestId("result-accuracy")).toHaveText("75%");
    // The results take focus from the answer field that went away, so keyboard and screen-reader users land there.
    await expect(page.getByRole("heading", { name: "Great job!" })).toBeFocused();
    await expect(page.getByRole("status")).toContainText("Score saved to leaderboard!");
    await expectFirstStanding(page, 3);
    for (const name of ["Play Again", "Back to Menu", "View Your Results", "Play Daily Challenge"]) {
      await expect(page.getByRole(name === "Play Again" ? "button" : "link", { name })).toBeVisible();
    }
    const panel = page.getByRole("region", { name: "Daily Leaderboard" });
    await expect(panel.getByTestId("board-row").filter({ hasText: "(You)" }).first()).toContainText("3/4");
    await expectAccessible(page);

    await page.getByRole("link", { name: "View Your Results" }).click();
    await expect(page.getByRole("heading", { name: "Your answers" })).toBeVisible();
    await expect(page.locator(".answers-table tbody tr")).toHaveCount(4);
    // Each sum with its right answer; the wrong one says what was said.
    await expect(page.locator(".answers-table tbody tr").first().locator("td").first()).toContainText(/ = \d+$/);
    await expectAnswersFitPhone(page, { right: 3, wrong: 1 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto("/game");
    await page.getByRole("button", { name: "Start Game" }).click();
    await expect(page.getByLabel("Your answer")).toBeVisible();
    // Settings cannot change during a game: the start dialog is gone.
    await expect(page.getByRole("button", { name: "Start Game" })).toHaveCount(0);

    await expectMineOnBoards(page, 3);
  });

  // The start screen reads no board (docs/decisions/0033-kept-markup-for-boards.md): the results ask /game for it.
  test("the Daily Leaderboard beside the results is asked for when they show, and again when another player finishes", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const panelLoads = () =>
      page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === "/game.data" && url.searchParams.has("panel");
      });
    await page.clock.install();
    const feed = page.waitForResponse((r) => r.url().includes("/leaderboard/events?board=normal"));
    await page.goto("/game?difficulty=normal&timeLimit=30");
    await feed;
    await page.getByRole("button", { name: "Start Game" }).click();
    const answer = page.getByLabel("Your answer");
    await expect(answer).toBeFocused();
    await answer.fill(solve(await currentProblem(page)));
    await answer.press("Enter");
    await expect(answer).toHaveValue("");

    const firstLoad = panelLoads();
    await page.clock.fastForward(31_000);
    expect((await firstLoad).status()).toBe(200);
    const panel = page.getByRole("region", { name: "Daily Leaderboard" });
    await expect(panel.getByTestId("board-row").first()).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);

    // Another player, elsewhere, finishes a normal game: the live feed has the panel asked for again.
    const again = panelLoads();
    const other = await playwright.request.newContext({ baseURL });
    const { run } = (await (await other.get("/game/start?difficulty=normal&timeLimit=30")).json()) as {
      run: { token: string; spec: RunSpec; seed: string };
    };
    const problemAt = problemSequence(run.spec, run.seed);
    const { token } = await ageRun(other, run.token, 600);
    const answers = [0, 1].map((i) => ({ i, value: String(problemAt(i).answer), t: 100 + i * 400 }));
    expect((await other.post("/game/finish", { data: { token, answers } })).status()).toBe(200);
    await other.dispose();
    expect((await again).status()).toBe(200);
    await expect(panel.getByTestId("board-row").first()).toBeVisible();
  });

  test("the on-screen number pad edits the answer: digits, backspace, no decimal point for whole answers", async ({
    page,
  }) => {
    await page.goto("/game");
    await page.getByRole("button", { name: "Start Game" }).click();
    const pad = page.getByRole("group", { name: "Number pad" });
    // A solo game's answers are whole numbers: its pad has no decimal point (docs/product.md#number-pad-and-answer-entry).
    await expect(pad.getByRole("button", { name: "Decimal point" })).toHaveCount(0);
    await pad.getByRole("button", { name: "1", exact: true }).click();
    await pad.getByRole("button", { name: "5", exact: true }).click();
    await expect(page.getByLabel("Your answer")).toHaveValue("15");
    await pad.getByRole("button", { name: "Delete last digit" }).click();
    await expect(page.getByLabel("Your answer")).toHaveValue("1");
    await page.getByLabel("Your answer").fill("12ab3");
    await expect(page.getByLabel("Your answer")).toHaveValue("123");
    const enter = page.getByRole("button", { name: "Enter" });
    await page.getByLabel("Your answer").fill("");
    await expect(enter).toBeDisabled();
  });

  test("settings passed as navigation state are honoured, and bad ones ignored", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      const router = (window as unknown as { __remixRouter: { navigate: (to: string, opts: object) => void } })
        .__remixRouter;
      router.navigate("/game", { state: { settings: { difficulty: "extreme", timeLimit: 300 } } });
    });
    // The home page has a "Normal" board of its own: check the choices once the start screen is there.
    await expect(page.getByRole("heading", { name: "Ready to play?" })).toBeVisible();
    await expect(page.getByLabel("Extreme")).toBeChecked();
    await expect(page.getByLabel("5m")).toBeChecked();
    await page.goto("/");
    await page.evaluate(() => {
      const router = (window as unknown as { __remixRouter: { navigate: (to: string, opts: object) => void } })
        .__remixRouter;
      router.navigate("/game", { state: { settings: { difficulty: "impossible", operations: "nope" } } });
    });
    await expect(page.getByRole("heading", { name: "Ready to play?" })).toBeVisible();
    await expect(page.getByLabel("Normal")).toBeChecked();
    await expect(page.getByLabel("1m")).toBeChecked();
  });

  test("settings passed in the link are honoured", async ({ page }) => {
    await page.goto("/game?difficulty=hard&timeLimit=120");
    await expect(page.getByLabel("Hard")).toBeChecked();
    await expect(page.getByLabel("2m")).toBeChecked();
  });
});

test.describe("solo game without JavaScript @no-js", () => {
  test("a full game, one page per problem, ended by the page's own refresh at the deadline", async ({ page }) => {
    test.setTimeout(90_000); // three accessibility checks, both boards, a page per key on a busy machine
    // A minute, not 30 s: its end is reached by moving its clock, and a busy machine needs more than 30 s to answer.
    await page.goto("/game");
    await page.getByLabel("1m").check();
    await page.getByRole("button", { name: "Start Game" }).click();
    await expect(page).toHaveURL(/\/game\/play\?token=/);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute(
      "content",
      /^(60|59);url=\/game\/play\?token=/,
    );
    // The timed refresh is the game itself (WCAG 2.2.1's essential exception); players who need longer choose 5m.
    await expectAccessible(page, { allowTimedRefresh: true });

    // First answer with the on-screen pad (each key is a round trip), the rest typed.
    const first = solve(await currentProblem(page));
    const pad = page.getByRole("group", { name: "Number pad" });
    for (const digit of first) await pad.getByRole("button", { name: digit, exact: true }).click();
    await expect(page.getByLabel("Your answer")).toHaveValue(first);
    const pace = humanPace();
    await pace();
    await page.getByRole("button", { name: "Enter" }).click();
    await expect(page.getByTestId("score")).toContainText("Score: 1");

    // An empty answer counts as nothing.
    const before = await currentProblem(page);
    await page.getByRole("button", { name: "Enter" }).click();
    expect(await currentProblem(page)).toBe(before);

    for (let i = 0; i < 2; i++) {
      await pace(); // the server refuses answers faster than anyone could give them
      await page.getByLabel("Your answer").fill(solve(await currentProblem(page)));
      await page.getByLabel("Your answer").press("Enter");
    }
    await expect(page.getByTestId("score")).toContainText("Score: 3");

    // The game's last seconds: its clock moved on, the page's own refresh still ends it.
    await leaveSecondsInPagedGame(page);
    await expect(page.getByRole("heading", { name: "Time’s up!" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("You answered 3 questions.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "See My Results" }).click();

    await expect(page).toHaveURL(/\/game\/results\//);
    await expect(page.getByRole("status")).toContainText("Score saved to leaderboard!");
    await expectFirstStanding(page, 3, { seconds: 60, games: "1-minute games" });
    await expect(page.getByTestId("result-score")).toHaveText("3");
    await expect(page.getByTestId("result-accuracy")).toHaveText("100%");
    await expect(page.getByRole("heading", { name: "Outstanding!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Play Again" })).toHaveAttribute("href", "/game");
    await expectAccessible(page);
    await expectAnswersFitPhone(page, { right: 3, wrong: 0 });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The results page cannot be finished twice: going back and submitting again is refused.
    await page.goBack();
    await page.getByRole("button", { name: "See My Results" }).click();
    await expect(page.getByRole("alert")).toContainText("This game has already been finished.");

    await expectMineOnBoards(page, 3);
  });
});

test.describe("bad input to the game", () => {
  for (const path of ["/game/play", "/game"]) {
    test(`an unknown difficulty or time limit at ${path} is explained in the summary and next to the field`, async ({
      page,
    }) => {
      const response = await page.goto(`${path}?difficulty=impossible&timeLimit=45`);
      if (path === "/game/play") expect(response?.status()).toBe(400);
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link")).toHaveText([
        "Choose a difficulty: Normal, Hard or Extreme.",
        "Choose a time limit: 30s, 1m, 2m or 5m.",
      ]);
      await expect(page.locator("#start-difficulty-error")).toHaveText("Choose a difficulty: Normal, Hard or Extreme.");
      await expect(page.locator("#start-timeLimit-error")).toHaveText("Choose a time limit: 30s, 1m, 2m or 5m.");
      const timeGroup = page.getByRole("group", { name: "Time limit" });
      await expect(timeGroup).toHaveAttribute("aria-describedby", "start-timeLimit-error");
      // The summary's link leads to the field it is about.
      await summary.getByRole("link", { name: "Choose a time limit: 30s, 1m, 2m or 5m." }).click();
      await expect(timeGroup.getByRole("radio").first()).toBeFocused();
      // The start dialog with its errors, checked once (the other refusals below show the same page).
      if (path === "/game/play") await expectAccessible(page);
      // Fixing the choice starts the game.
      await timeGroup.getByRole("radio", { name: "30s" }).check();
      await page.getByRole("radio", { name: /^Hard/ }).check();
      await page.getByRole("button", { name: "Start Game" }).click();
      await expect(page.getByTestId("score")).toBeVisible();
    });
  }

  for (const path of ["/game/play", "/game"]) {
    test(`a time limit of 7 at ${path} is refused beside the time limit, and the other choices are kept`, async ({
      page,
    }) => {
      await page.goto(`${path}?difficulty=hard&timeLimit=7&operations=multiply`);
      const message = "Choose a time limit: 30s, 1m, 2m or 5m.";
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link")).toHaveText([message]);
      await expect(summary.getByRole("link")).toHaveAttribute("href", "#start-timeLimit");
      await expect(page.locator("#start-timeLimit-error")).toHaveText(message);
      await expect(page.getByRole("group", { name: "Time limit" })).toHaveAttribute(
        "aria-describedby",
        "start-timeLimit-error",
      );
      await expect(page.getByRole("group", { name: "Difficulty" })).not.toHaveAttribute("aria-describedby");
      await expect(page.locator("#start-difficulty-error")).toHaveCount(0);
      await expect(page.getByRole("radio", { name: /^Hard/ })).toBeChecked();
      const operations = page.getByRole("group", { name: "Operations" });
      await expect(operations.getByRole("checkbox", { checked: true })).toHaveCount(1);
      await expect(operations.getByRole("checkbox", { name: "Multiply" })).toBeChecked();
      await summary.getByRole("link").click();
      await expect(page.getByRole("radio", { name: "30s" })).toBeFocused();
    });
  }

  test("with JavaScript a choice refused by /game/start is shown the same way, the summary focused @js-only", async ({
    page,
  }) => {
    await page.goto("/game");
    await page.getByRole("radio", { name: /^Extreme/ }).check();
    // A tampered choice: only the server's check can refuse it.
    await page.getByRole("radio", { name: "2m" }).evaluate((radio: HTMLInputElement) => {
      radio.value = "7";
      radio.checked = true;
    });
    const refused = page.waitForResponse((response) => response.url().includes("/game/start?"));
    await page.getByRole("button", { name: "Start Game" }).click();
    expect((await refused).status()).toBe(400);
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText(["Choose a time limit: 30s, 1m, 2m or 5m."]);
    await expect(page.locator("#start-timeLimit-error")).toHaveText("Choose a time limit: 30s, 1m, 2m or 5m.");
    await expect(page.getByRole("group", { name: "Time limit" })).toHaveAttribute(
      "aria-describedby",
      "start-timeLimit-error",
    );
    await expect(page.getByRole("radio", { name: /^Extreme/ })).toBeChecked();
    await summary.getByRole("link").click();
    await expect(page.getByRole("radio", { name: "30s" })).toBeFocused();
    // Put right, the game starts.
    await page.getByRole("radio", { name: "1m" }).check();
    await page.getByRole("button", { name: "Start Game" }).click();
    await expect(page.getByLabel("Your answer")).toBeVisible();
  });

  test("a forged game token is refused", async ({ page }) => {
    const response = await page.goto("/game/play?token=forged.token&answers=");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("This game could not be recognised. Please start a new game.");
  });

  test("another player's game cannot be continued", async ({ page, browser, baseURL }) => {
    await page.goto("/game/play?difficulty=normal&timeLimit=60");
    const url = page.url();
    const stranger = await browser.newContext({ baseURL });
    const strangerPage = await stranger.newPage();
    const response = await strangerPage.goto(url);
    expect(response?.status()).toBe(403);
    await expect(strangerPage.getByRole("alert")).toContainText("started by another player");
    await stranger.close();
  });
});

test("a better score than before is a new personal best, celebrated on the results page", async ({ page }) => {
  // Two 2-minute Normal games from this browser, through the game's own endpoints: 1 right, then 2 right.
  let runId = "";
  for (const right of [1, 2]) {
    const started = await page.request.get("/game/start?difficulty=normal&timeLimit=120&operations=add");
    const { run } = (await started.json()) as { run: { token: string; spec: RunSpec; seed: string } };
    const problemAt = problemSequence(run.spec, run.seed);
    // Played at a person's pace: the run's clock is moved on rather than waited out.
    const { token } = await ageRun(page.request, run.token, right * 1_500 + 200);
    const answers = Array.from({ length: right }, (_, i) => ({
      i,
      value: String(problemAt(i).answer),
      t: 1_400 * (i + 1),
    }));
    const finished = await page.request.post("/game/finish", { data: { token, answers } });
    expect(finished.status()).toBe(200);
    runId = ((await finished.json()) as { runId: string }).runId;
  }
  await page.goto(`/game/results/${runId}`);
  const standing = page.getByTestId("standing");
  await expect(standing).toContainText("New personal best! You beat your best of 1.");
  await expect(standing).toContainText(/You are #\d+ today on the Normal board for 2-minute games\./);
  await expect(standing.locator(".celebration")).toHaveAttribute("aria-hidden", "true");
  await expectAccessible(page);
});
