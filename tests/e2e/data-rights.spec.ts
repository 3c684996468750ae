import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { csvCell } from "~/utils/csv";
import { errorSummary, flash, newBrowser } from "./helpers/accounts";
import { logInAsAdmin } from "./helpers/admin";
import { expectAccessible } from "./helpers/axe";
import { addGames, addStickers } from "./helpers/games";
import { makeSchool } from "./helpers/school";

// Data rights (docs/product.md#data-rights), with JavaScript and without: an admin exports a school and reads the
// zip, then erases a pupil, who is gone from the class, their session and their code with them.

const studentRow = (page: Page, name: string): Locator =>
  page.getByTestId("student-row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

test("an admin exports a school, then erases a pupil: nothing of them is left", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const school = makeSchool([[{ name: "Ada" }, { name: "Ben" }]]);
  const klass = school.classes[0]!;
  const [ada, ben] = klass.students;
  addGames([
    { studentId: ada!.id, accuracy: 80, daysAgo: 2 },
    { studentId: ada!.id, accuracy: 90, daysAgo: 1 },
    { studentId: ben!.id, accuracy: 50, daysAgo: 1 },
  ]);
  addStickers(ada!.id, ["*7,8"], 1);

  // Ada is logged in on a classroom computer.
  const classroom = await newBrowser(browser);
  const pupilPage = await classroom.newPage();
  await pupilPage.goto("/student-login");
  await pupilPage.getByLabel("Login code", { exact: true }).fill(ada!.code);
  await pupilPage.getByRole("button", { name: "Login", exact: true }).click();
  await expect(pupilPage).toHaveURL(/\/student-game$/);

  // The export: from the school on the panel, a zip of CSV files.
  await logInAsAdmin(page);
  await page.getByRole("link", { name: `Export data and erasures of ${school.school.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Export data: ${school.school.name}`);
  await expect(page.getByText("No pupil of this school has been erased.")).toBeVisible();
  await expectAccessible(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download a zip of CSV files" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^school-[0-9a-f]+-export-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  expect(Object.keys(files).sort()).toEqual([
    "README.txt",
    "classes.csv",
    "competitions.csv",
    "fact-records.csv",
    "game-runs.csv",
    "pupils.csv",
    "results.csv",
    "schools.csv",
    "set-work.csv",
    "stickers.csv",
    "teachers.csv",
  ]);
  const lines = (name: string) => Buffer.from(files[name]!).toString("utf8").slice(1).split("\r\n");
  expect(lines("pupils.csv")[0]).toBe(
    "Pupil ID,Name,Class ID,Class,Operations,Times tables,Difficulty,Extra time,Calm,More games,Created (UTC)",
  );
  // An id may start with "-", which the file writes as plain text with a leading apostrophe (app/utils/csv.ts).
  const [adaCell, classCell] = [csvCell(ada!.id), csvCell(klass.id)];
  const adaLine = `${adaCell},Ada,${classCell},${klass.name},addition,,easy,1,no,None,20`;
  expect(lines("pupils.csv")[1]?.slice(0, adaLine.length)).toBe(adaLine);
  expect(lines("results.csv").filter((l) => l.startsWith(`${adaCell},Ada,`))).toHaveLength(2);
  // Her sticker, with the day it was secured (docs/product.md#sticker-book).
  expect(lines("stickers.csv")[0]).toBe("Pupil ID,Pupil,Operation,Fact,Secured (UTC),Run ID");
  const stickerLine = `${adaCell},Ada,multiplication,7 × 8,20`;
  expect(lines("stickers.csv")[1]?.slice(0, stickerLine.length)).toBe(stickerLine);
  expect(Buffer.from(files["pupils.csv"]!).toString("utf8")).not.toContain(ada!.code);
  // The page is still there, with or without JavaScript: the file was saved, not shown.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Export data: ${school.school.name}`);

  // The erasure: on the class's page, after its confirmation step.
  await page.goto(`/admin?tab=schools&class=${klass.id}`);
  await studentRow(page, "Ada").getByRole("link", { name: "Erase Ada" }).click();
  await expect(page.getByRole("heading", { name: "Erase Ada and all their data?" })).toBeVisible();
  await expect(page.getByText("This cannot be undone.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Yes, erase everything" }).click();
  await expect(flash(page)).toContainText("The pupil and all their data were erased.");
  await expect(studentRow(page, "Ada")).toHaveCount(0);
  await expect(studentRow(page, "Ben")).toHaveCount(1);

  // The record names the class and the admin, not the pupil.
  await page.goto(`/admin/export?school=${school.school.id}`);
  const record = page.getByTestId("erasures").locator("tbody tr");
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(klass.name);
  await expect(record).not.toContainText("Ada");

  // Ada's session ended with her, and her code no longer logs in.
  await pupilPage.goto("/student-game");
  await expect(pupilPage).toHaveURL(/\/student-login$/);
  await pupilPage.getByLabel("Login code", { exact: true }).fill(ada!.code);
  await pupilPage.getByRole("button", { name: "Login", exact: true }).click();
  await expect(errorSummary(pupilPage)).toContainText("Invalid login code");
  await classroom.close();

  // Her results are gone from the class's export too.
  const again = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download a zip of CSV files" }).click();
  const after = unzipSync(new Uint8Array(fs.readFileSync((await (await again).path())!)));
  const everything = Object.values(after)
    .map((bytes) => Buffer.from(bytes).toString("utf8"))
    .join("\n");
  expect(everything).not.toContain(ada!.id);
  expect(everything).toContain(ben!.id);
});
