import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { newBrowser, playSoloGame, signUpByPhone } from "./helpers/accounts";
import { makeSchool } from "./helpers/school";
import { ageRun } from "./helpers/run-clock";
import { keepScreenshot } from "./helpers/screenshots";

/*
 * The site on a small phone, a phone and a school PC (docs/product.md#header-and-footer): nothing is wider than
 * the screen on any page, and the header reaches every mode, with JavaScript and without. With E2E_SCREENSHOTS=1 each
 * screen is saved as a screenshot in the run's results (not compared: they are there to be looked at).
 */

const WIDTHS = [
  { name: "phone-320", width: 320, height: 640 },
  { name: "phone-390", width: 390, height: 844 },
  { name: "desktop-1280", width: 1280, height: 800 },
] as const;

/** `touch`: the main public pages, whose every control a child's finger must hit on a phone (see tooSmall). */
const PAGES = [
  { name: "home", path: "/", touch: true },
  { name: "game-start", path: "/game", touch: true },
  { name: "daily-challenge", path: "/daily-challenge", touch: true },
  { name: "two-player", path: "/two-player", touch: true },
  { name: "leaderboard", path: "/leaderboard?period=all-time&board=hard&time=30", touch: true },
  { name: "auth", path: "/auth", touch: true },
  { name: "contact", path: "/contact" },
  { name: "school", path: "/school" },
  { name: "about", path: "/about" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "teacher-login", path: "/teacher-login" },
  { name: "student-login", path: "/student-login" },
  { name: "admin-login", path: "/admin" },
  { name: "not-found", path: "/no-such-page" },
] as const;

/** How far the page is wider than the screen, in CSS pixels (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const screenshot = (page: Page, info: TestInfo, name: string) => keepScreenshot(page, info, name, { fullPage: true });

/** Sets the screen to `size` and checks the page fits it: measured once the layout has settled after the change. */
async function expectFits(page: Page, size: (typeof WIDTHS)[number], what: string) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await expect.poll(() => overflow(page), { message: `${what} at ${size.width} px` }).toBe(0);
}

// Each page is loaded once and measured at the three widths in turn: its layout is the stylesheet's alone (no script
// reads the screen's size), so a page resized to a width lays out as one opened at it, and the walk costs one load a
// page, not three. On a phone (320 and 390 px) the same walk checks every control of the main pages, the open Menu and
// the game is at least 44 × 44 px.
test("every page fits a 1280, 390 and 320 px wide screen, and on a phone its controls a finger", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const phone = (size: (typeof WIDTHS)[number]) => size.width <= 600;
  // The desktop first: the phone's Menu, opened for its check, is closed again before the next width.
  const widths = [WIDTHS[2], WIDTHS[1], WIDTHS[0]];
  for (const entry of PAGES) {
    const { name, path } = entry;
    await page.goto(path);
    for (const size of widths) {
      await expectFits(page, size, path);
      await screenshot(page, info, `${name}-${size.name}`);
      if (phone(size) && "touch" in entry) await expectFingerSized(page, `${name} (${path}) at ${size.width} px`);
    }
  }

  // The play screen and a game's results, played through the game's own endpoints from this browser.
  await page.goto("/game?difficulty=hard&timeLimit=30");
  await page.getByRole("button", { name: "Start Game" }).click();
  await expect(page.getByLabel("Your answer")).toBeVisible();
  for (const size of widths) {
    await expectFits(page, size, "the play screen");
    await screenshot(page, info, `game-play-${size.name}`);
    // The number pad's keys, Enter, the answer field and the Sound box.
    if (phone(size)) expect(await tooSmall(page, ".game-play"), `the play screen at ${size.width} px`).toEqual([]);
  }

  const started = await page.request.get("/game/start?difficulty=normal&timeLimit=300&operations=multiply");
  const { run } = (await started.json()) as { run: { token: string } };
  const { token } = await ageRun(page.request, run.token, 1_200); // one answer at a person's pace
  const answers = [{ i: 0, value: "123456", t: 1_000 }];
  const finished = await page.request.post("/game/finish", { data: { token, answers } });
  const { runId } = (await finished.json()) as { runId: string };
  await page.goto(`/game/results/${runId}`);
  await expect(page.getByTestId("results")).toBeVisible();
  for (const size of widths) {
    await expectFits(page, size, "the results");
    await screenshot(page, info, `game-results-${size.name}`);
  }
});

const MODES = [
  { link: "Play", url: /\/game$/, heading: "Ready to play?" },
  // Its heading is the day's challenge: the eyebrow says what the page is.
  { link: "Daily Challenge", url: /\/daily-challenge$/, heading: /\S/ },
  { link: "Two Player", url: /\/two-player$/, heading: "Two Player Maths" },
  { link: "Live game", url: /\/live$/, heading: "Join a live game" },
  { link: "Leaderboards", url: /\/leaderboard$/, heading: "Leaderboards" },
  { link: "Login", url: /\/auth$/, heading: "Sign In" },
] as const;

for (const size of [WIDTHS[1], WIDTHS[2]]) {
  test(`the header reaches every mode on a ${size.width} px screen`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const phone = size.width <= 600;
    const js = test.info().project.use.javaScriptEnabled !== false;
    for (const mode of MODES) {
      await page.goto("/about");
      if (js) {
        // Hydrated: React's effects have run once ScrollRestoration's has. A mark that only this document carries.
        await page.waitForFunction(() => window.history.scrollRestoration === "manual");
        await page.evaluate(() => document.body.setAttribute("data-same-document", ""));
      }
      const header = page.getByRole("banner");
      // On a phone the links are behind the Menu button (a <details>, so it opens without JavaScript too).
      if (phone) {
        await expect(header.getByRole("link", { name: mode.link, exact: true })).toBeHidden();
        await header.getByText("Menu", { exact: true }).click();
      }
      const link = header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: mode.link, exact: true });
      await link.click();
      await expect(page).toHaveURL(mode.url);
      await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(mode.heading);
      // With JavaScript the header's links are followed in the app, as Remix's own links are: no new document.
      if (js) await expect(page.locator("body[data-same-document]")).toHaveCount(1);
      // The section shown is marked in the header.
      if (phone) await header.getByText("Menu", { exact: true }).click();
      await expect(
        header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: mode.link, exact: true }),
      ).toHaveAttribute("aria-current", "page");
    }
  });
}

// docs/product.md#play-screen-sizes: the smallest phone starts a game from the first screen, scrolling nothing.
test("the solo start's Start Game is on the first screen of a 320 × 568 phone", async ({ page }, info) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto("/game");
  const start = page.getByRole("button", { name: "Start Game", exact: true });
  await expect(start).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Every choice is still on the first screen (each a finger's 44 px: the walk above checks them at 320 px wide).
  for (const name of ["Normal", "Hard", "Extreme", "Multiply", "30s", "5m"])
    await expect(page.getByRole("radio", { name }).or(page.getByRole("checkbox", { name }))).toBeInViewport();
  expect(await overflow(page)).toBe(0);
  await keepScreenshot(page, info, "game-start-320x568");
});

test("the footer's links and the site's name lead to their pages", async ({ page }) => {
  const js = test.info().project.use.javaScriptEnabled !== false;
  await page.goto("/leaderboard");
  if (js) {
    await page.waitForFunction(() => window.history.scrollRestoration === "manual");
    await page.evaluate(() => document.body.setAttribute("data-same-document", ""));
  }
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Maths Sprint/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How Fast Can You Think?");
  // Followed in the app with JavaScript, so the page never reloaded; Back returns to the page before.
  if (js) await expect(page.locator("body[data-same-document]")).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

/**
 * The errors the page reports while it loads and hydrates: React's hydration mismatches (in a production build,
 * "Minified React error #418/#423/#425") and any other uncaught error or console error.
 */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

/** Loads `path` and waits until React has hydrated it (its effects have run once ScrollRestoration's has). */
async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
  // A frame drawn after the next one, so a late mismatch has been reported too.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// The header, the footer, the boards and the leaderboard's tabs are sent as markup the server keeps per props
// (useCachedMarkup, docs/decisions/0032-kept-markup-for-the-site-chrome.md): React must find in it exactly what it
// would have drawn.
test("every page hydrates without an error, for a visitor, a member, a teacher and a pupil @js-only", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const school = makeSchool();
  const newPage = async () => (await newBrowser(browser)).newPage();
  const visitor = await newPage();
  const visitorErrors = pageErrors(visitor);
  for (const { path } of PAGES.filter((p) => p.name !== "not-found")) await hydrated(visitor, path);
  expect(visitorErrors).toEqual([]);

  const member = await newPage();
  const { username } = await signUpByPhone(member);
  // A score of their own, so the boards they load have rows (kept per exact rows: docs/decisions/0033-kept-markup-for-boards.md).
  await playSoloGame(member, 2);
  const memberErrors = pageErrors(member);
  await hydrated(member, "/leaderboard?period=daily&board=normal&time=30");
  await expect(member.getByTestId("board-row").first()).toBeVisible();
  for (const path of ["/", "/game", "/leaderboard", "/about", "/settings"]) await hydrated(member, path);
  await expect(
    member
      .getByRole("banner")
      .getByRole("link", { name: `Settings for ${username}`, exact: true })
      .first(),
  ).toHaveAttribute("aria-current", "page");
  expect(memberErrors).toEqual([]);

  const teacher = await newPage();
  const teacherErrors = pageErrors(teacher);
  await teacher.goto("/teacher-login");
  await teacher.getByLabel("Login code", { exact: true }).fill(school.teacher.code);
  await teacher.getByRole("button", { name: "Login", exact: true }).click();
  await expect(teacher).toHaveURL(/\/teacher-dashboard$/);
  for (const path of ["/teacher-dashboard", "/", "/leaderboard"]) await hydrated(teacher, path);
  expect(teacherErrors).toEqual([]);

  const pupil = await newPage();
  const pupilErrors = pageErrors(pupil);
  await pupil.goto("/student-login");
  await pupil.getByLabel("Login code", { exact: true }).fill(school.classes[0]!.students[0]!.code);
  await pupil.getByRole("button", { name: "Login", exact: true }).click();
  await expect(pupil).toHaveURL(/\/student-game$/);
  for (const path of ["/student-game", "/student-progress", "/game"]) await hydrated(pupil, path);
  await expect(pupil.getByRole("banner").getByRole("link", { name: "My maths" }).first()).toBeVisible();
  expect(pupilErrors).toEqual([]);
});

test("the phone's Menu closes on Escape, and after a link in it is followed @js-only", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await hydrated(page, "/about");
  const menu = page.getByRole("banner").locator("details");
  const button = page.getByRole("banner").getByText("Menu", { exact: true });

  await button.click();
  await expect(menu).toHaveAttribute("open", "");
  await menu.getByRole("link", { name: "Two Player", exact: true }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(page.locator("summary")).toBeFocused();

  await button.click();
  await menu.getByRole("link", { name: "Leaderboards", exact: true }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leaderboards");
  await expect(menu).not.toHaveAttribute("open", "");
});

/**
 * The controls inside `within` that a finger can hit and that are smaller than 44 × 44 px on screen (WCAG 2.5.5):
 * every button (and link drawn as one), the Menu, the header's links, form controls (a radio or checkbox by its
 * label, the card a finger presses) and any link that stands on its own. A link inside running text is exempt, as
 * WCAG 2.5.8 allows (its size is the line's).
 */
async function tooSmall(page: Page, within = "body"): Promise<string[]> {
  return page.locator(within).evaluate((root) => {
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    const squashed = (text: string | null) => (text ?? "").replace(/\s+/g, "");
    // An inline link whose block holds words of its own besides its links: a link in a sentence.
    const inSentence = (link: Element) => {
      if (getComputedStyle(link).display !== "inline") return false;
      let block = link.parentElement;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      let words = squashed(block?.textContent ?? null);
      for (const other of Array.from(block?.querySelectorAll("a") ?? []))
        words = words.replace(squashed(other.textContent), "");
      return words !== "";
    };
    const small: string[] = [];
    const controls = root.querySelectorAll("a[href], button, summary, select, textarea, input:not([type=hidden])");
    for (const control of Array.from(controls)) {
      if (!shown(control) || (control.tagName === "A" && inSentence(control))) continue;
      const choice = control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox");
      const target = choice ? (control.closest("label") ?? control.labels?.[0] ?? control) : control;
      const box = target.getBoundingClientRect();
      if (box.width >= 44 && box.height >= 44) continue;
      const name =
        control.textContent?.trim() || control.getAttribute("aria-label") || control.getAttribute("name") || "";
      small.push(`${control.tagName.toLowerCase()} "${name}": ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return small;
  });
}

/**
 * On a phone: every control of the page, then of the header's links behind the Menu, is at least 44 × 44 px. The
 * Menu is closed again, as the page was.
 */
async function expectFingerSized(page: Page, what: string) {
  expect(await tooSmall(page), what).toEqual([]);
  const menu = page.getByRole("banner").getByText("Menu", { exact: true });
  const firstLink = page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
  await menu.click();
  await expect(firstLink).toBeVisible();
  expect(await tooSmall(page, ".site-header"), `the open Menu on ${what}`).toEqual([]);
  await menu.click();
  await expect(firstLink).toBeHidden();
}
