import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { flash } from "./helpers/accounts";
import { logInAsAdmin } from "./helpers/admin";
import { expectAccessible } from "./helpers/axe";
import { makeSchool } from "./helpers/school";

// The change log (docs/product.md#change-log), with JavaScript and without: a teacher's change is on the admin's
// log, named, in its school; the school filter narrows it.

async function teacherRenamesPupil(page: Page, code: string, from: string, to: string) {
  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
  const card = page.getByTestId("student-card").filter({ has: page.getByRole("heading", { name: from }) });
  await card.getByRole("link", { name: `Edit ${from}` }).click();
  await card.getByLabel("Student's name").fill(to);
  await card.getByRole("button", { name: "Save" }).click();
  await expect(flash(page)).toContainText("Student information updated successfully");
}

test("an admin reads who changed what, and narrows the log to one school", async ({ page, browser }) => {
  test.setTimeout(60_000);
  // Names of this test's own (both projects share the database and its log).
  const tag = crypto.randomBytes(3).toString("hex");
  const [noor, noorNew, sam, samNew] = ["Noor", "Noor-Khan", "Sam", "Samuel"].map((name) => `${name} ${tag}`) as [
    string,
    string,
    string,
    string,
  ];
  const school = makeSchool([[{ name: noor }]]);
  const other = makeSchool([[{ name: sam }]]);
  // Each teacher on a browser of their own.
  for (const [code, from, to] of [
    [school.teacher.code, noor, noorNew],
    [other.teacher.code, sam, samNew],
  ] as const) {
    const teacher = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
    await teacherRenamesPupil(await teacher.newPage(), code, from, to);
    await teacher.close();
  }

  await logInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Change log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const table = page.getByRole("table", { name: "Changes, newest first" });
  const row = table.getByRole("row").filter({ hasText: noorNew });
  await expect(row.getByRole("cell").nth(1)).toHaveText(`${school.teacher.name} (teacher)`);
  await expect(row.getByRole("cell").nth(2)).toHaveText(`changed the settings of the pupil ${noorNew} (name)`);
  await expect(row.getByRole("cell").nth(3)).toHaveText(school.school.name);
  await expectAccessible(page);

  await page.getByRole("combobox", { name: "School" }).selectOption({ label: school.school.name });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`school=${school.school.id}`));
  await expect(table.getByRole("row").filter({ hasText: noorNew })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: samNew })).toHaveCount(0);

  // The parent links can be left out; the choice stays ticked.
  await page.getByRole("checkbox", { name: "Hide parent links" }).check();
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/parents=hide/);
  await expect(page.getByRole("checkbox", { name: "Hide parent links" })).toBeChecked();
  await expect(table.getByRole("row").filter({ hasText: noorNew })).toHaveCount(1);
  await expect(table.getByRole("cell", { name: /parent link/ })).toHaveCount(0);
});
