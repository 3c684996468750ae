import { expect, test } from "@playwright/test";
import { flash, mailsTo, newBrowser, uniqueEmail } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { waitForMail } from "./helpers/outbox";
import { makeSchool } from "./helpers/school";

/*
 * The weekly digest (docs/product.md#weekly-digest), with JavaScript and without: a teacher asks for it from the
 * dashboard and confirms the address from the mailed link; the test route runs the job now and the digest is read
 * from the outbox; its unsubscribe link works signed out, in a browser of its own (GET a page, the button stops it).
 */

const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

test("a teacher opts in and confirms, gets the digest, and unsubscribes signed out", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const school = makeSchool();
  const klass = school.classes[0]!;
  const [ada, ben] = klass.students;
  // No games: what the digest says of them is the integration tests' (tests/integration/weekly-digest.test.ts).
  const email = uniqueEmail("digest");

  await page.goto("/teacher-login");
  await page.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
  await page.getByRole("link", { name: "Weekly e-mail about your classes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weekly e-mail about your classes");
  await expect(page.getByTestId("digest-state")).toHaveText("You do not get the weekly e-mail.");

  // Ticked without an address: the form's messages, nothing sent.
  await page.getByLabel("Send me a weekly e-mail about my classes").check();
  await page.getByLabel("Your e-mail address").fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
    "Enter your e-mail address",
  );
  await expectAccessible(page);

  await page.getByLabel("Send me a weekly e-mail about my classes").check();
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(flash(page)).toContainText(`Nearly done! We sent a link to ${email}.`);
  await expect(page.getByTestId("digest-state")).toHaveText(
    `We sent a link to ${email}. Open it to start the weekly e-mail.`,
  );

  // The link in the mail: a page with one button (opening it starts nothing), then the button.
  const confirmMail = await waitForMail(email);
  expect(confirmMail.subject).toBe("Start your weekly e-mail from Maths Sprint");
  const confirmLink = /https?:\/\/\S+\/digest\/confirm\/\S+/.exec(confirmMail.text)![0];
  await page.goto(pathOf(confirmLink));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Start the weekly e-mail");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Start the weekly e-mail" }).click();
  await expect(page.getByTestId("digest-done")).toHaveText(
    "Thank you. The weekly e-mail is on. You will get one each week.",
  );
  await page.goto("/teacher-dashboard/digest");
  await expect(page.getByTestId("digest-state")).toHaveText(`The weekly e-mail goes to ${email}.`);

  // The job, now: the digest names the class and its pupils; a second run sends nothing more this week.
  expect((await page.request.post("/_test/run-digest")).ok()).toBe(true);
  const digest = await waitForMail(email, 2);
  expect(digest.subject).toBe("Maths Sprint: your classes this week");
  expect(digest.text).toContain(`== ${klass.name} ==\n0 of 2 pupils played this week (0 games).`);
  expect(digest.text).toContain(`Did not play this week:\n- ${ada!.name}\n- ${ben!.name}`);
  const saved = digest as typeof digest & { html?: string; headers?: Record<string, string> };
  expect(saved.html).toContain(`<h2 style=`);
  const unsubscribe = /https?:\/\/\S+\/digest\/unsubscribe\/\S+/.exec(digest.text)![0];
  expect(saved.headers).toEqual({
    "List-Unsubscribe": `<${unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });
  expect((await page.request.post("/_test/run-digest")).ok()).toBe(true);
  expect(mailsTo(email)).toHaveLength(2);

  // Signed out, in a browser of its own: the link's page, then its button.
  const elsewhere = await newBrowser(browser);
  const reader = await elsewhere.newPage();
  await reader.goto(pathOf(unsubscribe));
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Stop the weekly e-mail");
  await expectAccessible(reader);
  await reader.getByRole("button", { name: "Stop the weekly e-mail" }).click();
  await expect(reader.getByTestId("digest-done")).toHaveText(
    "Done. You will not get the weekly e-mail any more. You can start it again from your dashboard.",
  );
  await elsewhere.close();

  await page.reload();
  await expect(page.getByTestId("digest-state")).toHaveText("You do not get the weekly e-mail.");
  // A forged link: the 404 that says so.
  const forged = await page.goto(`/digest/unsubscribe/${school.teacher.id}.forged`);
  expect(forged?.status()).toBe(404);
  await expect(page.getByText("This link does not work. It may be old, or mistyped.")).toBeVisible();
});
