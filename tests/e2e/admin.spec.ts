import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { errorSummary, flash, signUpByPhone, uniqueEmail } from "./helpers/accounts";
import { createAdmin } from "./helpers/admin";
import { E2E_TMP } from "./helpers/e2e-dirs";

// The admin panel (docs/product.md#admin): the login, the Schools & Classes and Teachers tabs, the role check.
// The login's admin is made by `npm run admin:create`, here run against the suite's own database, which proves the
// script; the panel's by the test route, as the other specs make theirs (tests/e2e/helpers/admin.ts).

type Admin = { email: string; password: string };

/** Letters no offensive word can be made of (no vowels), so names made with them are always fine. */
const randomLetters = (length: number) => Array.from({ length }, () => "bcdghjmpqvwxz"[crypto.randomInt(13)]).join("");

/** A new admin in the e2e server's database, made by the same command an operator runs. */
function createAdminByScript(): Admin {
  const admin = { email: uniqueEmail("admin"), password: `admin password ${randomLetters(8)}` };
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password],
    { env: { ...process.env, DATABASE_PATH: `${E2E_TMP}/app.db` }, encoding: "utf8" },
  );
  expect(out).toContain(`Created the admin ${admin.email}`);
  expect(out).not.toContain(admin.password);
  return admin;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** The title of the flash message (with JavaScript the message also holds its close button). */
const flashTitle = (page: Page) => flash(page).locator(".flash-title");

async function submitLogin(page: Page, username: string, password: string) {
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

async function logIn(page: Page, admin: Admin) {
  await page.goto("/admin");
  await submitLogin(page, admin.email, admin.password);
  await expect(flash(page)).toContainText("Login successful");
  await expect(flash(page)).toContainText("Welcome to the admin panel");
  await expect(heading(page)).toHaveText("School Administration");
}

const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name, exact: true });

async function openTab(page: Page, name: string, query: string) {
  await tab(page, name).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?tab=${query}$`));
  await expect(tab(page, name)).toHaveAttribute("aria-current", "page");
}

/** A school's card on the Schools & Classes tab. */
const schoolCard = (page: Page, name: string): Locator =>
  page.getByTestId("school").filter({ has: page.getByRole("heading", { name, exact: true }) });

const teacherRow = (page: Page, name: string): Locator =>
  page.getByTestId("teacher-row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

/** The code in a flash message such as 'Teacher created with code 12345678'. */
async function codeIn(page: Page, pattern: RegExp): Promise<string> {
  await expect(flashTitle(page)).toHaveText(pattern);
  const text = (await flashTitle(page).textContent()) ?? "";
  return /(\d{8})/.exec(text)![1]!;
}

test.describe("the admin login", () => {
  test("a wrong password is refused with the brief's message; an admin logs in and out", async ({ page }) => {
    const admin = createAdminByScript();
    await page.goto("/admin");
    await expect(heading(page)).toHaveText("Admin Login");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

    // Nothing typed: a message beside each field.
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(errorSummary(page)).toContainText("Enter your username");
    await expect(errorSummary(page)).toContainText("Enter your password");

    await submitLogin(page, admin.email, "not the password");
    await expect(errorSummary(page)).toContainText("Login failed: Invalid username or password");
    await expect(page.getByLabel("Username", { exact: true })).toHaveValue(admin.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(heading(page)).toHaveText("Admin Login");
    await expectAccessible(page);

    await submitLogin(page, admin.email, admin.password);
    await expect(flash(page)).toContainText("Login successful");
    await expect(heading(page)).toHaveText("School Administration");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(tab(page, "Schools & Classes")).toHaveAttribute("aria-current", "page");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/admin?tab=teachers");
    await expect(heading(page)).toHaveText("Admin Login");
  });

  test("a member who is not an admin gets a plain 403", async ({ page }) => {
    await signUpByPhone(page);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(heading(page)).toHaveText("This cannot be done");
    await expect(page.getByText("This page is for school administrators.")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("the admin panel", () => {
  test("create a school, a teacher with a code, a class; edit the teacher; a new code; every tab passes axe", async ({
    page,
  }) => {
    // Five axe checks of admin pages that list every school and teacher the suite has made (each tab and state once:
    // a form's page with its errors shown): without JavaScript (the second project) the lists are twice as long.
    test.setTimeout(150_000);
    const admin = createAdmin();
    const school = `School ${randomLetters(8)}`;
    const teacher = `Ms ${randomLetters(8)}`;
    const renamed = `Mrs ${randomLetters(8)}`;
    await logIn(page, admin);

    // The header names the admin as Admin, not by a made-up name.
    await expect(page.getByRole("banner").getByRole("link", { name: "Settings for Admin" })).toBeVisible();

    // Schools & Classes: a name is required, then the school is listed, waiting for a teacher.
    await page.getByRole("button", { name: "Create School" }).click();
    await expect(errorSummary(page)).toContainText("Enter the school's name");
    await page.getByLabel("School name").fill(`  ${school}  `);
    await page.getByRole("button", { name: "Create School" }).click();
    await expect(flashTitle(page)).toHaveText("School created successfully");
    await expect(schoolCard(page, school)).toContainText("No classes yet.");
    await expect(schoolCard(page, school).getByRole("link", { name: "add a teacher to this school" })).toBeVisible();
    await expect(page.getByLabel("School name")).toHaveValue("");
    await expectAccessible(page);

    // Teachers: the e-mail is optional but checked; a new teacher's code is shown and listed.
    await openTab(page, "Teachers", "teachers");
    await page.getByLabel("Teacher's name").fill(teacher);
    await page.getByLabel("Email (optional)").fill("not-an-address");
    await page.getByLabel("School", { exact: true }).selectOption({ label: school });
    await page.getByRole("button", { name: "Create Teacher" }).click();
    await expect(errorSummary(page)).toContainText("Enter an email address like name@example.com, or leave it empty");
    await expect(page.getByLabel("Teacher's name")).toHaveValue(teacher);
    await expect(page.getByLabel("School", { exact: true })).toHaveValue(/.+/);
    await expectAccessible(page);
    await page.getByLabel("Email (optional)").fill("");
    await page.getByRole("button", { name: "Create Teacher" }).click();
    const code = await codeIn(page, /^Teacher created with code \d{8}$/);
    await expect(teacherRow(page, teacher)).toContainText(school);
    await expect(teacherRow(page, teacher).getByTestId("login-code")).toHaveText(code);

    // Back to the school: a class with that teacher.
    await openTab(page, "Schools & Classes", "schools");
    const card = schoolCard(page, school);
    await card.getByRole("button", { name: "Create Class" }).click();
    await expect(card.getByRole("alert")).toContainText("Enter the class's name");
    await expect(card.getByRole("alert")).toContainText("Choose the class's teacher");
    await card.getByLabel("Class name").fill("Year 4 Owls");
    await card.getByLabel("Teacher").selectOption({ label: teacher });
    await card.getByRole("button", { name: "Create Class" }).click();
    await expect(flashTitle(page)).toHaveText("Class created successfully");
    // The admin lands on the new class's page, to add its pupils.
    await expect(page).toHaveURL(/\/admin\?tab=schools&class=[\w-]+$/);
    await expect(page.getByRole("heading", { level: 2, name: "Year 4 Owls" })).toBeVisible();
    await expect(page.getByText(`${school} · Teacher: ${teacher}`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to all schools and classes" }).click();
    await expect(schoolCard(page, school).getByTestId("class")).toContainText(`Year 4 Owls · Teacher: ${teacher}`);

    // Edit the teacher: the name is required.
    await openTab(page, "Teachers", "teachers");
    await page.getByRole("link", { name: `Edit ${teacher}` }).click();
    await expect(page).toHaveURL(/[?&]edit=/);
    const editName = page.getByRole("table").getByLabel("Teacher's name");
    await expect(editName).toHaveValue(teacher);
    await editName.fill("  ");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("table").getByRole("alert")).toContainText("Enter the teacher's name");
    await expectAccessible(page);
    await page.getByRole("table").getByLabel("Teacher's name").fill(renamed);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(flashTitle(page)).toHaveText("Teacher updated successfully");
    await expect(teacherRow(page, renamed).getByTestId("login-code")).toHaveText(code);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

    // A new code asks first: Cancel keeps the code, Confirm replaces it.
    await page.getByRole("link", { name: `New code for ${renamed}` }).click();
    await expect(page).toHaveURL(/[?&]new-code=/);
    await expect(page.getByRole("heading", { name: `Give ${renamed} a new login code?` })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(teacherRow(page, renamed).getByTestId("login-code")).toHaveText(code);
    await page.getByRole("link", { name: `New code for ${renamed}` }).click();
    await page.getByRole("button", { name: "Yes, give a new code" }).click();
    const fresh = await codeIn(page, /^New code generated: \d{8}$/);
    expect(fresh).not.toBe(code);
    await expect(teacherRow(page, renamed).getByTestId("login-code")).toHaveText(fresh);

    // Student Logins: the table of every student (tests/e2e/admin-students.spec.ts searches it, and checks the tab
    // with its results).
    await openTab(page, "Student Logins", "students");
    await expect(page.getByRole("heading", { name: "Student Logins" })).toBeVisible();
  });
});
