import crypto from "node:crypto";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { closeTestContexts } from "./helpers/contexts";
import { humanPace } from "./helpers/pace";
import { playScreenOffScreen } from "./helpers/play-screen";
import { makeSchool } from "./helpers/school";
import { solve } from "./helpers/solve";
import { reloadSettled } from "./helpers/navigation";

/*
 * A pupil's phone is a real controller (docs/product.md#live-game, issue 44): on a touch phone upright (320 × 568,
 * 360 × 640, 390 × 844) the live player's screen is the solo game's play screen: the sum, the timer, the feedback
 * naming the last sum, the answer field asking for no system keyboard, and the whole number pad, all on one screen.
 * A PC gets the same pad (decision 0087: every device the same input). Without JavaScript the pad's keys are submit
 * buttons and the timer steps down by CSS, as the solo game's do.
 */

test.describe.configure({ timeout: 120_000 });
// The game runs for a minute: its devices must not go on playing beside the next tests.
test.afterEach(closeTestContexts);

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

const PHONES = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];

async function logIn(page: Page, path: string, code: string) {
  await page.goto(path);
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** A pupil on their own device (a touch phone of the size given, or a PC) joins the game with one tap. */
async function pupilJoins(
  browser: Browser,
  code: string,
  pupil: { name: string; code: string },
  phone: { width: number; height: number } | null,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: jsOn(),
    ...(phone
      ? { viewport: phone, hasTouch: true, isMobile: true, userAgent: devices["Pixel 5"].userAgent }
      : { viewport: { width: 1366, height: 768 } }),
  });
  const page = await context.newPage();
  await logIn(page, "/student-login", pupil.code);
  await expect(page).toHaveURL(/student-game/);
  await page.goto(`/live?code=${code}`);
  await page.getByRole("button", { name: `Join as ${pupil.name}` }).click();
  await expect(page.getByTestId("my-name")).toBeVisible();
  return page;
}

/** Taps (or clicks) the answer on the pad, then Enter. */
async function answerOnPad(page: Page, answer: string, touch: boolean) {
  const pad = page.getByRole("group", { name: "Number pad" });
  for (const digit of answer) {
    const key = pad.getByRole("button", { name: digit, exact: true });
    if (touch) await key.tap();
    else await key.click();
    if (!jsOn()) await page.waitForLoadState("load");
  }
  await expect(page.getByLabel("Your answer")).toHaveValue(answer);
  const enter = page.getByRole("button", { name: "Enter", exact: true });
  if (touch) await enter.tap();
  else await enter.click();
}

test("on every phone the live player has the sum, the timer, the pad and feedback on one screen", async ({
  browser,
  page: teacher,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const school = makeSchool([["Amara", "Bilal", "Chloe", "Dev"].map((name) => ({ name: `${name} ${tag}` }))]);
  const klass = school.classes[0]!;
  await logIn(teacher, "/teacher-login", school.teacher.code);
  await expect(teacher).toHaveURL(/teacher-dashboard/);
  await teacher.goto("/live/host");
  await teacher.getByLabel("Class", { exact: true }).selectOption({ label: klass.name });
  await teacher.getByLabel("How long").selectOption("60");
  await teacher.getByRole("button", { name: "Open the game" }).click();
  await expect(teacher).toHaveURL(/\/live\/\d{11}\/host$/);
  const code = /\/live\/(\d{11})\/host$/.exec(teacher.url())![1]!;

  // Each device logs in and joins on its own, at once, as a class does.
  const [pc, ...phones] = await Promise.all([
    pupilJoins(browser, code, klass.students[3]!, null),
    ...PHONES.map((size, k) => pupilJoins(browser, code, klass.students[k]!, size)),
  ]);
  // Without JavaScript the big screen shows the names as it loads.
  if (!jsOn()) await reloadSettled(teacher);
  await expect(teacher.getByTestId("race")).toContainText(klass.students[3]!.name.split(" ")[0]!);
  await teacher.getByRole("button", { name: "Start", exact: true }).click();

  // Each phone plays its own game at once, as the class does.
  const onEachPhone = phones.map(async (phone, k) => {
    const size = PHONES[k]!;
    await expect(phone.getByTestId("problem")).toBeVisible({ timeout: 20_000 });
    if (!jsOn()) await phone.waitForLoadState("load");
    // No system keyboard over the pad on a touch screen.
    await expect(phone.getByLabel("Your answer")).toHaveAttribute("inputmode", "none");
    await expect
      .poll(() => playScreenOffScreen(phone), { message: `the live play screen at ${size.width}x${size.height}` })
      .toEqual([]);
    const pace = humanPace();
    await pace();
    // A right answer: the feedback names the sum with its answer.
    const first = (await phone.getByTestId("problem").getAttribute("data-problem"))!;
    await answerOnPad(phone, solve(first), true);
    await expect(phone.getByTestId("feedback-sum")).toHaveText(first.replace("?", solve(first)));
    await expect(phone.getByTestId("feedback")).toHaveText("✓ Correct!");
    await expect(phone.getByTestId("score")).toHaveText("Score: 1");
    // A miss: named too, with its right answer.
    await pace();
    const problem = (await phone.getByTestId("problem").getAttribute("data-problem"))!;
    const wrong = String(Number(solve(problem)) + 1);
    await answerOnPad(phone, wrong, true);
    await expect(phone.getByTestId("feedback-sum")).toHaveText(problem.replace("?", solve(problem)));
    await expect(phone.getByTestId("feedback")).toHaveText("✗ Not quite");
    await expect(phone.getByTestId("score")).toHaveText("Score: 1");
    await expect
      .poll(() => playScreenOffScreen(phone), { message: `after answers at ${size.width}x${size.height}` })
      .toEqual([]);
    if (k === 0) await expectAccessible(phone, { allowTimedRefresh: true });
  });
  await Promise.all(onEachPhone);

  if (!jsOn()) {
    // Without JavaScript the digits still count down: CSS steps the reel of seconds on, a line a second.
    const reel = phones[0]!.locator(".timer-reel");
    const firstLine = await reel.evaluate((el) => getComputedStyle(el).transform);
    await expect.poll(() => reel.evaluate((el) => getComputedStyle(el).transform)).not.toBe(firstLine);
  } else {
    await expect(phones[0]!.getByTestId("time-left")).toHaveText(/^[01]:\d\d$/);
  }

  // The PC: the same pad, and its keyboard types into the same field (decision 0087).
  await expect(pc.getByTestId("problem")).toBeVisible({ timeout: 20_000 });
  await expect(pc.getByRole("group", { name: "Number pad" }).getByRole("button")).toHaveCount(11);
  await expect(pc.getByLabel("Your answer")).toHaveAttribute("inputmode", "numeric");
  const sum = (await pc.getByTestId("problem").getAttribute("data-problem"))!;
  await pc.getByLabel("Your answer").fill(solve(sum));
  await pc.getByLabel("Your answer").press("Enter");
  await expect(pc.getByTestId("feedback")).toHaveText("✓ Correct!");
  await expect(pc.getByTestId("feedback-sum")).toHaveText(sum.replace("?", solve(sum)));

  // The big screen counts what the server took from each device.
  const race = teacher.getByTestId("race");
  if (!jsOn()) await reloadSettled(teacher);
  await expect(race.locator("li").filter({ hasText: klass.students[0]!.name.split(" ")[0]! })).toContainText("1 right");
  await expect(race.locator("li").filter({ hasText: klass.students[3]!.name.split(" ")[0]! })).toContainText("1 right");
});
