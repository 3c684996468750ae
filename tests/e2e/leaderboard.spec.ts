import { expect, test } from "@playwright/test";
import { problemSequence, type RunSpec } from "../../app/game";
import { expectAccessible } from "./helpers/axe";
import { expectPageMeta } from "./helpers/meta";
import { ageRun } from "./helpers/run-clock";

test("tabs are links: Daily (24h) and All Time, each with Normal, Hard and Extreme", async ({ page }) => {
  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leaderboards");
  const periods = page.getByRole("navigation", { name: "Time period" });
  await expect(periods.getByRole("link")).toHaveText(["Daily (24h)", "All Time"]);
  await expect(periods.getByRole("link", { name: "Daily (24h)" })).toHaveAttribute("aria-current", "page");
  const boards = page.getByRole("navigation", { name: "Difficulty" });
  await expect(boards.getByRole("link")).toHaveText(["Normal", "Hard", "Extreme"]);
  await boards.getByRole("link", { name: "Extreme" }).click();
  await expect(page).toHaveURL(/period=daily&board=extreme/);
  await periods.getByRole("link", { name: "All Time" }).click();
  await expect(page).toHaveURL(/period=all-time&board=extreme/);
  await expect(page.getByRole("heading", { name: "Extreme · All Time" })).toBeVisible();
  await expectPageMeta(page, "/leaderboard");
  await expectAccessible(page);
});

test("unknown tab values fall back to the daily normal board", async ({ page }) => {
  const response = await page.goto("/leaderboard?period=weekly&board=impossible");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Normal · Daily (24h)" })).toBeVisible();
});

test("the Game length tabs show only the games of that length, the viewer's among them", async ({ page }) => {
  // This browser plays a 2-minute Hard game with three right answers (through the game's own endpoints).
  const started = await page.request.get("/game/start?difficulty=hard&timeLimit=120");
  const { run } = (await started.json()) as { run: { token: string; spec: RunSpec; seed: string } };
  const problemAt = problemSequence(run.spec, run.seed);
  const { token } = await ageRun(page.request, run.token, 2_100); // played at a person's pace
  const answers = [0, 1, 2].map((i) => ({ i, value: String(problemAt(i).answer), t: 600 + i * 700 }));
  expect((await page.request.post("/game/finish", { data: { token, answers } })).status()).toBe(200);

  await page.goto("/leaderboard?period=daily&board=hard");
  const lengths = page.getByRole("navigation", { name: "Game length" });
  await expect(lengths.getByRole("link")).toHaveText(["All", "30 s", "1 m", "2 m", "5 m"]);
  await expect(lengths.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  const mine = page.getByTestId("board-row").filter({ hasText: "(You)" });
  await expect(mine).toContainText("3/3");

  await lengths.getByRole("link", { name: "2 m" }).click();
  await expect(page).toHaveURL(/period=daily&board=hard&time=120/);
  await expect(page.getByRole("heading", { name: "Hard · Daily (24h) · 2-minute games" })).toBeVisible();
  await expect(mine).toContainText("3/3");
  await expectAccessible(page);

  // The other lengths do not have it; the period and difficulty tabs keep the length chosen.
  await lengths.getByRole("link", { name: "30 s" }).click();
  await expect(page).toHaveURL(/time=30/);
  await expect(mine).toHaveCount(0);
  await page.getByRole("navigation", { name: "Time period" }).getByRole("link", { name: "All Time" }).click();
  await expect(page).toHaveURL(/period=all-time&board=hard&time=30/);
  await lengths.getByRole("link", { name: "2 m" }).click();
  await expect(mine).toContainText("3/3");
});

// The live feed needs JavaScript: both of its tests run in js-on only.
test.describe("the live feed", () => {
  // One after another: the reconnect test ends every open stream, which must not race the other feed test (the
  // rest of the file runs in parallel).
  test.describe.configure({ mode: "default" });

  test("the live feed updates an open board when another player finishes a game @js-only", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const connected = page.waitForResponse((r) => r.url().includes("/leaderboard/events?board="));
    await page.goto("/leaderboard?period=daily&board=hard");
    await connected;
    const rows = page.getByTestId("board-row");
    const before = await rows.count();

    // Another player, elsewhere, plays a hard game with two right answers.
    const other = await playwright.request.newContext({ baseURL });
    const { run } = (await (await other.get("/game/start?difficulty=hard&timeLimit=30")).json()) as {
      run: { token: string; spec: RunSpec; seed: string };
    };
    const problemAt = problemSequence(run.spec, run.seed);
    const { token } = await ageRun(other, run.token, 600);
    const answers = [0, 1].map((i) => ({ i, value: String(problemAt(i).answer), t: 100 + i * 400 }));
    const finish = await other.post("/game/finish", { data: { token, answers } });
    expect(finish.status()).toBe(200);
    await other.dispose();

    // No reload: the event stream tells the page, which refetches its board.
    await expect(rows).toHaveCount(before + 1, { timeout: 5_000 });
    await expect(rows.filter({ hasText: "2/2" }).first()).toContainText("Anonymous Player");
  });

  test("the live feed reconnects after the connection drops @js-only", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const connected = page.waitForResponse((r) => r.url().includes("/leaderboard/events?board="));
    await page.goto("/leaderboard?period=daily&board=extreme");
    await connected;
    const rows = page.getByTestId("board-row");
    const before = await rows.count();

    // The server ends every stream, as a dropped connection or a deploy would; the page connects again.
    const reconnected = page.waitForResponse((r) => r.url().includes("/leaderboard/events?board="), {
      timeout: 20_000,
    });
    expect((await request.post("/_test/drop-feeds")).status()).toBe(204);
    await reconnected;

    const other = await playwright.request.newContext({ baseURL });
    const { run } = (await (await other.get("/game/start?difficulty=extreme&timeLimit=30")).json()) as {
      run: { token: string };
    };
    const answers = [{ i: 0, value: "1", t: 100 }];
    expect((await other.post("/game/finish", { data: { token: run.token, answers } })).status()).toBe(200);
    await other.dispose();
    await expect(rows).toHaveCount(before + 1, { timeout: 5_000 });
  });
});
