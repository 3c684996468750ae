import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { closeTestContexts } from "./helpers/contexts";
import { humanPace } from "./helpers/pace";
import { makeSchool } from "./helpers/school";
import { solve } from "./helpers/solve";

/*
 * The live class game end to end (docs/product.md#live-game): a teacher hosts on the big screen, five pupils join
 * from their own browsers (one without JavaScript, one with their login code on the join page), a stranger joins
 * with a made-up name, everyone plays, one pupil reloads mid-game and carries on, the round ends (the test route,
 * no clock waits) and the teacher's report shows every answer. The test mixes browsers with and without
 * JavaScript itself, so it runs once, in the JavaScript project.
 */

test.describe.configure({ timeout: 120_000 });
test.afterEach(closeTestContexts);

type Player = { page: Page; name: string; js: boolean; pace: () => Promise<void>; answers: number };

async function contextPage(browser: Browser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: js });
  return context.newPage();
}

async function logInPupil(page: Page, code: string) {
  await page.goto("/student-login");
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/student-game/);
}

/** One answer, right, at a person's pace. */
async function answerOne(player: Player) {
  const problem = player.page.getByTestId("problem");
  await expect(problem).toBeVisible({ timeout: 15_000 });
  const text = (await problem.getAttribute("data-problem"))!;
  await player.pace();
  const field = player.page.getByLabel("Your answer");
  await field.fill(solve(text));
  await field.press("Enter");
  player.answers += 1;
  await expect(player.page.getByTestId("score")).toHaveText(`Score: ${player.answers}`);
}

test("a teacher hosts, five pupils and a stranger play to the podium, the report shows every answer @js-only", async ({
  browser,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const names = ["Amara", "Bilal", "Chloe", "Dev", "Ella"];
  const school = makeSchool([names.map((name) => ({ name: `${name} ${tag}` }))]);
  const klass = school.classes[0]!;

  // The teacher opens a game for the class.
  const teacher = await contextPage(browser, true);
  await teacher.goto("/teacher-login");
  await teacher.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await teacher.getByRole("button", { name: "Login", exact: true }).click();
  await expect(teacher).toHaveURL(/teacher-dashboard/);
  await teacher.goto("/live/host");
  await expectAccessible(teacher);
  await teacher.getByLabel("Class", { exact: true }).selectOption({ label: klass.name });
  await teacher.getByLabel("How long").selectOption("30");
  // The stranger below needs the door open to guests (a class's game is its pupils' by default).
  await teacher.getByLabel(/Let guests join/).check();
  await teacher.getByRole("button", { name: "Open the game" }).click();
  const code = (await teacher.getByTestId("join-code").textContent())!.replace(/\s/g, "");
  expect(code).toMatch(/^\d{11}$/);

  // Four pupils with JavaScript, the last without, each on their own device at once. The first logs in on the join
  // page itself.
  const players: Player[] = await Promise.all(
    names.map(async (name, k) => {
      const js = k < 4;
      const page = await contextPage(browser, js);
      const pupil = klass.students[k]!;
      if (k === 0) {
        await page.goto(`/live?code=${code}`);
        if (js) await expectAccessible(page);
        await page.getByLabel("Login code", { exact: true }).fill(pupil.code);
        await page.getByRole("button", { name: "Login", exact: true }).click();
      } else {
        await logInPupil(page, pupil.code);
        await page.goto(`/live?code=${code}`);
      }
      await page.getByRole("button", { name: `Join as ${pupil.name}` }).click();
      await expect(page.getByTestId("my-name")).toHaveText(name);
      return { page, name, js, pace: humanPace(), answers: 0 };
    }),
  );
  await expectAccessible(players[0]!.page);

  // A stranger joins with a made-up name: nothing on their page names a pupil.
  const stranger = await contextPage(browser, true);
  // The word lists are kept markup (docs/speed-shortcuts.md): React must hydrate them without a mismatch.
  const strangerErrors: string[] = [];
  stranger.on("pageerror", (error) => strangerErrors.push(error.message));
  stranger.on("console", (message) => {
    if (message.type() === "error") strangerErrors.push(message.text());
  });
  await stranger.goto(`/live?code=${code}`);
  await stranger.waitForFunction(() => window.history.scrollRestoration === "manual");
  await stranger.getByLabel("First word").selectOption("Brave");
  await stranger.getByLabel("Animal").selectOption("Otter");
  await stranger.getByRole("button", { name: "Join the game" }).click();
  await expect(stranger.getByTestId("my-name")).toHaveText("Brave Otter");
  expect(strangerErrors).toEqual([]);

  // The big screen: every name, then Start.
  const race = teacher.getByTestId("race");
  for (const name of [...names, "Brave Otter"]) await expect(race).toContainText(name);
  await expectAccessible(teacher);
  await teacher.getByRole("button", { name: "Start" }).click();

  // Everyone plays; the first pupil reloads mid-game and carries on.
  await Promise.all(players.map(answerOne));
  const first = players[0]!;
  await Promise.all([
    (async () => {
      // Once the server holds the first answer (the big screen shows it), the reload carries on from there.
      await expect(race.locator("li").filter({ hasText: "Amara" })).toContainText("1 right");
      await first.page.reload();
      await answerOne(first);
    })(),
    ...players.slice(1).map(answerOne),
  ]);
  await expect(race).toContainText("Amara");
  await expect(race.locator("li").filter({ hasText: "Amara" })).toContainText("2 right");
  // An answer the network lost before the server took it survives a reload: the page sends it again.
  await first.page.route("**/answer", (route) => route.abort());
  await answerOne(first);
  await first.page.reload();
  await expect(first.page.getByTestId("score")).toHaveText("Score: 3");
  await first.page.unroute("**/answer");
  await expect(race.locator("li").filter({ hasText: "Amara" })).toContainText("3 right");

  // A player cannot answer for someone else: an answer without their token gets the answer for no game.
  const forged = await stranger.request.post(`/live/${code}/answer`, {
    data: { answers: [{ i: 0, value: "1", t: 1000 }] },
    headers: { Cookie: `live_player_${code}=${"0".repeat(32)}` },
  });
  expect(forged.status()).toBe(409);
  const body = await stranger.content();
  for (const name of names) expect(body).not.toContain(name);

  // The end (the test route, no clock wait): the podium on the big screen, each pupil's own place.
  const ended = await teacher.request.post("/_test/live-end", { data: { code } });
  expect(await ended.json()).toEqual({ ended: true });
  await expect(teacher.getByRole("heading", { name: "The podium" })).toBeVisible();
  for (const player of players) {
    if (!player.js) await player.page.goto(`/live/${code}`);
    await expect(player.page.getByTestId("my-result")).toContainText(/You came \d+(st|nd|rd|th) of 6\./);
  }
  await expect(stranger.getByTestId("my-result")).toContainText("You came");
  // Nor after the end.
  const late = await first.page.request.post(`/live/${code}/answer`, {
    data: { answers: [{ i: 2, value: "1", t: 5000 }] },
  });
  expect(late.status()).toBe(409);

  // The report: every answer of every pupil.
  await teacher.getByRole("link", { name: "See the report" }).click();
  for (const player of players) {
    const section = teacher.locator(".live-report-player").filter({ hasText: `${player.name}:` });
    await expect(section.getByRole("heading")).toHaveText(
      `${player.name}: ${player.answers} right of ${player.answers}`,
    );
    await expect(section.locator("tbody tr")).toHaveCount(player.answers);
  }
  await expectAccessible(teacher);
});
