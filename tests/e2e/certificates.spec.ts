import { expect, test, type Page } from "@playwright/test";
import { newBrowser } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { addStickers } from "./helpers/games";
import { makeSchool } from "./helpers/school";

/*
 * Certificates and the parent's sticker book (docs/product.md#sticker-book), with JavaScript and without: a pupil
 * secured the 7 times table this week; their teacher finds this week's certificates from the class settings and
 * prints them (one A4 page each, first names only), or one; the pupil prints their own from their sticker book; a
 * parent opens their link and sees the book, read-only, and the certificates.
 */

test.describe.configure({ timeout: 60_000 });

const sevens = Array.from({ length: 12 }, (_, i) => `*7,${i + 1}`);

async function logIn(page: Page, path: "/teacher-login" | "/student-login", code: string, to: RegExp) {
  await page.goto(path);
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(to);
}

test("a teacher prints this week's certificates, and a pupil prints their own", async ({ page, browser }) => {
  const school = makeSchool([[{ name: "Ada Lovelace" }, { name: "Ben Carter" }]]);
  const klass = school.classes[0]!;
  const [ada, ben] = klass.students;
  addStickers(ada!.id, sevens);
  // Ben's sticker was earned last month: not this week's.
  addStickers(ben!.id, ["*2,2"], 40);

  const teacherContext = await newBrowser(browser);
  const teacher = await teacherContext.newPage();
  await logIn(teacher, "/teacher-login", school.teacher.code, /\/teacher-dashboard$/);
  await teacher.goto(`/teacher-dashboard/settings?class=${klass.id}`);
  await teacher.getByRole("link", { name: "This week's certificates" }).click();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText(`Certificates: ${klass.name}`);
  const list = teacher.getByTestId("week-awards");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Ada Lovelace");
  const certificates = teacher.getByTestId("award-certificate");
  await expect(certificates).toHaveCount(3);
  await expect(certificates.first().getByRole("heading", { name: "Ada", exact: true })).toBeVisible();
  await expect(certificates.first()).toContainText("knows the 7 times table by heart");
  await expect(certificates.filter({ hasText: "Lovelace" })).toHaveCount(0);
  await expectAccessible(teacher);
  // Printed, only the certificates.
  await teacher.emulateMedia({ media: "print" });
  await expect(list).toBeHidden();
  await expect(certificates.first()).toBeVisible();
  await teacher.emulateMedia({ media: "screen" });

  await list.getByRole("link", { name: "knows the 7 times table by heart" }).click();
  await expect(teacher).toHaveURL(/&student=.*&award=badge-m7$/);
  await expect(teacher.getByTestId("award-certificate")).toHaveCount(1);
  await expectAccessible(teacher);
  await teacherContext.close();

  await logIn(page, "/student-login", ada!.code, /\/student-game$/);
  await page.goto("/student-stickers");
  await page.getByRole("link", { name: "Print my certificates" }).click();
  await expect(page).toHaveURL(/\/student-certificates$/);
  await expect(page.getByTestId("award-certificate")).toHaveCount(3);
  await expect(page.getByTestId("award-certificate").first()).toContainText(school.school.name);
  await expectAccessible(page);
});

test("a parent sees their child's sticker book and prints a certificate", async ({ page, browser }) => {
  const school = makeSchool([[{ name: "Ada Lovelace" }]]);
  const klass = school.classes[0]!;
  const ada = klass.students[0]!;
  addStickers(ada.id, sevens, 2);

  await logIn(page, "/teacher-login", school.teacher.code, /\/teacher-dashboard$/);
  const card = page
    .getByTestId("student-card")
    .filter({ has: page.getByRole("heading", { name: "Ada Lovelace", exact: true }) });
  await card.getByRole("link", { name: "Parent link for Ada Lovelace" }).click();
  await page.getByTestId("confirm-step").getByRole("button", { name: "Yes, give a link" }).click();
  const link = (await page.getByTestId("parent-link-address").textContent())!.trim();

  const parentContext = await newBrowser(browser);
  const parent = await parentContext.newPage();
  await parent.goto(link);
  const book = parent.getByRole("region", { name: "Ada's sticker book", exact: true });
  await expect(book).toContainText("12 stickers in Ada's book.");
  await expect(book.getByRole("region", { name: "Ada's sticker book: Times tables" })).toBeVisible();
  await expect(book.getByRole("button")).toHaveCount(0);
  await expectAccessible(parent);

  await book.getByRole("link", { name: "Certificate: knows the 7 times table by heart" }).click();
  await expect(parent).toHaveURL(/\/parent\/[A-Za-z0-9_-]{43}\/certificates\?award=badge-m7$/);
  await expect(parent.getByRole("heading", { level: 1 })).toHaveText("Certificates for Ada");
  const certificate = parent.getByTestId("award-certificate");
  await expect(certificate).toHaveCount(1);
  await expect(certificate.getByRole("heading", { name: "Ada", exact: true })).toBeVisible();
  await expectAccessible(parent);
  await parentContext.close();
});
