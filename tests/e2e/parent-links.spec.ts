import { expect, test, type Locator, type Page } from "@playwright/test";
import { flash, newBrowser } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { addGames } from "./helpers/games";
import { makeSchool } from "./helpers/school";

/*
 * Parent links (docs/product.md#parents), with JavaScript and without: a teacher gives a pupil's parents a link
 * (a confirmation step, then the printable letter with the link and its QR code); the link opens signed out, in a
 * browser of its own, on the pupil's progress and heat map, with no cookie; the teacher stops it, and then it is
 * the 404 that says to ask the teacher.
 */

const card = (page: Page, name: string): Locator =>
  page.getByTestId("student-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a teacher gives a parent link, the parent opens it signed out, the teacher stops it", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const school = makeSchool();
  const klass = school.classes[0]!;
  const ada = klass.students[0]!;
  const problem = (a: number, b: number, isCorrect: boolean) => ({
    problem: `${a} × ${b} = ?`,
    correctAnswer: a * b,
    isCorrect,
  });
  addGames([
    { studentId: ada.id, accuracy: 60, daysAgo: 2, answers: [problem(7, 8, false), problem(3, 4, true)] },
    { studentId: ada.id, accuracy: 90, daysAgo: 1 },
  ]);

  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
  await expect(card(page, "Ada").getByTestId("parent-link")).toContainText("No parent link");

  // Giving a link asks first; then the letter, ready to print.
  await card(page, "Ada").getByRole("link", { name: "Parent link for Ada" }).click();
  const step = page.getByTestId("confirm-step");
  await expect(step.getByRole("heading", { name: "Give Ada's parents a link?" })).toBeVisible();
  await expect(step).toContainText("If there is a link already, the old one stops working.");
  await step.getByRole("button", { name: "Yes, give a link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Parent letters: ${klass.name}`);
  await expect(flash(page)).toContainText("Parent link given to Ada");
  const letter = page.getByTestId("parent-letter");
  await expect(letter).toHaveCount(1);
  await expect(letter.getByRole("heading", { name: "See how Ada is doing at maths" })).toBeVisible();
  await expect(letter).toContainText(`${school.school.name} · ${klass.name}`);
  await expect(letter.getByRole("img", { name: "QR code of the parent link" })).toBeVisible();
  const link = (await letter.getByTestId("parent-link-address").textContent())!.trim();
  expect(link).toMatch(/\/parent\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);

  // The parent: a browser of its own, signed out. The page names only Ada and her class, and sets no cookie.
  const parentContext = await newBrowser(browser);
  const parent = await parentContext.newPage();
  const opened = await parent.goto(link);
  expect(opened?.status()).toBe(200);
  const headers = await opened!.allHeaders();
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["set-cookie"]).toBeUndefined();
  await expect(parent.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  // Neither the title nor the canonical address carries the name or the token.
  await expect(parent).toHaveTitle(/^Your child's progress/);
  await expect(parent.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/parent$/);
  await expect(parent.getByRole("heading", { level: 1 })).toHaveText("How Ada is doing");
  await expect(parent.getByText(`Ada is in ${klass.name}.`)).toBeVisible();
  await expect(parent.getByText("Games Played")).toBeVisible();
  // Spoken to the parent about Ada, never "your" as if to the child.
  await expect(parent.getByRole("region", { name: "Ada's numbers" })).toBeVisible();
  await expect(parent.getByRole("heading", { name: "Ada's next goal" })).toBeVisible();
  await expect(parent.getByTestId("streak")).not.toContainText(/\byou/i);
  await expect(parent.getByTestId("improvement")).not.toContainText(/\byou/i);
  await expect(parent.getByText(school.school.name)).toHaveCount(0);
  await expect(parent.getByRole("heading", { name: "Set work" })).toBeVisible();
  const map = parent.getByRole("region", { name: "Ada's facts: Times tables" });
  await expect(map.getByRole("cell", { name: "7 × 8: needs practice", exact: true })).toBeVisible();
  await expect(map.getByRole("cell", { name: "3 × 4: quick", exact: true })).toBeVisible();
  await expect(parent.locator('a[href^="/teacher"], a[href^="/student"]')).toHaveCount(0);
  expect(await parentContext.cookies()).toEqual([]);
  await expectAccessible(parent);

  // The teacher stops it (asked first); from then on the link is the 404.
  await page.goto(`/teacher-dashboard?class=${klass.id}`);
  await expect(card(page, "Ada").getByTestId("parent-link")).toContainText(/Parent link given .+, works until .+/);
  await card(page, "Ada").getByRole("link", { name: "Stop parent link for Ada" }).click();
  await expect(step.getByRole("heading", { name: "Stop Ada's parent link?" })).toBeVisible();
  await step.getByRole("button", { name: "Yes, stop the link" }).click();
  await expect(flash(page)).toContainText("Parent link stopped for Ada");
  await expect(card(page, "Ada").getByTestId("parent-link")).toContainText("No parent link");

  const gone = await parent.goto(link);
  expect(gone?.status()).toBe(404);
  expect((await gone!.allHeaders())["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(
    parent.getByText("This link no longer works. Please ask your child's teacher for a new one."),
  ).toBeVisible();
  await parentContext.close();
});
