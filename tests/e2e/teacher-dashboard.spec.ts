import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { errorSummary, flash } from "./helpers/accounts";
import { addGames } from "./helpers/games";
import { makeSchool, type SchoolFixture } from "./helpers/school";

// The teacher dashboard (docs/product.md#teachers), with JavaScript and without: students added, edited, given a
// new code and deleted; the login cards, the class overview and the results download; nobody else's class.

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const flashTitle = (page: Page) => flash(page).locator(".flash-title");
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function logIn(page: Page, school: SchoolFixture) {
  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
  await expect(heading(page)).toHaveText("Teacher Dashboard");
}

const card = (page: Page, name: string): Locator =>
  page.getByTestId("student-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

const addForm = (page: Page) => page.getByRole("region", { name: "Add a student" });

/** The code in a message such as 'Student created with login code 12345678'. */
async function codeIn(locator: Locator, pattern: RegExp): Promise<string> {
  await expect(locator).toHaveText(pattern);
  return /(\d{8})/.exec((await locator.textContent()) ?? "")![1]!;
}

test("a teacher adds a student, edits them, gives a new code; every form keeps its input", async ({ page }) => {
  test.setTimeout(60_000);
  const school = makeSchool();
  await logIn(page, school);
  await expect(flash(page)).toContainText(`Welcome, ${school.teacher.name}!`);
  await expect(page.getByTestId("teacher-who")).toHaveText(`${school.teacher.name} · ${school.school.name}`);
  // The site's header knows the teacher is logged in: their link back says who, and there is no members' Login,
  // here or elsewhere (their Logout is on their own pages).
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "My classes" })).toHaveAttribute("aria-current", "page");
  await expect(banner.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(1);
  await page.goto("/leaderboard");
  await expect(banner.getByRole("link", { name: "My classes" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  await page.goto("/teacher-dashboard");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.getByRole("heading", { name: `Students in ${school.classes[0]!.name}` })).toBeVisible();
  await expect(card(page, "Ada")).toContainText("No games yet");

  // Nothing typed and no operation: with JavaScript the button waits for an operation; the server says so too.
  const form = addForm(page);
  const addButton = form.getByRole("button", { name: "Add Student" });
  await expect(form.getByLabel("Addition (+)")).toBeChecked();
  await expect(form.getByLabel("Normal")).toBeChecked();
  await form.getByLabel("Addition (+)").uncheck();
  if (jsOn()) {
    await expect(addButton).toBeDisabled();
    await form.getByLabel("Subtraction (−)").check();
    await expect(addButton).toBeEnabled();
    await addButton.click();
    await expect(errorSummary(page)).toContainText("Enter the student's name");
    await expect(errorSummary(page)).not.toContainText("Choose at least one operation");
  } else {
    await addButton.click();
    await expect(errorSummary(page)).toContainText("Enter the student's name");
    await expect(errorSummary(page)).toContainText("Choose at least one operation");
    await expect(addForm(page).getByLabel("Addition (+)")).not.toBeChecked();
    await addForm(page).getByLabel("Subtraction (−)").check();
  }
  await expectAccessible(page);

  // A name, tables 5 and 7, Medium: added with a code of its own.
  await addForm(page).getByLabel("Student's name").fill("  Zoë Test  ");
  await addForm(page).getByLabel("5 times table").check();
  await addForm(page).getByLabel("7 times table").check();
  await addForm(page).getByLabel("Medium").check();
  await addForm(page).getByRole("button", { name: "Add Student" }).click();
  const code = await codeIn(flashTitle(page), /^Student created with login code \d{8}$/);
  const zoe = card(page, "Zoë Test");
  await expect(zoe.getByTestId("login-code")).toHaveText(code);
  await expect(zoe).toContainText("Medium");
  await expect(zoe).toContainText("Subtraction (−)");
  await expect(zoe).toContainText("5, 7");
  await expect(addForm(page).getByLabel("Student's name")).toHaveValue("");

  // Edit: no name is the brief's Validation Error; the input stays; then a new name is saved.
  await zoe.getByRole("link", { name: "Edit Zoë Test" }).click();
  await expect(page).toHaveURL(/[?&]edit=/);
  const editName = zoe.getByLabel("Student's name");
  await expect(editName).toHaveValue("Zoë Test");
  await editName.fill(" ");
  await zoe.getByLabel("Hard").check();
  await zoe.getByRole("button", { name: "Save" }).click();
  await expect(zoe.getByRole("alert")).toContainText(
    "Validation Error: Name is required and at least one operation must be selected",
  );
  await expect(zoe.getByRole("alert")).toContainText("Enter the student's name");
  await expect(zoe.getByLabel("Hard")).toBeChecked();
  await expectAccessible(page);
  await zoe.getByLabel("Student's name").fill("Zoë Renamed");
  await zoe.getByRole("button", { name: "Save" }).click();
  await expect(flashTitle(page)).toHaveText("Student information updated successfully");
  const renamed = card(page, "Zoë Renamed");
  await expect(renamed).toContainText("Hard");
  await expect(renamed.getByRole("button", { name: "Save" })).toHaveCount(0);

  // A new code asks first: Cancel changes nothing, Confirm replaces the code.
  await renamed.getByRole("link", { name: "New login code for Zoë Renamed" }).click();
  await expect(page).toHaveURL(/[?&]new-code=/);
  await expect(page.getByRole("heading", { name: "Give Zoë Renamed a new login code?" })).toBeVisible();
  await expect(page.getByText("so does their printed login card")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(card(page, "Zoë Renamed").getByTestId("login-code")).toHaveText(code);
  await card(page, "Zoë Renamed").getByRole("link", { name: "New login code for Zoë Renamed" }).click();
  await page.getByRole("button", { name: "Yes, give a new code" }).click();
  await expect(flashTitle(page)).toHaveText("Login code regenerated successfully");
  const fresh = await codeIn(flash(page).locator(".flash-description"), /^New login code: \d{8}$/);
  expect(fresh).not.toBe(code);
  await expect(card(page, "Zoë Renamed").getByTestId("login-code")).toHaveText(fresh);
});

const QUESTION = (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`;

test.describe("deleting a student without JavaScript @no-js", () => {
  test("asks on a page of its own; Cancel keeps the student, Delete removes them", async ({ page }) => {
    const school = makeSchool();
    await logIn(page, school);
    await card(page, "Ben").getByRole("link", { name: "Delete Ben" }).click();
    await expect(page).toHaveURL(/[?&]delete=/);
    await expect(page.getByText(QUESTION("Ben"))).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(card(page, "Ben")).toBeVisible();
    await card(page, "Ben").getByRole("link", { name: "Delete Ben" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(flashTitle(page)).toHaveText("Student deleted successfully");
    await expect(card(page, "Ben")).toHaveCount(0);
    await expect(card(page, "Ada")).toBeVisible();
  });
});

test.describe("deleting a student with JavaScript @js-only", () => {
  test("asks in the browser's dialog; dismissed keeps the student, accepted removes them", async ({ page }) => {
    const school = makeSchool();
    await logIn(page, school);
    const messages: string[] = [];
    page.once("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await card(page, "Ben").getByRole("button", { name: "Delete Ben" }).click();
    await expect.poll(() => messages).toEqual([QUESTION("Ben")]);
    await expect(card(page, "Ben")).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await card(page, "Ben").getByRole("button", { name: "Delete Ben" }).click();
    await expect(flashTitle(page)).toHaveText("Student deleted successfully");
    await expect(card(page, "Ben")).toHaveCount(0);
  });
});

test("login cards, the class overview and the results download", async ({ page }) => {
  test.setTimeout(60_000);
  const school = makeSchool([[{ name: "Ada" }, { name: "Ben" }, { name: '=Cy, "the" one' }]]);
  const [klass] = school.classes;
  const [ada, ben] = klass!.students;
  addGames([
    { studentId: ada!.id, accuracy: 40, daysAgo: 20 },
    { studentId: ada!.id, accuracy: 50, daysAgo: 15 },
    { studentId: ada!.id, accuracy: 80, daysAgo: 3 },
    { studentId: ada!.id, accuracy: 90, daysAgo: 1 },
    { studentId: ben!.id, accuracy: 55, daysAgo: 2 },
  ]);
  await logIn(page, school);
  const adaCard = card(page, "Ada");
  await expect(adaCard).toContainText("Average score: 65%");
  await expect(adaCard).toContainText("Getting there");
  await expect(adaCard.getByRole("listitem")).toHaveCount(4);
  await expect(card(page, "Ben")).toContainText("Needs help");

  // The cards: the site's name, each student's code, their card's own short address to type and its QR code.
  await page.getByRole("link", { name: "Print login cards" }).click();
  await expect(heading(page)).toHaveText(`Login cards: ${klass!.name}`);
  const cards = page.getByTestId("login-card");
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: "Ada" }).getByTestId("card-code")).toHaveText(ada!.code);
  await expect(cards.first()).toContainText("Maths Sprint");
  const address = cards.filter({ hasText: "Ada" }).getByTestId("card-address");
  await expect(address).toHaveText(new RegExp(`^localhost:\\d+/c/${ada!.cardKey}$`));
  const typed = (await address.textContent())!;
  await expect(page.getByTestId("class-link")).toHaveText(
    new RegExp(`^http://localhost:\\d+/student-login/${klass!.loginKey}$`),
  );
  await expect(cards.first().getByRole("img", { name: "QR code of the login card's address" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toHaveCount(jsOn() ? 1 : 0);
  await expect(page.getByText("You can also use your browser's Print command")).toBeVisible();
  await expectAccessible(page);
  // Printed, only the cards show: no header, no instructions.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.getByText("You can also use your browser's Print command")).toBeHidden();
  await expect(cards.first()).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: "Back to the dashboard" }).click();

  // The overview: every student, sortable by links.
  await page.getByRole("link", { name: "Class overview" }).click();
  await expect(heading(page)).toHaveText(`Class overview: ${klass!.name}`);
  const rows = page.getByTestId("overview-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Ada" })).toContainText("Improving: up 40 points");
  await expect(rows.filter({ hasText: "Ben" })).toContainText("Not enough games yet");
  await expectAccessible(page);
  await page.getByRole("link", { name: /^Average score/ }).click();
  await expect(page).toHaveURL(/sort=average&dir=asc/);
  await expect(page.getByRole("columnheader", { name: /Average score/ })).toHaveAttribute("aria-sort", "ascending");
  // No games first, then lowest first.
  await expect(rows.locator("th")).toHaveText(['=Cy, "the" one', "Ben", "Ada"]);
  await page.getByRole("link", { name: /^Average score/ }).click();
  await expect(page).toHaveURL(/sort=average&dir=desc/);
  await expect(rows.locator("th")).toHaveText(['=Cy, "the" one', "Ada", "Ben"]);
  await page.getByRole("link", { name: "Back to the dashboard" }).click();

  // The download: a CSV with a byte-order mark, the names quoted, formulas neutralised.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download results (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^class-1-[0-9a-f]+-results-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split("\r\n");
  expect(lines[0]).toBe("Student,Completed (UK time),Score,Questions,Accuracy (%),Time taken (s)");
  expect(lines.filter((l) => l.startsWith("Ada,"))).toHaveLength(4);
  expect(lines.filter((l) => l.startsWith("Ben,"))).toEqual([
    expect.stringMatching(/^Ben,\d{4}-\d\d-\d\d \d\d:\d\d,6,10,55,60$/),
  ]);

  // A pupil types their card's short address: its login page, where their code logs them in.
  await page.goto(`http://${typed}`);
  await expect(page).toHaveURL(new RegExp(`/c/${ada!.cardKey}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Login");
  await page.getByLabel("Login code", { exact: true }).fill(ada!.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/student-game$/);
});

test("another teacher's class is not found; logout ends the session", async ({ page }) => {
  const mine = makeSchool();
  const theirs = makeSchool();
  await logIn(page, mine);
  for (const path of [
    `/teacher-dashboard?class=${theirs.classes[0]!.id}`,
    `/teacher-dashboard/cards?class=${theirs.classes[0]!.id}`,
    `/teacher-dashboard/overview?class=${theirs.classes[0]!.id}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(heading(page)).toHaveText("Not found");
    await expect(page.getByText("This class is not one of your classes.")).toBeVisible();
    await expect(page.getByText(theirs.classes[0]!.students[0]!.name)).toHaveCount(0);
  }
  await expectAccessible(page);
  const csv = await page.request.get(`/teacher-dashboard/export?class=${theirs.classes[0]!.id}`);
  expect(csv.status()).toBe(404);

  await page.goto("/teacher-dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/teacher-login$/);
  await page.goto("/teacher-dashboard");
  await expect(page).toHaveURL(/\/teacher-login$/);
});

/** A name of the longest kind a student may have (60 characters). */
const LONGEST_NAME = "Maximiliana Wolfeschlegelsteinhausen-Bergerdorff Montgomerie";

test("the dashboard and the cards fit a 320-pixel-wide phone; printed, a card keeps its address and code", async ({
  page,
}) => {
  expect(LONGEST_NAME).toHaveLength(60);
  const school = makeSchool([[{ name: LONGEST_NAME }, { name: "Ben" }]]);
  await page.setViewportSize({ width: 320, height: 640 });
  await logIn(page, school);
  // Polled: the layout is measured once it has settled (a full run once caught a page 43 px wide for a moment).
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect.poll(overflow, { message: "the dashboard at 320 px" }).toBeLessThanOrEqual(0);
  await page.getByRole("link", { name: "Print login cards" }).click();
  await expect.poll(overflow, { message: "the login cards at 320 px" }).toBeLessThanOrEqual(0);
  // Printed, the longest name still leaves the address and the code whole inside the card.
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: 794, height: 1123 });
  const longest = page.getByTestId("login-card").filter({ hasText: LONGEST_NAME });
  const box = (await longest.boundingBox())!;
  for (const part of [longest.getByTestId("card-address"), longest.getByTestId("card-code")]) {
    const inner = (await part.boundingBox())!;
    expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height);
    expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
  }
});
