import { expect, test } from "@playwright/test";
import { minimumAnswerMs, problemSequence, type RunSpec } from "../../app/game";
import { flash, newBrowser } from "./helpers/accounts";
import { logInAsAdmin } from "./helpers/admin";
import { expectAccessible } from "./helpers/axe";
import { ageRun } from "./helpers/run-clock";

// Fair play (docs/decisions/0024-human-pace.md): a script that answers every problem right at the old 400 ms floor
// keeps its score, but the score waits off the boards until an admin releases it at /admin/review.

type Started = { run: { token: string; spec: RunSpec; seed: string } };

test("a script's perfect score is held for review, and an admin releases it to the board", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The script plays in this browser's own session (its cookie makes the results its own).
  const start = await page.request.get("/game/start?difficulty=hard&timeLimit=30");
  const { run } = (await start.json()) as Started;
  const problemAt = problemSequence(run.spec, run.seed);
  const answers = Array.from({ length: 12 }, (_, i) => ({ i, value: String(problemAt(i).answer), t: (i + 1) * 400 }));
  const { token } = await ageRun(page.request, run.token, 12 * 400 + 300); // the script's 5 seconds
  const finish = await page.request.post("/game/finish", { data: { token, answers } });
  expect(finish.status()).toBe(200);
  const body = (await finish.json()) as { runId: string; held: boolean; summary: { score: number } };
  expect(body).toMatchObject({ held: true, summary: { score: 12 } });

  // The player sees their score, and why it is not on the board yet.
  await page.goto(`/game/results/${body.runId}`);
  await expect(page.getByRole("status").filter({ hasText: "after a quick check" })).toHaveText(
    "Score saved! It goes on the leaderboard after a quick check.",
  );
  await expect(page.getByRole("definition").first()).toHaveText("12");
  await expectAccessible(page);
  await page.goto("/leaderboard?period=daily&board=hard");
  // Nothing of this player's is on the board (other runs of the suite may be).
  await expect(page.getByTestId("board-row").filter({ hasText: "(You)" })).toHaveCount(0);

  // The admin finds it under Scores to check, with why, and releases it.
  const admin = await (await newBrowser(browser)).newPage();
  await logInAsAdmin(admin);
  await admin.getByRole("link", { name: "Scores to check" }).click();
  await expect(admin).toHaveURL(/\/admin\/review$/);
  const held = admin.getByRole("listitem").filter({ hasText: `run ${body.runId}` });
  await expect(held.getByRole("heading")).toHaveText(/: 12\/12 \(100%\), hard$/);
  await expect(held).toContainText("Most right answers came faster than the fastest person could give them.");
  await expectAccessible(admin);
  // It fits a 320 px phone, its answer times too: nothing is cut off at the side.
  await admin.setViewportSize({ width: 320, height: 568 });
  await held.getByText("Answer times").click();
  await expect(held.getByRole("table")).toBeVisible();
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Reject asks first (docs/product.md#confirmation-steps); Cancel leaves the score waiting.
  await held.getByRole("link", { name: "Reject" }).click();
  await expect(admin.getByRole("heading", { name: /^Reject .+'s score of 12\/12\?$/ })).toBeVisible();
  await admin.getByRole("link", { name: "Cancel" }).click();
  await held.getByRole("button", { name: "Release to the leaderboard" }).click();
  await expect(flash(admin)).toContainText("The score is on the leaderboards now.");
  await expect(admin.getByText(`run ${body.runId}`)).toHaveCount(0);
  await admin.context().close();

  await page.goto("/leaderboard?period=daily&board=hard");
  await expect(page.getByTestId("board-row").filter({ hasText: "(You)" })).toContainText("12/12");
});

// The top places wait for a person (docs/decisions/0075-top-places-checked-by-a-person.md): a score played at a
// person's pace that would take a top 3 place is saved and shown to its player with a kind word, and goes up when an
// admin approves it.
test("a top score at a person's pace waits for a person, and an admin approves it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const start = await page.request.get("/game/start?difficulty=normal&timeLimit=30");
  const { run } = (await start.json()) as Started;
  const problemAt = problemSequence(run.spec, run.seed);
  // 1.3 to 1.7 times each problem's least time: a fast person's pace, which no pace rule holds.
  const answers: { i: number; value: string; t: number }[] = [];
  for (let i = 0, t = 0; ; i++) {
    t += Math.round(minimumAnswerMs(problemAt(i)) * (1.3 + ((i * 7) % 5) / 10));
    if (t > 29_000) break;
    answers.push({ i, value: String(problemAt(i).answer), t });
  }
  const score = answers.length;
  const t = answers.at(-1)!.t;
  const { token } = await ageRun(page.request, run.token, t + 300);
  const finish = await page.request.post("/game/finish", { data: { token, answers } });
  expect(finish.status()).toBe(200);
  const body = (await finish.json()) as { runId: string; held: boolean; summary: { score: number } };
  expect(score).toBeGreaterThan(10); // above the open score of a 30-second game
  expect(body).toMatchObject({ held: true, summary: { score } });

  // The player sees their score at once, and a kind word: it is being checked, never that they cheated.
  await page.goto(`/game/results/${body.runId}`);
  await expect(page.getByRole("status").filter({ hasText: "after a quick check" })).toHaveText(
    "Score saved! It goes on the leaderboard after a quick check.",
  );
  await expect(page.getByText(/cheat/i)).toHaveCount(0);
  await expect(page.getByRole("definition").first()).toHaveText(String(score));
  await expectAccessible(page);
  await page.goto("/leaderboard?period=daily&board=normal&time=30");
  await expect(page.getByTestId("board-row").filter({ hasText: "(You)" })).toHaveCount(0);

  const admin = await (await newBrowser(browser)).newPage();
  await logInAsAdmin(admin);
  await admin.goto("/admin/review");
  const held = admin.getByRole("listitem").filter({ hasText: `run ${body.runId}` });
  await expect(held).toContainText(
    "A top 3 score: top places go up once a person has checked them. The pace was a person's.",
  );
  await expectAccessible(admin);
  await held.getByRole("button", { name: "Release to the leaderboard" }).click();
  await expect(flash(admin)).toContainText("The score is on the leaderboards now.");
  await admin.context().close();

  await page.goto("/leaderboard?period=daily&board=normal&time=30");
  await expect(page.getByTestId("board-row").filter({ hasText: "(You)" })).toContainText(`${score}/${score}`);
});

// A held score an admin rejects stays off the boards, and its player's results say it was checked, kindly.
test("a held score an admin rejects: its player's results say it was checked", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const start = await page.request.get("/game/start?difficulty=hard&timeLimit=30");
  const { run } = (await start.json()) as Started;
  const problemAt = problemSequence(run.spec, run.seed);
  const answers = Array.from({ length: 12 }, (_, i) => ({ i, value: String(problemAt(i).answer), t: (i + 1) * 400 }));
  const { token } = await ageRun(page.request, run.token, 12 * 400 + 300);
  const finish = await page.request.post("/game/finish", { data: { token, answers } });
  const body = (await finish.json()) as { runId: string; held: boolean };
  expect(body.held).toBe(true);

  const admin = await (await newBrowser(browser)).newPage();
  await logInAsAdmin(admin);
  await admin.goto("/admin/review");
  const held = admin.getByRole("listitem").filter({ hasText: `run ${body.runId}` });
  await held.getByRole("link", { name: "Reject" }).click();
  await admin.getByRole("button", { name: "Yes, reject the score" }).click();
  await expect(flash(admin)).toContainText("The score stays off the leaderboards.");
  await expect(admin.getByText(`run ${body.runId}`)).toHaveCount(0);
  await admin.context().close();

  await page.goto(`/game/results/${body.runId}`);
  await expect(page.getByRole("status").filter({ hasText: "checked" })).toHaveText(
    "This score was checked and is not on the leaderboard.",
  );
  await expect(page.getByText(/cheat/i)).toHaveCount(0);
  await expect(page.getByRole("definition").first()).toHaveText("12");
  await expectAccessible(page);
});
