import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { humanPace } from "./helpers/pace";
import { solve } from "./helpers/solve";

/*
 * The play screen and the start dialog (docs/product.md#solo-settings, #problem-display,
 * #number-pad-and-answer-entry): a layout that never moves under a finger, feedback in words, proper signs, the
 * decimal key only where answers can be decimals, the operations choice and the last settings remembered. Each test
 * runs with JavaScript (the island) and without it (one problem per page), unless tagged.
 */

const jsOff = () => test.info().project.use.javaScriptEnabled === false;
const MINUS = "\u2212";

async function currentProblem(page: Page): Promise<string> {
  const text = await page.getByTestId("problem").getAttribute("data-problem");
  if (!text) throw new Error("no problem on screen");
  return text;
}

/** Answers the problem on screen (right, or wrong on purpose) and waits until the next one is there. */
async function answer(page: Page, question: number, { wrong = false } = {}): Promise<string> {
  const right = solve(await currentProblem(page));
  await page.getByLabel("Your answer").fill(wrong ? `${right}1` : right);
  await page.getByLabel("Your answer").press("Enter");
  await expect(page.locator(".play-feedback")).toContainText(`Question ${question}:`);
  // Without JavaScript the answer loads a new page: measure it once its styles are in, as a player sees it.
  if (jsOff()) await page.waitForLoadState("load");
  return right;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
}

async function startGame(page: Page, query: string) {
  await page.goto(`/game?${query}`);
  await page.getByRole("button", { name: "Start Game" }).click();
  await expect(page.getByLabel("Your answer")).toBeVisible();
  // Without JavaScript the first problem is a new page too: measured once its styles are in, as after each answer.
  if (jsOff()) await page.waitForLoadState("load");
}

const SCREENS = [
  { name: "a small phone", width: 320, height: 568 },
  { name: "a phone", width: 390, height: 844 },
  { name: "a desktop", width: 1280, height: 800 },
];

// One game measured at the three sizes after each answer: the layout is the stylesheet's alone (no script reads the
// screen's size), so the screen resized to a size lays out as one opened at it, and one game's answers serve all three.
test("on a small phone (320 px), a phone (390 px) and a desktop (1280 px) the number pad and Enter stay put across problems of both layouts, right and wrong", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Normal times tables mix one-line problems (7 × 8) with stacked ones (12 × 7), about half and half, so eight
  // answers nearly always show both (with all four operations a stacked one came about one problem in nine).
  await startGame(page, "difficulty=normal&timeLimit=300&operations=multiply");
  const pad = page.getByRole("group", { name: "Number pad" });
  const enter = page.getByRole("button", { name: "Enter" });
  const problemArea = page.getByTestId("problem");
  // At each size, the three measured at once (one round trip's wait, not three), as they stand after each answer.
  const boxes = async () => {
    const measured = [];
    for (const screen of SCREENS) {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const [padBox, enterBox, problemBox] = await Promise.all([box(pad), box(enter), box(problemArea)]);
      measured.push({ screen: screen.name, pad: padBox, enter: enterBox, problem: problemBox });
    }
    return measured;
  };
  const first = await boxes();
  const layouts = new Set<string>();
  // Eight answers (two of them misses, whose feedback is longer), and on until both layouts have shown (a random
  // game may hold none of one kind in its first eight: any +, − or × with a number from 10 up is stacked).
  for (let i = 1; i <= 8 || (layouts.size < 2 && i <= 40); i++) {
    layouts.add((await page.locator(".problem-vertical").count()) > 0 ? "stacked" : "one line");
    // Every fourth answer wrong, so the longer feedback (with the right answer) shows too.
    await answer(page, i, { wrong: i % 4 === 0 });
    const now = await boxes();
    for (const [k, at] of now.entries()) {
      expect(at.pad, `the pad after answer ${i} on ${at.screen}`).toEqual(first[k]!.pad);
      expect(at.enter, `Enter after answer ${i} on ${at.screen}`).toEqual(first[k]!.enter);
      expect(at.problem, `the problem area after answer ${i} on ${at.screen}`).toEqual(first[k]!.problem);
    }
  }
  expect([...layouts].sort()).toEqual(["one line", "stacked"]);
});

test("feedback after each answer says right or not in words, with the right answer after a miss", async ({ page }) => {
  test.setTimeout(60_000); // two accessibility checks
  await startGame(page, "difficulty=normal&timeLimit=300");
  // One live region, there from the start (a new one per answer would not be heard).
  await expect(page.locator(".game-play [aria-live=polite]")).toHaveCount(1);
  const feedback = page.getByTestId("feedback");

  // The feedback names the sum it is about, with its answer: that problem has left the screen (without JavaScript,
  // the next page shows the last answer's feedback).
  const missed = await currentProblem(page);
  const right = await answer(page, 1, { wrong: true });
  await expect(feedback).toHaveText("✗ Not quite");
  await expect(page.getByTestId("feedback-sum")).toHaveText(missed.replace("?", right));
  await expect(page.locator(".play-feedback-wrong")).toBeVisible();
  await expect(page.locator(".game-play [aria-live=polite]")).toHaveCount(1);
  await expectAccessible(page, { allowTimedRefresh: true });

  await answer(page, 2);
  await expect(feedback).toHaveText("✓ Correct!");
  await expect(page.locator(".play-feedback-correct")).toBeVisible();
  await expect(page.getByTestId("score")).toHaveText("Score: 1");
  await expectAccessible(page, { allowTimedRefresh: true });
  // A right answer's words go after a moment; nothing waits for them.
  await expect
    .poll(() => page.locator(".play-feedback-text").evaluate((el) => getComputedStyle(el).opacity), { timeout: 4000 })
    .toBe("0");
});

test("a miss's words stay until the next answer @js-only", async ({ page }) => {
  await startGame(page, "difficulty=normal&timeLimit=300");
  await answer(page, 1, { wrong: true });
  // Every animation on the words run to its end at once (a right answer's would hide them): they are still there.
  const words = page.locator(".play-feedback-text");
  await words.evaluate((el) => el.getAnimations().forEach((animation) => animation.finish()));
  expect(await words.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
});

test("subtraction shows the minus sign U+2212, never a hyphen", async ({ page }) => {
  // Hard subtraction is stacked (two-digit numbers); normal is on one line.
  await startGame(page, "difficulty=hard&operations=subtract&timeLimit=300");
  await expect(page.locator(".problem-symbol")).toHaveText(MINUS);
  expect(await currentProblem(page)).toContain(` ${MINUS} `);
  await startGame(page, "difficulty=normal&operations=subtract&timeLimit=300");
  const line = page.locator(".problem-inline");
  await expect(line).toContainText(` ${MINUS} `);
  expect(await line.textContent()).not.toContain("-");
  await expect(page.getByTestId("problem")).toContainText("minus"); // what a screen reader hears
});

test("division is written on one line", async ({ page }) => {
  await startGame(page, "difficulty=extreme&operations=divide&timeLimit=300");
  for (let i = 1; i <= 5; i++) {
    await expect(page.locator(".problem-inline")).toContainText(" ÷ ");
    await expect(page.locator(".problem-vertical")).toHaveCount(0);
    await answer(page, i);
  }
});

test("the results table shows the minus sign too @js-only", async ({ page }) => {
  await page.clock.install();
  await startGame(page, "difficulty=normal&operations=subtract&timeLimit=30");
  await answer(page, 1);
  await page.clock.fastForward(31_000);
  await page.getByRole("link", { name: "View Your Results" }).click();
  const question = page.locator(".answers-table tbody td").first();
  await expect(question).toContainText(` ${MINUS} `);
  expect(await question.textContent()).not.toContain("-");
});

test("a game of whole numbers has no decimal key, and the pad keeps its shape", async ({ page }) => {
  await startGame(page, "difficulty=normal&timeLimit=300");
  const pad = page.getByRole("group", { name: "Number pad" });
  await expect(pad.getByRole("button", { name: "Decimal point" })).toHaveCount(0);
  await expect(pad.getByRole("button")).toHaveCount(11);
  // 0 stays in the middle of the bottom row, under 2.
  const two = await box(pad.getByRole("button", { name: "2", exact: true }));
  const zero = await box(pad.getByRole("button", { name: "0", exact: true }));
  expect(zero.x).toBe(two.x);
});

test("the money challenge's pad has a decimal key @js-only", async ({ page }) => {
  // Whatever today's challenge is, the island is handed Money Matters (its answers are pounds and pence).
  await page.route(/\/game\/start\?mode=daily/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { run: { spec: unknown } };
    body.run.spec = { mode: "daily", challengeId: "money-matters" };
    await route.fulfill({ response, json: body });
  });
  await page.goto("/daily-challenge");
  await page.getByRole("button", { name: "Start Challenge" }).click();
  await expect(page.getByTestId("problem")).toHaveAttribute("data-problem", /^£/);
  const pad = page.getByRole("group", { name: "Number pad" });
  await expect(pad.getByRole("button", { name: "Decimal point" })).toBeVisible();
  await expect(page.getByLabel("Your answer")).toHaveAttribute("inputmode", "decimal");
});

test("the timer is a styled bar that turns urgent in the last 10 seconds @js-only", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.clock.install();
  await startGame(page, "timeLimit=30");
  const timer = page.locator(".timer");
  await expect(page.locator(".game-play progress")).toHaveCount(0);
  await expect(page.locator(".timer-bar")).toBeVisible();
  await expect(timer).not.toHaveClass(/timer-low/);
  await page.clock.fastForward(21_000);
  await expect(timer).toHaveClass(/timer-low/);
  const value = page.getByTestId("time-left");
  await expect(value).toHaveText(/^0:(0\d|10)$/);
  expect(await value.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(179, 38, 30)");
  expect(await value.evaluate((el) => getComputedStyle(el).animationName)).toBe("timer-pulse");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await value.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
});

test("the start dialog shows what is chosen at a glance and what each difficulty holds", async ({ page }) => {
  await page.goto("/game");
  await expect(page.getByRole("radio", { name: /^Normal/ })).toHaveAccessibleName(
    "Normal Numbers 1 to 9, times tables to 12 × 12",
  );
  await expect(page.getByRole("radio", { name: /^Hard/ })).toHaveAccessibleName(
    "Hard Numbers 10 to 99, times tables to 15 × 15",
  );
  const face = (name: string) => page.locator("label.choice-card").filter({ hasText: name }).locator(".choice-face");
  // Chosen: a tick and a coloured border; not chosen: neither.
  await expect(face("Normal").locator(".choice-check")).toBeVisible();
  await expect(face("Hard").locator(".choice-check")).toBeHidden();
  const border = (name: string) => face(name).evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(await border("Normal")).not.toBe(await border("Hard"));
  await expectAccessible(page);
  if (jsOff()) {
    await page.getByRole("radio", { name: /^Hard/ }).check();
    // Without JavaScript too (CSS :checked alone): the tick moves with the choice.
    await expect(face("Hard").locator(".choice-check")).toBeVisible();
    await expect(face("Normal").locator(".choice-check")).toBeHidden();
  }
});

test("operations can be chosen; none chosen is refused next to the boxes", async ({ page }) => {
  test.setTimeout(60_000); // two accessibility checks
  await page.goto("/game");
  const operations = page.getByRole("group", { name: "Operations" });
  await expect(operations.getByRole("checkbox", { checked: true })).toHaveCount(4);
  await page.getByRole("radio", { name: /^Hard/ }).check();
  for (const box of await operations.getByRole("checkbox").all()) await box.uncheck();
  await page.getByRole("button", { name: "Start Game" }).click();

  const message = "Choose at least one of add, subtract, multiply and divide.";
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link")).toHaveText([message]);
  await expect(page.locator("#start-operations-error")).toHaveText(message);
  await expect(operations).toHaveAttribute("aria-describedby", "start-operations-error");
  // None ticked stays none ticked; the other choices stay as chosen.
  await expect(operations.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /^Hard/ })).toBeChecked();
  await expectAccessible(page);
  await summary.getByRole("link").click();
  await expect(operations.getByRole("checkbox", { name: "Add" })).toBeFocused();

  await operations.getByRole("checkbox", { name: "Multiply" }).check();
  await page.getByRole("button", { name: "Start Game" }).click();
  await expect(page.getByLabel("Your answer")).toBeVisible();
  for (let i = 1; i <= 3; i++) {
    expect(await currentProblem(page)).toContain(" × ");
    await answer(page, i);
  }
  await expectAccessible(page, { allowTimedRefresh: true });
});

test("a visitor's last settings are chosen again on the next visit", async ({ page }) => {
  await page.goto("/game");
  await page.getByRole("radio", { name: /^Extreme/ }).check();
  await page.getByRole("radio", { name: "2m" }).check();
  const operations = page.getByRole("group", { name: "Operations" });
  await operations.getByRole("checkbox", { name: "Subtract" }).uncheck();
  await operations.getByRole("checkbox", { name: "Divide" }).uncheck();
  await page.getByRole("button", { name: "Start Game" }).click();
  await expect(page.getByLabel("Your answer")).toBeVisible();

  await page.goto("/");
  await page.goto("/game");
  await expect(page.getByRole("radio", { name: /^Extreme/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: "2m" })).toBeChecked();
  await expect(operations.getByRole("checkbox", { checked: true })).toHaveCount(2);
  await expect(operations.getByRole("checkbox", { name: "Add" })).toBeChecked();
  await expect(operations.getByRole("checkbox", { name: "Multiply" })).toBeChecked();
  // A link's own settings still come first.
  await page.goto("/game?difficulty=hard");
  await expect(page.getByRole("radio", { name: /^Hard/ })).toBeChecked();
  await expect(operations.getByRole("checkbox", { checked: true })).toHaveCount(4);
});

test("sound is off until turned on, then plays with each answer and is remembered on this device @js-only", async ({
  page,
}) => {
  // Count the tones the game asks the browser for (Web Audio: nothing is downloaded).
  await page.addInitScript(() => {
    const counted = window as unknown as { tones: number };
    counted.tones = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.tones += 1;
      return original.call(this);
    };
  });
  const tones = () => page.evaluate(() => (window as unknown as { tones: number }).tones);
  await startGame(page, "difficulty=normal&timeLimit=60");
  const sound = page.getByRole("checkbox", { name: "Sound" });
  await expect(sound).not.toBeChecked();
  await answer(page, 1);
  expect(await tones()).toBe(0);

  await sound.check();
  await expect(page.getByLabel("Your answer")).toBeFocused();
  await answer(page, 2);
  await expect.poll(tones).toBeGreaterThan(0);
  await expectAccessible(page);

  // The next game on this device starts with sound on.
  await startGame(page, "difficulty=normal&timeLimit=60");
  await expect(page.getByRole("checkbox", { name: "Sound" })).toBeChecked();
});

test("a game the server refuses still shows the player their score and answers @js-only", async ({ page, context }) => {
  await page.clock.install();
  await startGame(page, "difficulty=normal&timeLimit=30");
  const pace = humanPace();
  await pace();
  await answer(page, 1);
  await pace();
  await answer(page, 2, { wrong: true });
  // The browser forgets who it is (its cookies cleared), so the finish is refused as someone else's game.
  await context.clearCookies();
  await page.clock.fastForward(31_000);
  await expect(page.getByRole("heading", { name: "Failed to save score" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("started by another player");
  await expect(page.getByText("This score was not saved, but here is how you did.")).toBeVisible();
  await expect(page.getByTestId("unsaved-score")).toHaveText("1");
  await expect(page.getByTestId("unsaved-total")).toHaveText("2");
  await expect(page.getByTestId("unsaved-accuracy")).toHaveText("50%");
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(2);
  await expectAccessible(page);
});
