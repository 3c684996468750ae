import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, ukDay } from "../../app/school-rules/uk-days";
import { flash, newBrowser } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { finishCompetition } from "./helpers/competition";
import { addStickers } from "./helpers/games";
import { makeSchool } from "./helpers/school";

/*
 * A class competition on secured facts (docs/product.md#class-competition,
 * docs/decisions/0093-competitions-on-secured-facts.md), with JavaScript and without: the teacher chooses
 * `Secured facts` (kept when the form is refused), a pupil secures facts (stickers written by the test route, not
 * days of play) and the standings count them per pupil, on the teacher's page and the pupil's dashboard, in words
 * that say what the points are; finished, the certificate names the secured facts.
 */

async function logIn(page: Page, path: "/teacher-login" | "/student-login", code: string, to: RegExp) {
  await page.goto(path);
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(to);
}

const cells = (row: Locator) => row.locator("td");

test("a teacher starts a competition on secured facts, and the standings count the facts a pupil secures", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const school = makeSchool([[{ name: "Ada Facts" }, { name: "Ben Facts" }], [{ name: "Cy Facts" }]]);
  const [first, second] = school.classes as [(typeof school.classes)[0], (typeof school.classes)[0]];
  const name = `Facts Cup ${first.name.slice(-8)}`;

  await logIn(page, "/teacher-login", school.teacher.code, /\/teacher-dashboard$/);
  await page.goto("/teacher-dashboard/competitions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Class competitions");
  const points = page.getByRole("group", { name: "What counts as points" });
  await expect(points.getByRole("radio", { name: "Game scores" })).toBeChecked();

  // One class is refused beside its field; the choice of secured facts is kept.
  await page.getByLabel("Competition name").fill(name);
  await page.getByLabel("Last day").fill(addDays(ukDay(Date.now()), 6));
  await points.getByRole("radio", { name: "Secured facts" }).check();
  await page.getByRole("checkbox", { name: `${first.name} (yours)` }).check();
  await page.getByRole("button", { name: "Start the competition" }).click();
  await expect(page.locator("#start-competition-classes-error")).toHaveText("Choose two or more classes");
  await expect(points.getByRole("radio", { name: "Secured facts" })).toBeChecked();
  await expect(page.getByLabel("Competition name")).toHaveValue(name);
  await expectAccessible(page);

  await page.getByRole("checkbox", { name: `${first.name} (yours)` }).check();
  await page.getByRole("checkbox", { name: `${second.name} (yours)` }).check();
  await page.getByRole("button", { name: "Start the competition" }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard\/competition\?id=/);
  await expect(flash(page)).toContainText(`Competition started: ${name}`);
  const competitionId = new URL(page.url()).searchParams.get("id")!;
  await expect(page.getByTestId("points-kind")).toHaveText("Points: secured facts");
  const standings = page.getByTestId("standings");
  await expect(standings.getByRole("columnheader")).toHaveText([
    "Place",
    "Class",
    "Secured facts per pupil",
    "Secured a fact",
  ]);
  await expect(page.getByText("each pupil adds at most 12 secured facts to their class in a day")).toBeVisible();
  await expectAccessible(page);

  // Ada secures three facts today: her class of 2 has 1.5 secured facts a pupil.
  addStickers(first.students[0]!.id, ["*7,1", "*7,2", "*7,3"]);
  await page.reload();
  await expect(cells(standings.getByRole("row", { name: first.name }))).toHaveText(["1", "1.5", "1 of 2"]);
  await expect(cells(standings.getByRole("row", { name: second.name }))).toHaveText(["2", "0.0", "0 of 1"]);

  // The pupil's dashboard says what the points are, by class name only.
  const pupilContext = await newBrowser(browser);
  const pupil = await pupilContext.newPage();
  await logIn(pupil, "/student-login", first.students[0]!.code, /\/student-game$/);
  const panel = pupil.getByTestId("pupil-competitions");
  await expect(panel.getByRole("heading", { name })).toBeVisible();
  await expect(panel).toContainText("Points: secured facts");
  await expect(cells(panel.getByRole("row", { name: `${first.name} (your class)` }))).toHaveText([
    "1",
    "1.5",
    "1 of 2",
  ]);
  await expect(panel).not.toContainText("Ben");
  await expect(panel).not.toContainText(/sticker/i);
  await expectAccessible(pupil);
  await pupilContext.close();

  // Finished: the winners' certificate counts secured facts.
  finishCompetition(competitionId);
  await page.reload();
  await expect(page.getByTestId("competition-state")).toHaveText("Finished");
  await page.getByRole("link", { name: "Print the certificate" }).click();
  const certificate = page.getByTestId("certificate");
  await expect(certificate.getByTestId("certificate-winners")).toHaveText(first.name);
  await expect(certificate).toContainText("with 1.5 secured facts per pupil");
  await expectAccessible(page);
});
