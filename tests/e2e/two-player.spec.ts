import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { solve } from "./helpers/solve";

const jsOff = () => test.info().project.use.javaScriptEnabled === false;

/** The no-JavaScript note's first words. */
const NEEDS_JS = "Taking turns needs JavaScript.";

/** The page is alive (its no-JavaScript note gone): a choice made while it hydrates is its own test, below. */
async function untilAlive(page: Page) {
  await expect(page.getByText(NEEDS_JS, { exact: true })).toBeHidden();
}

/** The name fields the page shows. */
const nameFields = (page: Page) => page.getByRole("group", { name: "Player names" }).getByRole("textbox");

/** Chooses the number of players: with JavaScript the fields follow the select; without it, its button asks again. */
async function choosePlayers(page: Page, count: number) {
  await page.getByLabel("Players").selectOption(String(count));
  if (!jsOff()) return;
  await page.getByRole("button", { name: "Show name fields" }).click();
  await expect(page).toHaveURL(new RegExp(`/two-player\\?players=${count}$`));
}

async function setUp(page: Page, names: string[], rounds: number) {
  await untilAlive(page);
  await page.getByLabel("Players").selectOption(String(names.length));
  for (const [i, name] of names.entries()) await page.getByLabel(`Player ${i + 1}`, { exact: true }).fill(name);
  await page.getByLabel("Rounds").selectOption(String(rounds));
  await page.getByRole("button", { name: "Start Game" }).click();
}

/** One 60-second turn: `right` correct answers and `wrong` wrong ones, then the clock runs out. */
async function playTurn(page: Page, name: string, right: number, wrong = 0) {
  await expect(page.getByRole("heading", { name: `${name}’s turn` })).toBeVisible();
  await expect(page.getByText("You have 60 seconds to answer as many questions as possible. Ready?")).toBeVisible();
  await page.getByRole("button", { name: "Start Turn" }).click();
  for (let i = 0; i < right + wrong; i++) {
    const problem = (await page.getByTestId("problem").getAttribute("data-problem")) ?? "";
    await page.getByLabel("Your answer").fill(i < right ? solve(problem) : `${solve(problem)}9`);
    await page.getByLabel("Your answer").press("Enter");
    await expect(page.getByTestId("score")).toHaveText(`${i + 1} questions answered`);
    // The right answers beside it, as big: the match is won on them.
    await expect(page.getByTestId("right-answers")).toHaveText(`${Math.min(i + 1, right)} correct`);
  }
  await page.clock.fastForward(61_000);
}

test.describe("a match on one device @js-only", () => {
  test("3 players, 2 rounds: turns, round summary, live scoreboard, a reload, and a winner", async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000); // four accessibility checks and six turns on a busy machine
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install();
    await page.goto("/two-player");
    await setUp(page, ["Ann", "Ben", "Cat"], 2);

    await expectAccessible(page);
    await playTurn(page, "Ann", 2);
    await playTurn(page, "Ben", 1, 1);
    await playTurn(page, "Cat", 3);

    await expect(page.getByRole("heading", { name: "Round 1 Complete!" })).toBeVisible();
    const roundScores = page.locator(".round-scores li");
    await expect(roundScores).toHaveText([
      "Ann 2 correct this round",
      "Ben 1 correct this round",
      "Cat 3 correct this round",
    ]);
    const scoreboard = page.getByRole("region", { name: "Scoreboard" });
    await expect(scoreboard.locator("tbody tr")).toHaveText(["1Cat33", "2Ann22", "3Ben12"]);
    await expectAccessible(page);

    // A reload in the middle keeps the match.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Round 1 Complete!" })).toBeVisible();
    await page.getByRole("button", { name: "Start Round 2" }).click();

    await playTurn(page, "Ann", 3);
    await playTurn(page, "Ben", 0);
    await playTurn(page, "Cat", 0, 2);

    await expect(page.getByRole("heading", { name: "Ann Wins!" })).toBeVisible();
    await expect(page.getByTestId("winner-line")).toHaveText("Ann answered 5 correctly out of 5 questions.");
    // A celebration (CSS only, hidden from screen readers).
    await expect(page.getByTestId("final").locator(".celebration")).toHaveAttribute("aria-hidden", "true");
    const rows = page.getByTestId("final-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Ann");
    await expect(rows.nth(0).getByRole("img", { name: "Gold medal" })).toBeVisible();
    // Medals are drawn (SVG), never emoji, which a school computer without an emoji font shows as empty boxes.
    await expect(rows.nth(0).getByRole("img", { name: "Gold medal" }).locator("svg")).toHaveCount(1);
    await expect(page.getByTestId("final")).not.toContainText(/\p{Extended_Pictographic}/u);
    await expect(rows.nth(0)).toContainText("100% accuracy");
    await expect(rows.nth(1)).toContainText("Cat");
    await expect(rows.nth(1)).toContainText("60% accuracy");
    await expect(rows.nth(2).getByRole("img", { name: "Bronze medal" })).toBeVisible();
    await expect(rows.nth(2)).toContainText("Ben");

    const share = page.getByRole("group", { name: "Share your result" });
    await expect(share.getByRole("link", { name: /Twitter/ })).toHaveAttribute(
      "href",
      /^https:\/\/twitter\.com\/intent\/tweet\?text=.+&url=http/,
    );
    // What is shared names no one: the players are often children.
    for (const link of await share.getByRole("link").all()) {
      const href = decodeURIComponent((await link.getAttribute("href")) ?? "");
      for (const name of ["Ann", "Ben", "Cat"]) expect(href).not.toContain(name);
    }
    expect(
      decodeURIComponent((await share.getByRole("link", { name: /Twitter/ }).getAttribute("href")) ?? ""),
    ).toContain("Our mental maths match was won with 5 correct answers! Can you beat that?");
    await expect(share.getByRole("link", { name: /Facebook/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http/,
    );
    await expect(share.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=http/,
    );
    for (const link of await share.getByRole("link").all()) await expect(link).toHaveAttribute("target", "_blank");
    await share.getByRole("button", { name: "Copy Link" }).click();
    await expect(page.getByRole("status")).toContainText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^http:\/\/localhost:\d+$/);
    await expectAccessible(page);

    // Play Again: same settings, scores back to zero.
    await page.getByRole("button", { name: "Play Again" }).click();
    await expect(page.getByRole("heading", { name: "Ann’s turn" })).toBeVisible();
    await expect(page.getByText("Round 1 of 2")).toBeVisible();
    await expect(scoreboard.locator("tbody tr")).toHaveText(["1Ann00", "1Ben00", "1Cat00"]);
    // Back to Setup asks first, then clears the match.
    page.once("dialog", (dialog) => void dialog.dismiss());
    await scoreboard.getByRole("button", { name: "Back to Setup" }).click();
    await expect(page.getByRole("heading", { name: "Ann’s turn" })).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await scoreboard.getByRole("button", { name: "Back to Setup" }).click();
    await expect(page.getByRole("heading", { name: "Two Player Maths" })).toBeVisible();
  });

  test("3 players, 2 rounds ending in a tie, then New Game Setup", async ({ page }) => {
    await page.clock.install();
    await page.goto("/two-player");
    await setUp(page, ["Dee", "Eli", "Fay"], 2);
    await playTurn(page, "Dee", 1);
    await playTurn(page, "Eli", 2);
    await playTurn(page, "Fay", 0, 1);
    await page.getByRole("button", { name: "Start Round 2" }).click();
    await playTurn(page, "Dee", 2);
    await playTurn(page, "Eli", 1, 1);
    await playTurn(page, "Fay", 1);
    await expect(page.getByRole("heading", { name: "It's a Tie!" })).toBeVisible();
    await expect(page.getByTestId("winner-line")).toHaveText("Dee and Eli each got 3 correct.");
    const rows = page.getByTestId("final-row");
    await expect(rows.nth(0).getByRole("img", { name: "Gold medal" })).toBeVisible();
    await expect(rows.nth(1).getByRole("img", { name: "Gold medal" })).toBeVisible();
    await expect(rows.nth(1)).toContainText("75% accuracy");
    await expect(rows.nth(2).getByRole("img", { name: "Bronze medal" })).toBeVisible();
    await expect(rows.nth(2)).toContainText("Fay");
    await expectAccessible(page);
    await page.getByRole("button", { name: "New Game Setup" }).click();
    await expect(page.getByLabel("Players")).toHaveValue("2");
    await expect(page.getByLabel("Player 1", { exact: true })).toHaveValue("");
  });
});

test("name fields start empty with their placeholder; a name left empty plays as 'Player N'", async ({ page }) => {
  await page.goto("/two-player");
  if (!jsOff()) await untilAlive(page);
  await choosePlayers(page, 3);
  for (const n of [1, 2, 3]) {
    const field = page.getByLabel(`Player ${n}`, { exact: true });
    await expect(field).toHaveValue("");
    await expect(field).toHaveAttribute("placeholder", `Player ${n}`);
  }
  // Tapping the field and typing gives the name typed, nothing before it.
  await page.getByLabel("Player 1", { exact: true }).click();
  await page.keyboard.type("Mia");
  await expect(page.getByLabel("Player 1", { exact: true })).toHaveValue("Mia");
  await page.getByLabel("Player 2", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Start Game" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toHaveCount(0);
  if (jsOff()) {
    await expect(page.getByRole("heading", { name: "Your match is ready: Mia, Player 2, Player 3" })).toBeVisible();
  } else {
    await expect(page.getByRole("heading", { name: "Mia’s turn" })).toBeVisible();
    const scoreboard = page.getByRole("region", { name: "Scoreboard" });
    await expect(scoreboard.locator("tbody tr")).toHaveText(["1Mia00", "1Player 200", "1Player 300"]);
  }
});

test("an over-long name sent anyway is refused next to its field", async ({ page }) => {
  await page.goto("/two-player");
  // The field stops typing at 20 characters; a tampered form is checked by the server all the same.
  await page.getByLabel("Player 1", { exact: true }).evaluate((input: HTMLInputElement) => {
    input.removeAttribute("maxlength");
    input.value = "A".repeat(25);
  });
  await page.getByRole("button", { name: "Start Game" }).click();
  const message = "Player 1's name must be 20 characters or fewer.";
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link")).toHaveText([message]);
  await expect(page.locator("#setup-name1-error")).toHaveText(message);
  const name1 = page.getByLabel("Player 1", { exact: true });
  await expect(name1).toHaveValue("A".repeat(25));
  await expect(name1).toHaveAttribute("aria-invalid", "true");
  await expect(name1).toHaveAttribute("aria-describedby", "setup-name1-error");
  await expect(page.getByLabel("Player 2", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Player 2", { exact: true })).not.toHaveAttribute("aria-invalid");
  await expectAccessible(page);
  await summary.getByRole("link").click();
  await expect(name1).toBeFocused();
});

test("with JavaScript the summary takes the focus on every refusal, and a link focuses its field in view @js-only", async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 500 });
  await page.goto("/two-player");
  await untilAlive(page);
  await page.getByLabel("Players").selectOption("6");
  // A name too long, sent anyway (the field itself stops typing at 20 characters).
  await page.getByLabel("Player 6", { exact: true }).evaluate((input: HTMLInputElement) => {
    input.removeAttribute("maxlength");
    input.value = "F".repeat(25);
  });
  await page.getByRole("button", { name: "Start Game" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  // The link focuses the field and shows its label (a plain jump would scroll the label out of sight).
  await summary.getByRole("link", { name: "Player 6's name must be 20 characters or fewer." }).click();
  const name6 = page.getByLabel("Player 6", { exact: true });
  await expect(name6).toBeFocused();
  await expect(page.locator("label[for=setup-name6]")).toBeInViewport();
  // The same refusal again takes the focus again.
  await page.getByLabel("Player 1", { exact: true }).fill("Ann");
  await page.getByRole("button", { name: "Start Game" }).click();
  await expect(summary).toBeFocused();
  await expect(page.getByLabel("Player 1", { exact: true })).toHaveValue("Ann");
});

test("a players choice made before the page comes alive is kept, with its name fields @js-only", async ({ page }) => {
  // Hold the app's script back, so the choice is made on the server-rendered page before hydration.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/two-player", { waitUntil: "commit" });
  // Before it is alive the page is the one without JavaScript: the default 2 name fields.
  await expect(nameFields(page)).toHaveCount(2);
  await page.getByLabel("Players").selectOption("4");
  await page.getByLabel("Player 2", { exact: true }).fill("Bo");
  release();
  // Alive: the no-JavaScript note and the Players form's button go, and the chosen players' names show.
  await untilAlive(page);
  await expect(page.getByRole("button", { name: "Show name fields" })).toHaveCount(0);
  await expect(page.getByLabel("Players")).toHaveValue("4");
  await expect(nameFields(page)).toHaveCount(4);
  await expect(page.getByLabel("Player 2", { exact: true })).toHaveValue("Bo");
  await expect(page.getByLabel("Player 5", { exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Start Game" }).click();
  await expect(page.getByRole("heading", { name: "Player 1’s turn" })).toBeVisible();
});

test("?players=N sets the number of players; anything else shows the default with a message, never a 500", async ({
  page,
}) => {
  test.setTimeout(60_000); // two accessibility checks
  const response = await page.goto("/two-player?players=4");
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel("Players")).toHaveValue("4");
  await expect(nameFields(page)).toHaveCount(4);
  await expect(page.getByLabel("Player 4", { exact: true })).toHaveAttribute("placeholder", "Player 4");
  await expect(page.getByRole("alert")).toHaveCount(0);

  const message = "Choose from 2 to 6 players.";
  for (const odd of ["abc", "99", "1", ""]) {
    const refused = await page.goto(`/two-player?players=${odd}`);
    expect(refused?.status(), `players=${odd}`).toBe(200);
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link")).toHaveText([message]);
    await expect(page.locator("#setup-playerCount-error")).toHaveText(message);
    await expect(page.getByLabel("Players")).toHaveValue("2");
    await expect(page.getByLabel("Players")).toHaveAttribute("aria-invalid", "true");
    await expect(nameFields(page)).toHaveCount(2);
  }
  // Put right from there, the setup goes on as usual.
  await choosePlayers(page, 3);
  await expect(nameFields(page)).toHaveCount(3);
  if (jsOff()) {
    // A new page: the message has gone (with JavaScript it stays until the setup's next reply, like any message).
    await expect(page.locator("#setup-playerCount-error")).toHaveCount(0);
    await page.getByRole("button", { name: "Start Game" }).click();
    await expect(
      page.getByRole("heading", { name: "Your match is ready: Player 1, Player 2, Player 3" }),
    ).toBeVisible();
  }
});

test("with JavaScript the Players select shows and hides the name fields as it changes @js-only", async ({ page }) => {
  await page.goto("/two-player?players=3");
  await untilAlive(page);
  await expect(page.getByRole("button", { name: "Show name fields" })).toHaveCount(0);
  await expect(nameFields(page)).toHaveCount(3);
  await page.getByLabel("Players").selectOption("6");
  await expect(nameFields(page)).toHaveCount(6);
  await page.getByLabel("Player 5", { exact: true }).fill("Eve");
  await page.getByLabel("Players").selectOption("2");
  await expect(nameFields(page)).toHaveCount(2);
  // Up again, the name typed is still there; nothing left the page.
  await page.getByLabel("Players").selectOption("5");
  await expect(page.getByLabel("Player 5", { exact: true })).toHaveValue("Eve");
  await expect(page).toHaveURL(/\/two-player\?players=3$/);
});

test.describe("without JavaScript @no-js", () => {
  test("the page says what works without JavaScript, then asks how many players before their names", async ({
    page,
  }) => {
    await page.goto("/two-player");
    // Up front, a note in the body's own size and ink (not a small grey line), with the ways to play that work and
    // a button to solo play: no dead end.
    const note = page.locator(".js-needed");
    await expect(note).toContainText(
      "Taking turns needs JavaScript. This browser has it turned off, so a match cannot start here. You can play on " +
        "your own instead: solo play and the daily challenge work without it.",
    );
    await expect(note.getByRole("link", { name: "Play Solo" })).toHaveAttribute("href", "/game");
    expect(await note.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(
      await page.getByLabel("Players").evaluate((el) => el.getBoundingClientRect().top),
    );
    await expect(note.getByRole("link", { name: "solo play", exact: true })).toHaveAttribute("href", "/game");
    await expect(note.getByRole("link", { name: "the daily challenge" })).toHaveAttribute("href", "/daily-challenge");
    const size = (selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).fontSize);
    expect(await size(".js-needed p:first-child")).toBe(await size("body"));
    // Exactly the chosen number of name fields: 2 at first, then as many as asked for.
    await expect(nameFields(page)).toHaveCount(2);
    await choosePlayers(page, 5);
    await expect(page.getByLabel("Players")).toHaveValue("5");
    await expect(nameFields(page)).toHaveCount(5);
    await expect(page.getByLabel("Player 5", { exact: true })).toHaveAttribute("placeholder", "Player 5");
    await expectAccessible(page);
    await choosePlayers(page, 2);
    await expect(nameFields(page)).toHaveCount(2);
  });

  test("a valid setup is checked by the server, which explains that turns need JavaScript", async ({ page }) => {
    await page.goto("/two-player");
    await expect(page.getByText(NEEDS_JS, { exact: true })).toBeVisible();
    await choosePlayers(page, 3);
    await page.getByLabel("Player 1", { exact: true }).fill("Ann");
    await page.getByRole("button", { name: "Start Game" }).click();
    await expect(page.getByRole("heading", { name: "Your match is ready: Ann, Player 2, Player 3" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Play Solo" })).toHaveAttribute("href", "/game");
    // Back to Setup keeps the number of players.
    await expect(page.getByRole("link", { name: "Back to Setup" })).toHaveAttribute("href", "/two-player?players=3");
    await expectAccessible(page);
  });

  test("a tampered setup gets clear messages, never a 500", async ({ request }) => {
    const response = await request.post("/two-player", {
      form: { playerCount: "9", rounds: "0", difficulty: "Impossible" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Choose from 2 to 6 players.");
    expect(html).toContain("Choose from 1 to 3 rounds.");
    expect(html).toContain("Choose a difficulty: Normal, Hard or Extreme.");
  });
});
