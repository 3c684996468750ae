import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { errorSummary } from "./helpers/accounts";
import { makeSchool, type SchoolFixture } from "./helpers/school";

// The roster import (docs/product.md#roster-import), with JavaScript and without: 30 names pasted, the preview
// checked, imported in one step, the new pupils' codes listed and their login cards printed; a file that is not
// UTF-8 refused beside its field with nothing written.

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

async function logIn(page: Page, school: SchoolFixture) {
  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
}

test("a teacher pastes 30 names, checks the list, imports it and prints the cards", async ({ page }) => {
  test.setTimeout(60_000);
  const school = makeSchool();
  const klass = school.classes[0]!;
  await logIn(page, school);
  await page.getByRole("link", { name: "Import pupils" }).click();
  await expect(heading(page)).toHaveText(`Import pupils: ${klass.name}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expectAccessible(page);

  // 30 new names, Ada (already in the class) and a second Pupil 1: 30 to add, 2 left out with why.
  const names = Array.from({ length: 30 }, (_, i) => `Pupil ${i + 1}`);
  await page.getByLabel("Names, one a line").fill([...names, "Ada", "pupil 1"].join("\n"));
  await page.getByRole("button", { name: "Check the list" }).click();
  await expect(page.getByTestId("roster-summary")).toHaveText(
    "30 pupils will be added. 2 rows are left out: see why below. Nothing is saved until you press Import.",
  );
  const table = page.getByRole("region", { name: "The list, row by row" });
  await expect(table.getByRole("row").filter({ hasText: "Ada" })).toContainText("Left out: Already in this class.");
  await expect(table.getByRole("row").filter({ hasText: "pupil 1" }).last()).toContainText(
    "Left out: The same name as row 1.",
  );
  await expect(table.getByRole("row").filter({ hasText: "Pupil 30" })).toContainText("Addition · All tables · Normal");
  // The list stays in the form to change it.
  await expect(page.getByLabel("Names, one a line")).toHaveValue(/^Pupil 1\n/);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Import 30 pupils" }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard\/import\?class=[^&]+&imported=\d+$/);
  await expect(page.getByRole("heading", { name: "30 pupils added" })).toBeVisible();
  const added = page.getByRole("region", { name: `Pupils added to ${klass.name}` }).getByRole("row");
  await expect(added).toHaveCount(31);
  await expect(added.filter({ hasText: "Pupil 17" }).getByRole("cell").nth(1)).toHaveText(/^[1-9]\d{7}$/);
  await expectAccessible(page);

  await page.getByRole("link", { name: `Print login cards for ${klass.name}` }).click();
  await expect(heading(page)).toHaveText(`Login cards: ${klass.name}`);
  await expect(page.getByTestId("login-card")).toHaveCount(32);
});

test("a file that is not UTF-8 is refused beside its field, and nothing is written", async ({ page }) => {
  const school = makeSchool();
  const klass = school.classes[0]!;
  await logIn(page, school);
  await page.goto(`/teacher-dashboard/import?class=${klass.id}`);
  await page.getByLabel("Or a CSV file").setInputFiles({
    name: "pupils.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name\nZo\xeb\n", "latin1"),
  });
  await page.getByRole("button", { name: "Check the list" }).click();
  const message = "This file is not plain text in UTF-8. In your spreadsheet, save it as “CSV UTF-8” and try again.";
  await expect(errorSummary(page)).toContainText(message);
  await expect(page.locator("#roster-file-error")).toContainText(message);
  await expectAccessible(page);
  await page.goto(`/teacher-dashboard?class=${klass.id}`);
  await expect(page.getByTestId("student-card")).toHaveCount(2);
});

test("a header line is shown as such, and a class column puts rows in the teacher's own classes", async ({ page }) => {
  test.setTimeout(60_000);
  const school = makeSchool([[{ name: "Ada" }], [{ name: "Ben" }]]);
  const [first, second] = [school.classes[0]!, school.classes[1]!];
  await logIn(page, school);
  await page.goto(`/teacher-dashboard/import?class=${first.id}`);
  await page
    .getByLabel("Names, one a line")
    .fill(["Pupil name,Class", `Cara New,${second.name}`, "Dev New,", "Eli New,Nowhere"].join("\n"));
  await page.getByRole("button", { name: "Check the list" }).click();
  await expect(page.getByTestId("roster-summary")).toHaveText(
    "2 pupils will be added. 1 row is left out: see why below. Nothing is saved until you press Import.",
  );
  const table = page.getByRole("region", { name: "The list, row by row" });
  // The header line is shown, and says why it is not a pupil.
  await expect(page.getByTestId("roster-header-row")).toContainText("Pupil name,Class");
  await expect(page.getByTestId("roster-header-row")).toContainText("Names the columns, so it is not a pupil.");
  await expect(table.getByRole("row").filter({ hasText: "Cara New" })).toContainText(second.name);
  await expect(table.getByRole("row").filter({ hasText: "Eli New" })).toContainText(
    "Left out: No class called “Nowhere” in this school.",
  );
  await expectAccessible(page);

  await page.getByRole("button", { name: "Import 2 pupils" }).click();
  await expect(page.getByRole("heading", { name: "2 pupils added" })).toBeVisible();
  await expect(page.getByRole("region", { name: `Pupils added to ${second.name}` })).toContainText("Cara New");
  await expect(page.getByRole("region", { name: `Pupils added to ${first.name}` })).toContainText("Dev New");
  await expectAccessible(page);
});
