import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { missingGlyphs } from "./helpers/glyphs";
import { humanPace } from "./helpers/pace";
import { makeSchool } from "./helpers/school";
import { solve } from "./helpers/solve";

/*
 * No empty boxes on a pupil's pages (docs/product.md#icons): this machine's browser has no emoji font (as many
 * school computers), so every emoji of our texts must come from the site's own emoji font. Every page a pupil sees,
 * and every emoji the code's texts hold, is drawn and checked for a missing glyph.
 */

test.describe.configure({ timeout: 90_000 });

/** Every emoji in the code's own texts (app/), so one added later is checked too. */
function emojiOfOurTexts(): string {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const [char] of fs.readFileSync(file, "utf8").matchAll(/\p{Extended_Pictographic}/gu)) found.add(char!);
      }
    }
  };
  walk(path.resolve("app"));
  return [...found].join(" ");
}

async function expectNoBoxes(page: Page, extra = "") {
  expect(await missingGlyphs(page, extra), `missing glyphs on ${page.url()}`).toEqual([]);
}

async function answer(page: Page, pace: () => Promise<void>, wrong: boolean) {
  const problem = await page.getByTestId("problem").getAttribute("data-problem");
  const right = solve(problem!);
  await pace();
  await page.getByLabel("Your answer").fill(wrong ? `${right}1` : right);
  await page.getByLabel("Your answer").press("Enter");
  await expect(page.getByTestId("feedback")).toHaveText(
    wrong ? `Try again! 💪 The answer was ${right}` : "Correct! 🎉 Well done!",
  );
}

test("a pupil's pages show every emoji, without an emoji font on the computer", async ({ page }) => {
  const name = `Glyphs${crypto.randomBytes(3).toString("hex")}`;
  const school = makeSchool([[{ name, allowedOperations: ["addition"], difficulty: "easy" }]]);
  await page.goto("/student-login");
  await expectNoBoxes(page);
  await page.getByLabel("Login code", { exact: true }).fill(school.classes[0]!.students[0]!.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Hello, ${name}! 👋` })).toBeVisible();
  await expectNoBoxes(page);

  await page.getByRole("link", { name: /Start Math Game/ }).click();
  await expect(page.getByRole("dialog", { name: /Ready\?/ })).toBeVisible();
  await expectNoBoxes(page);
  await page.getByRole("button", { name: "Let’s go!" }).click();
  const pace = humanPace();
  await answer(page, pace, false);
  await expectNoBoxes(page);
  await answer(page, pace, true);
  await expectNoBoxes(page);
  await expectAccessible(page, { allowTimedRefresh: true });

  await page.goto("/student-progress");
  await expect(page.getByRole("heading", { level: 1, name: /^My Progress/ })).toBeVisible();
  // The page's own, and every emoji our texts hold, in the page's font (the encouragements need many games).
  await expectNoBoxes(page, emojiOfOurTexts());

  for (const where of ["/student-game/practice", "/student-game/mtc"]) {
    await page.goto(where);
    await expectNoBoxes(page);
  }
});
