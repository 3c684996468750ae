import { expect, test, type Page } from "@playwright/test";
import { errorSummary, flash, newBrowser } from "./helpers/accounts";
import { logInAsAdmin } from "./helpers/admin";
import { expectAccessible } from "./helpers/axe";
import { makeSchool } from "./helpers/school";

// The new school year (docs/product.md#new-school-year), with JavaScript and without: an admin renames a class,
// gives it a new teacher, marks a pupil as leaving, checks the changes and starts the year; the leaver's code no
// longer logs in, another pupil's still does and their class has its new name.

async function pupilLogin(page: Page, path: string, code: string) {
  await page.goto(path);
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test("an admin moves a class up, with a new teacher and a leaver, and starts the new year", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const school = makeSchool([[{ name: "Ada" }, { name: "Ben" }]], { extraTeachers: 1 });
  const klass = school.classes[0]!;
  const [ada, ben] = klass.students;
  const newTeacher = school.otherTeachers[0]!;
  const newName = `Year 4 ${school.school.id.slice(0, 6)}`;

  await logInAsAdmin(page);
  await page.getByRole("link", { name: `New school year of ${school.school.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New school year: ${school.school.name}`);
  await expect(page.getByText("No pupil of this school is archived.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel(`New name of ${klass.name}`).fill(newName);
  await page.getByLabel(`Teacher of ${klass.name}`).selectOption({ label: newTeacher.name });
  await page.getByText(`Pupils who leave ${klass.name}`).click();
  await page.getByLabel("Ben leaves").check();
  await page.getByRole("button", { name: "Check the changes" }).click();

  const preview = page.getByTestId("new-year-preview");
  await expect(preview).toContainText("1 pupil will be archived. 1 pupil stays, with their codes and results.");
  await expect(preview).toContainText(`${klass.name} becomes ${newName}, with ${newTeacher.name} as teacher`);
  await expect(preview).toContainText("Leaving: Ben.");
  // The form keeps what was chosen.
  await expect(page.getByLabel(`New name of ${klass.name}`)).toHaveValue(newName);
  await expect(page.getByLabel("Ben leaves")).toBeChecked();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Start the new year" }).click();
  await expect(flash(page)).toContainText("The new year has started: 1 class updated, 1 pupil archived.");
  const archived = page.getByTestId("archived-pupils");
  await expect(archived).toContainText(/Ben · .* · Archived \d{4}-\d\d-\d\d/);
  await expect(page.getByLabel(`New name of ${newName}`)).toHaveValue(newName);

  // On a classroom computer: Ada's code logs in, to her class's new name. Then Ben's, through the class's printed
  // link (a new class has its own allowance of wrong codes): an unknown code now.
  const classroom = await newBrowser(browser);
  const pupil = await classroom.newPage();
  await pupilLogin(pupil, "/student-login", ada!.code);
  await expect(pupil).toHaveURL(/\/student-game$/);
  await expect(
    pupil
      .getByRole("region", { name: `Hello, ${ada!.name}! 👋` })
      .locator("dd")
      .first(),
  ).toHaveText(newName);
  await classroom.close();
  const other = await newBrowser(browser);
  const leaver = await other.newPage();
  await pupilLogin(leaver, `/student-login/${klass.loginKey}`, ben!.code);
  await expect(errorSummary(leaver)).toContainText("Login Failed: Invalid login code. Please check and try again.");
  await other.close();
});
