import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { closeTestContexts } from "./helpers/contexts";
import { makeSchool, type SchoolFixture } from "./helpers/school";
import { solve } from "./helpers/solve";
import { gotoSettled, reloadSettled } from "./helpers/navigation";

/*
 * Who gets a seat in a live game, end to end (docs/product.md#live-game, docs/decisions/0071-live-seats-for-the-class.md):
 * a class's game turns a stranger away until the teacher lets guests in, the teacher locks and unlocks the door, a
 * removed player stays out with a new cookie, and a script's race is marked and left off the podium. Each person
 * has a browser of their own, with or without JavaScript as the project runs; the big screen without JavaScript is
 * read again after each change (its stream needs JavaScript).
 */

test.describe.configure({ timeout: 90_000 });
test.afterEach(closeTestContexts);

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * A browser of its own. A stranger's comes from an address of its own (the test routes' X-Test-Client-Address), so
 * the joins it is refused count against that address, not against the machine every test shares
 * (docs/decisions/0072-live-games-closed-to-strangers.md).
 */
async function contextPage(browser: Browser, { stranger = false } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: jsOn(),
    ...(stranger ? { extraHTTPHeaders: { "X-Test-Client-Address": randomAddress() } } : {}),
  });
  return context.newPage();
}

const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

async function logIn(page: Page, path: "/teacher-login" | "/student-login", code: string, lands: RegExp) {
  await page.goto(path);
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(lands);
}

/** The teacher opens a game for their first class: its code and their big screen. */
async function openGame(browser: Browser, school: SchoolFixture, { guests = false } = {}) {
  const teacher = await contextPage(browser);
  await logIn(teacher, "/teacher-login", school.teacher.code, /teacher-dashboard/);
  await teacher.goto("/live/host");
  if (guests) await teacher.getByLabel(/Let guests join/).check();
  await teacher.getByRole("button", { name: "Open the game" }).click();
  // The code as typed: the big screen shows it in groups of digits.
  const code = (await teacher.getByTestId("join-code").textContent())!.replace(/\s/g, "");
  /** The big screen as it is now (without JavaScript, read again). */
  const screen = async () => {
    if (!jsOn()) await reloadSettled(teacher);
    return teacher;
  };
  return { teacher, code, screen };
}

async function joinAsGuest(page: Page, code: string) {
  await page.goto(`/live?code=${code}`);
  await page.getByLabel("First word").selectOption("Brave");
  await page.getByLabel("Animal").selectOption("Otter");
  await page.getByRole("button", { name: "Join the game" }).click();
}

async function pupilPage(browser: Browser, code: string, pupil: { code: string; name: string }) {
  const page = await contextPage(browser);
  await logIn(page, "/student-login", pupil.code, /student-game/);
  await page.goto(`/live?code=${code}`);
  return page;
}

test("a class's game turns a stranger away until the teacher lets guests in; the teacher locks and unlocks the door", async ({
  browser,
}) => {
  const school = makeSchool([[{ name: "Ada" }, { name: "Ben" }]]);
  const ada = school.classes[0]!.students[0]!;
  const { teacher, code, screen } = await openGame(browser, school);
  const door = teacher.getByTestId("door");
  await expect(door).toContainText("Only pupils of the class can join.");

  // A stranger is answered as for a code no game has: the game does not say it is there.
  const stranger = await contextPage(browser, { stranger: true });
  await joinAsGuest(stranger, code);
  await expect(stranger.locator(".error-summary")).toContainText("No game with this code is open to you.");
  await expectAccessible(stranger);

  await teacher.getByRole("button", { name: "Let guests join" }).click();
  await expect(door).toContainText("Pupils of the class and guests can join.");
  await joinAsGuest(stranger, code);
  await expect(stranger.getByTestId("my-name")).toHaveText("Brave Otter");
  await expect((await screen()).getByTestId("race")).toContainText("Brave Otter (guest)");
  await expect(teacher.getByTestId("latest-join")).toHaveText("Just joined: Brave Otter");

  await teacher.getByRole("button", { name: "Lock the game" }).click();
  await expect(door).toContainText("Locked: no one new can join.");
  const pupil = await pupilPage(browser, code, ada);
  const joinAda = pupil.getByRole("button", { name: `Join as ${ada.name}` });
  await joinAda.click();
  await expect(pupil.locator(".error-summary")).toContainText("This game is not letting anyone new join.");
  await expectAccessible(pupil);

  await teacher.getByRole("button", { name: "Unlock the game" }).click();
  await expect(door).toContainText("Pupils of the class and guests can join.");
  await pupil.goto(`/live?code=${code}`);
  await joinAda.click();
  await expect(pupil.getByTestId("my-name")).toHaveText("Ada");
  await expect((await screen()).getByTestId("race")).toContainText("Ada");
  await expectAccessible(teacher);
});

test("a removed player stays out, with a new player cookie and with a new browser for a pupil", async ({ browser }) => {
  const school = makeSchool([[{ name: "Ada" }, { name: "Ben" }]]);
  const ben = school.classes[0]!.students[1]!;
  const { teacher, code, screen } = await openGame(browser, school, { guests: true });
  const stranger = await contextPage(browser, { stranger: true });
  await joinAsGuest(stranger, code);
  await expect(stranger.getByTestId("my-name")).toHaveText("Brave Otter");
  const pupil = await pupilPage(browser, code, ben);
  await pupil.getByRole("button", { name: `Join as ${ben.name}` }).click();
  await expect(pupil.getByTestId("my-name")).toHaveText("Ben");

  const race = (await screen()).getByTestId("race");
  await teacher.getByRole("button", { name: "Remove Brave Otter" }).click();
  await expect((await screen()).getByTestId("race")).not.toContainText("Brave Otter");
  await teacher.getByRole("button", { name: "Remove Ben" }).click();
  await expect(race).not.toContainText("Ben");

  // The stranger's browser keeps only its browser id (its player cookie dropped): still out.
  const kept = (await stranger.context().cookies()).filter((cookie) => cookie.name === "live_browser");
  expect(kept).toHaveLength(1);
  const again: BrowserContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: jsOn(),
    extraHTTPHeaders: { "X-Test-Client-Address": randomAddress() },
  });
  await again.addCookies(kept);
  const back = await again.newPage();
  await joinAsGuest(back, code);
  // Without its secret for the game it is a stranger again, and answered as one: no seat, no word of the game.
  await expect(back.locator(".error-summary")).toContainText("No game with this code is open to you.");
  await expectAccessible(back);

  // The pupil, from a browser that never saw the game: their account keeps them out.
  const elsewhere = await pupilPage(browser, code, ben);
  await elsewhere.getByRole("button", { name: `Join as ${ben.name}` }).click();
  await expect(elsewhere.locator(".error-summary")).toContainText("Your teacher took you out of this game.");
  await expect((await screen()).getByTestId("door")).toContainText("Turned away: 2.");
});

test("a script's race is marked in kind words and left off the podium", async ({ browser }) => {
  const school = makeSchool([[{ name: "Ada" }, { name: "Ben" }]]);
  const ada = school.classes[0]!.students[0]!;
  const ben = school.classes[0]!.students[1]!;
  const { teacher, code, screen } = await openGame(browser, school);
  const child = await pupilPage(browser, code, ada);
  await child.getByRole("button", { name: `Join as ${ada.name}` }).click();
  await expect(child.getByTestId("my-name")).toHaveText("Ada");
  const script = await pupilPage(browser, code, ben);
  await script.getByRole("button", { name: `Join as ${ben.name}` }).click();
  await expect(script.getByTestId("my-name")).toHaveText("Ben");
  await expect((await screen()).getByTestId("race")).toContainText("Ben");
  await teacher.getByRole("button", { name: "Start" }).click();
  // As if the round had been played for 30 s: the script's answers need the time they claim.
  // With JavaScript the Start press is sent in the background: rewound once the round has started.
  await expect
    .poll(async () => {
      const rewound = await teacher.request.post("/_test/live-end", { data: { code, rewindSeconds: 30 } });
      return (await rewound.json()) as unknown;
    })
    .toEqual({ rewound: true });

  // The script reads each sum from the page and sends its answer 420 ms after the last, like a metronome (its
  // requests as fast as the game's limit of answer requests a second lets them through: a 429 is sent again).
  const problemOnPage = async () => {
    const html = await script.request.get(`/live/${code}`).then((response) => response.text());
    return /data-problem="([^"]+)"/.exec(html)?.[1] ?? null;
  };
  // Ten answers: five right ones faster than people answer are enough to hold a run (app/game/pace.ts).
  const ANSWERS = 10;
  for (let i = 0; i < ANSWERS; i++) {
    let text: string | null = null;
    await expect.poll(async () => (text = await problemOnPage()), { intervals: [100] }).not.toBeNull();
    let reply: unknown;
    await expect
      .poll(
        async () => {
          const sent = await script.request.post(`/live/${code}/answer`, {
            data: { answers: [{ i, value: solve(text!), t: 600 + i * 420 }] },
          });
          reply = await sent.json();
          return sent.status();
        },
        { intervals: [250] },
      )
      .toBe(200);
    expect(reply).toMatchObject({ held: i + 1, right: i + 1 });
  }
  const ended = await teacher.request.post("/_test/live-end", { data: { code } });
  expect(await ended.json()).toEqual({ ended: true });

  const big = await screen();
  await expect(big.getByRole("heading", { name: "The podium" })).toBeVisible();
  await expect(big.locator(".live-podium")).toContainText("1st Ada");
  await expect(big.locator(".live-podium")).not.toContainText("Ben");
  await expect(big.getByTestId("race").locator("li").filter({ hasText: "Ben" })).toContainText("score being checked");
  await expectAccessible(big);
  if (!jsOn()) await gotoSettled(script, `/live/${code}`);
  await expect(script.getByTestId("my-result")).toContainText(
    `Your score is being checked, so it is not on the podium. ${ANSWERS} right.`,
  );
  for (const page of [big, script]) expect(await page.content()).not.toMatch(/cheat/i);
  await expectAccessible(script, { allowTimedRefresh: true });
});
