import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { humanPace } from "./helpers/pace";
import { makeSchool } from "./helpers/school";
import { solve } from "./helpers/solve";

/*
 * Feedback a child reads once (docs/product.md#student-game): after a miss, the sum as it was asked and then the
 * brief's words with its answer, on one line about that sum; the answer is said once. A right answer's line has the
 * sum with its answer and then its words.
 */

test.describe.configure({ timeout: 60_000 });

async function answer(page: Page, pace: () => Promise<void>, wrong: boolean) {
  const problem = (await page.getByTestId("problem").getAttribute("data-problem"))!;
  const right = solve(problem);
  await pace();
  await page.getByLabel("Your answer").fill(wrong ? `${right}1` : right);
  await page.getByLabel("Your answer").press("Enter");
  return { problem, right };
}

/** The sum and the first line of the words sit on one line: their first boxes share a top. */
async function expectOneLine(page: Page) {
  const tops = await page.locator(".play-feedback-text").evaluate((box) => {
    const first = (selector: string) => box.querySelector(selector)!.getClientRects()[0]!.top;
    return [first('[data-testid="feedback-sum"]'), first('[data-testid="feedback"]')];
  });
  expect(Math.abs(tops[0]! - tops[1]!)).toBeLessThan(2);
}

for (const size of [
  { width: 320, height: 568 },
  { width: 1366, height: 768 },
]) {
  test(`a pupil's feedback is one line about the sum answered, at ${size.width} × ${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const name = `Line${crypto.randomBytes(3).toString("hex")}`;
    const school = makeSchool([[{ name, allowedOperations: ["multiplication"], timesTables: ["7"] }]]);
    await page.goto("/student-login");
    await page.getByLabel("Login code", { exact: true }).fill(school.classes[0]!.students[0]!.code);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByRole("link", { name: /Start Math Game/ }).click();
    await page.getByRole("button", { name: "Let’s go!" }).click();
    const pace = humanPace();

    const missed = await answer(page, pace, true);
    const words = `Try again! 💪 The answer was ${missed.right}`;
    await expect(page.getByTestId("feedback")).toHaveText(words);
    // The sum as it was asked, then the words: its answer is said once.
    await expect(page.getByTestId("feedback-sum")).toHaveText(missed.problem);
    await expect(page.locator(".play-feedback-text")).toHaveText(`Question 1: ${missed.problem} ${words}`);
    await expectOneLine(page);
    await expectAccessible(page, { allowTimedRefresh: true });

    const hit = await answer(page, pace, false);
    await expect(page.getByTestId("feedback")).toHaveText("Correct! 🎉 Well done!");
    await expect(page.getByTestId("feedback-sum")).toHaveText(hit.problem.replace("?", hit.right));
    await expectOneLine(page);
  });
}
