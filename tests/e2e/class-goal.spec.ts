import { expect, test, type Page } from "@playwright/test";
import { goalDayWords } from "../../app/school-rules/class-goal";
import { addDays, ukDay } from "../../app/school-rules/uk-days";
import { flash, newBrowser } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { addStickers } from "./helpers/games";
import { makeSchool } from "./helpers/school";

/*
 * A class goal in secured facts (docs/product.md#class-goal), with JavaScript and without: the teacher sets it on the
 * class settings page (a bad number is refused next to its field, the input kept), the pupils see one bar with no
 * names on their dashboard, counting the stickers earned from that day; reached, the bar says so.
 */

async function logIn(page: Page, path: "/teacher-login" | "/student-login", code: string, to: RegExp) {
  await page.goto(path);
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(to);
}

test("a teacher sets a class goal, a pupil sees its bar, and the class reaches it", async ({ page, browser }) => {
  const school = makeSchool([[{ name: "Ada Goal" }, { name: "Ben Goal" }]]);
  const klass = school.classes[0]!;
  const [ada, ben] = klass.students;
  // Stickers from last week: earned before the goal, so they do not count.
  addStickers(ada!.id, ["*7,1", "*7,2", "*7,3"], 7);

  const teacherContext = await newBrowser(browser);
  const teacher = await teacherContext.newPage();
  await logIn(teacher, "/teacher-login", school.teacher.code, /\/teacher-dashboard$/);
  await teacher.goto(`/teacher-dashboard/settings?class=${klass.id}`);
  const day = addDays(ukDay(Date.now()), 40);
  await teacher.getByLabel("Facts to secure together").fill("0");
  await teacher.getByLabel("By", { exact: true }).fill(day);
  await teacher.getByRole("button", { name: `Save the goal for ${klass.name}` }).click();
  await expect(teacher.getByText("Enter a number from 1 to 23040.").first()).toBeVisible();
  await expect(teacher.getByLabel("Facts to secure together")).toHaveValue("0");
  await expect(teacher.getByLabel("By", { exact: true })).toHaveValue(day);
  await expectAccessible(teacher);

  await teacher.getByLabel("Facts to secure together").fill("4");
  await teacher.getByRole("button", { name: `Save the goal for ${klass.name}` }).click();
  await expect(flash(teacher)).toContainText("The class goal is set.");
  const goalWords = `Our class goal: 4 facts secured by ${goalDayWords(day)}.`;
  await expect(teacher.getByTestId("class-goal")).toContainText(`${goalWords} 0 so far.`);
  await expectAccessible(teacher);

  // Two pupils secure facts today: the bar counts them together, and names neither.
  addStickers(ada!.id, ["*2,1", "*2,2"]);
  addStickers(ben!.id, ["*3,1"]);
  await logIn(page, "/student-login", ada!.code, /\/student-game$/);
  const bar = page.getByRole("region", { name: "Our class goal" });
  await expect(bar).toContainText(`${goalWords} 3 so far.`);
  await expect(bar.getByRole("progressbar")).toHaveAttribute("value", "3");
  await expect(bar).not.toContainText("Ben");
  await expectAccessible(page);

  addStickers(ben!.id, ["*3,2"]);
  await page.reload();
  await expect(bar).toContainText("We did it: 4 secured together. Well done, everyone.");
  await expectAccessible(page);

  await teacher.reload();
  await expect(teacher.getByTestId("class-goal")).toContainText("We did it");
  // And on the teacher's dashboard, as the pupils see it.
  await teacher.goto(`/teacher-dashboard?class=${klass.id}`);
  await expect(teacher.getByRole("region", { name: "Our class goal" })).toContainText(
    "We did it: 4 secured together. Well done, everyone.",
  );
  await expectAccessible(teacher);
  await teacherContext.close();
});
