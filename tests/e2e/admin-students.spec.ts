import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./helpers/axe";
import { errorSummary, flash } from "./helpers/accounts";
import { logInAsAdmin } from "./helpers/admin";
import { makeSchool } from "./helpers/school";

// The admin panel's school work (docs/product.md#admin, #logos), with JavaScript and without: logos (a real PNG,
// a forged one, one too large), a class's students, new codes, the Student Logins search, copying a code.

const flashTitle = (page: Page) => flash(page).locator(".flash-title");

const classPage = (classId: string) => `/admin?tab=schools&class=${classId}`;

const studentRow = (page: Page, name: string): Locator =>
  page.getByTestId("student-row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

const loginRow = (page: Page, name: string): Locator =>
  page.getByTestId("student-login-row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

/** A real PNG, made here. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

/** The code in the flash's description, 'New login code: 12345678', or its title. */
async function codeInFlash(page: Page, where: "title" | "description"): Promise<string> {
  const text = (await flash(page).locator(`.flash-${where}`).textContent()) ?? "";
  return /(\d{8})/.exec(text)![1]!;
}

test("a class's logo: a forged file and one too large are refused, a real PNG is served and removed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const school = makeSchool();
  const klass = school.classes[0]!;
  await logInAsAdmin(page);
  await page.goto(classPage(klass.id));
  await expect(page.getByRole("heading", { level: 2, name: klass.name })).toBeVisible();
  await expect(page.getByText("No logo yet.")).toBeVisible();

  const logoField = page.getByLabel("Class logo", { exact: true });
  const upload = page.getByRole("button", { name: `Upload Logo for ${klass.name}` });

  // Text bytes under an image's name and type.
  await logoField.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("not a picture at all"),
  });
  await upload.click();
  await expect(errorSummary(page)).toContainText("Invalid file type: Please upload an image file");
  await expectAccessible(page);

  // An SVG.
  await page.getByLabel("Class logo", { exact: true }).setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await upload.click();
  await expect(errorSummary(page)).toContainText("Invalid file type: Please upload an image file");

  // Over 2 MB: the whole upload is read and the message comes back beside the form.
  const big = Buffer.alloc(3 * 1024 * 1024, 7);
  (await png(10, 10)).copy(big);
  await page
    .getByLabel("Class logo", { exact: true })
    .setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
  await upload.click();
  await expect(errorSummary(page)).toContainText("File too large: Please upload an image smaller than 2MB");

  // Nothing chosen (with JavaScript the page stays, and the field keeps its file until emptied).
  await page.getByLabel("Class logo", { exact: true }).setInputFiles([]);
  await upload.click();
  await expect(errorSummary(page)).toContainText("No file selected");

  // A real PNG, larger than a logo needs: stored at 500 px at most, served by its hash for a year.
  await page
    .getByLabel("Class logo", { exact: true })
    .setInputFiles({ name: "crest.png", mimeType: "image/png", buffer: await png(800, 600) });
  await upload.click();
  await expect(flashTitle(page)).toHaveText("Logo uploaded successfully");
  const logo = page.getByRole("img", { name: `Logo of ${klass.name}` });
  await expect(logo).toBeVisible();
  const src = (await logo.getAttribute("src"))!;
  expect(src).toMatch(/^\/images\/[0-9a-f]{64}\.png$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(500);
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  await expectAccessible(page);

  // Removing it asks first (docs/product.md#confirmation-steps).
  await page.getByRole("link", { name: `Remove Logo of ${klass.name}` }).click();
  await expect(page.getByRole("heading", { name: `Remove the logo of ${klass.name}?` })).toBeVisible();
  await expect(logo).toHaveCount(0);
  await page.getByRole("button", { name: "Yes, remove the logo" }).click();
  await expect(flashTitle(page)).toHaveText("Logo removed successfully");
  await expect(page.getByText("No logo yet.")).toBeVisible();
  expect((await page.request.get(src)).status()).toBe(404);
});

test("a new class with its logo, on the Schools & Classes tab", async ({ page }) => {
  const school = makeSchool();
  await logInAsAdmin(page);
  const card = page.getByTestId("school").filter({ has: page.getByRole("heading", { name: school.school.name }) });
  const className = `Kestrels ${school.school.name.slice(-8)}`;
  await card.getByLabel("Class name").fill(className);
  await card.getByLabel("Teacher").selectOption({ label: school.teacher.name });
  await card.getByLabel("Class logo (optional)").setInputFiles({
    name: "kestrel.png",
    mimeType: "image/png",
    buffer: await png(120, 120),
  });
  await card.getByRole("button", { name: "Create Class" }).click();
  await expect(flashTitle(page)).toHaveText("Class created successfully");
  // On to the new class's page, where its pupils are added.
  await expect(page).toHaveURL(/\/admin\?tab=schools&class=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 2, name: className })).toBeVisible();
  await expect(page.getByRole("img", { name: `Logo of ${className}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add a student" })).toBeVisible();
});

test("a class's students: add, a refused edit, an edit, a new code; then Student Logins finds them", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const school = makeSchool();
  const klass = school.classes[0]!;
  const name = `Zara ${school.school.name.slice(-8)}`;
  await logInAsAdmin(page);
  await page.goto(classPage(klass.id));
  await expect(studentRow(page, "Ada")).toBeVisible();

  // A name is required; Addition is ticked and Normal chosen to begin with.
  await expect(page.getByRole("checkbox", { name: "Addition (+)" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Normal" })).toBeChecked();
  await page.getByRole("button", { name: "Add Student" }).click();
  await expect(errorSummary(page)).toContainText("Enter the student's name");
  await page.getByLabel("Student's name").fill(`  ${name}  `);
  await page.getByRole("checkbox", { name: "Multiplication (×)" }).check();
  await page.getByRole("checkbox", { name: "7 times table" }).check();
  await page.getByRole("radio", { name: "Hard" }).check();
  await page.getByRole("button", { name: "Add Student" }).click();
  await expect(flashTitle(page)).toHaveText(/^Student created with login code \d{8}$/);
  const code = await codeInFlash(page, "title");
  await expect(studentRow(page, name).getByTestId("login-code")).toHaveText(code);
  await expect(studentRow(page, name)).toContainText("Addition, Multiplication · Tables 7 · Hard");

  // Edit: no name is the brief's 'Validation Error'.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const editName = page.getByRole("table").getByLabel("Student's name");
  await expect(editName).toHaveValue(name);
  await editName.fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("table").getByRole("alert")).toContainText(
    "Validation Error: Name is required and at least one operation must be selected",
  );
  await expectAccessible(page);
  await page.getByRole("table").getByLabel("Student's name").fill(`${name} B`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(flashTitle(page)).toHaveText("Student information updated successfully");
  await expect(studentRow(page, `${name} B`).getByTestId("login-code")).toHaveText(code);

  // A new code asks first: Cancel changes nothing, Confirm gives the new code.
  await page.getByRole("link", { name: `New code for ${name} B` }).click();
  await expect(page).toHaveURL(/[?&]new-code=/);
  await expect(page.getByRole("heading", { name: `Give ${name} B a new login code?` })).toBeVisible();
  await expect(page.getByText("Their old code stops working at once")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(studentRow(page, `${name} B`).getByTestId("login-code")).toHaveText(code);
  await page.getByRole("link", { name: `New code for ${name} B` }).click();
  await page.getByRole("button", { name: "Yes, give a new code" }).click();
  await expect(flashTitle(page)).toHaveText("Login code regenerated successfully");
  const fresh = await codeInFlash(page, "description");
  expect(fresh).not.toBe(code);
  await expect(studentRow(page, `${name} B`).getByTestId("login-code")).toHaveText(fresh);

  // Student Logins: search by name, then by school; a new code keeps the search.
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Student Logins" }).click();
  await expect(page).toHaveURL(/tab=students$/);
  await page.getByLabel("Search students").fill(`${name} B`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId("student-login-row")).toHaveCount(1);
  await expect(loginRow(page, `${name} B`)).toContainText(fresh);
  await expect(loginRow(page, `${name} B`)).toContainText(klass.name);
  await expect(loginRow(page, `${name} B`)).toContainText(school.school.name);
  await expectAccessible(page);

  await page.getByLabel("Search students").fill(school.school.name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("student-login-row")).toHaveCount(3);
  await expect(page.getByTestId("student-count")).toHaveText("3 students found.");
  await page.getByRole("link", { name: "New code for Ben" }).click();
  await page.getByRole("button", { name: "Yes, give a new code" }).click();
  await expect(flashTitle(page)).toHaveText("Login code regenerated successfully");
  const bens = await codeInFlash(page, "description");
  await expect(page).toHaveURL(/tab=students&q=/);
  await expect(loginRow(page, "Ben").getByTestId("login-code")).toHaveText(bens);

  // By code.
  await page.getByLabel("Search students").fill(bens);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("student-login-row")).toHaveCount(1);
  await expect(loginRow(page, "Ben")).toBeVisible();
});

test("an unknown class's page is a 404 with a clear message", async ({ page }) => {
  await logInAsAdmin(page);
  const response = await page.goto(classPage("no-such-class"));
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This class does not exist (any more).")).toBeVisible();
  await expectAccessible(page);
});

test.describe("copying a teacher's code @js-only", () => {
  test("Copy code puts the code on the clipboard and says 'Copied!'", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const school = makeSchool();
    await logInAsAdmin(page);
    await page.goto("/admin?tab=teachers");
    await page.getByRole("button", { name: `Copy code of ${school.teacher.name}` }).click();
    await expect(flashTitle(page)).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(school.teacher.code);
  });
});

test.describe("a teacher's code without JavaScript @no-js", () => {
  test("there is no copy button: the code is shown to select and copy", async ({ page }) => {
    const school = makeSchool();
    await logInAsAdmin(page);
    await page.goto("/admin?tab=teachers");
    const row = page
      .getByTestId("teacher-row")
      .filter({ has: page.getByRole("rowheader", { name: school.teacher.name }) });
    await expect(row.getByTestId("login-code")).toHaveText(school.teacher.code);
    await expect(row.getByRole("button", { name: /Copy code/ })).toHaveCount(0);
  });
});
