import crypto from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { problemSequence, type RunSpec } from "../../app/game";
import { ADDRESS_CUT_NOTE } from "../../app/utils/address-places-texts";
import { expectAccessible } from "./helpers/axe";
import { ageRun } from "./helpers/run-clock";

// Tests that fill the boards with many players' scores. They run last, in the "crowd" project
// (playwright.config.ts), once every test that looks for its own row among a board's top 20 has finished.

type Started = { run: { token: string; spec: RunSpec; seed: string } };

// Fair play (docs/decisions/0024-human-pace.md): children playing honestly together are never taken for a script.
test("a class of 30 behind one school address, finishing at a child's pace, is never limited or held", async ({
  playwright,
  baseURL,
}) => {
  // Thirty pupils' browsers: each its own visitor cookie, all from this machine's one address.
  const pupils = await Promise.all(Array.from({ length: 30 }, () => playwright.request.newContext({ baseURL })));
  // Ten answers over about 25 seconds each, at an uneven child's pace, two of them wrong: each run's clock is
  // moved on 26 seconds rather than waited out. Each pupil's requests follow on at once (a connection left idle
  // as long as the server keeps it open can be closed under a request: a reset, not a refusal).
  const finishes = await Promise.all(
    pupils.map(async (pupil, p) => {
      const start = await pupil.get("/game/start?difficulty=normal&timeLimit=30");
      expect(start.status()).toBe(200);
      const { run } = (await start.json()) as Started;
      const { token } = await ageRun(pupil, run.token, 26_000);
      const problemAt = problemSequence(run.spec, run.seed);
      let t = 0;
      const answers = Array.from({ length: 10 }, (_, i) => {
        t += 1_500 + ((p * 7 + i * 13) % 10) * 200;
        const answer = problemAt(i).answer;
        return { i, value: String(i === 4 || i === 8 ? answer + 1 : answer), t: Math.min(t, 25_500) };
      });
      const finish = await pupil.post("/game/finish", { data: { token, answers } });
      return {
        status: finish.status(),
        body: (await finish.json()) as { held?: boolean; summary?: { score: number } },
      };
    }),
  );
  for (const { status, body } of finishes) {
    expect(status).toBe(200);
    expect(body).toMatchObject({ held: false, summary: { score: 8 } });
  }
  await Promise.all(pupils.map((pupil) => pupil.dispose()));
});

// One address holds at most 5 places on a board (docs/product.md#one-address-five-places). The suite's browsers all
// share one loopback address, so a school's address is named in a header its build reads for the boards only
// (app/runs/board-address.server.ts).
/** A school of its own each time (TEST-NET-2), so a run again on the same server starts with no places taken. */
const newSchool = () => ({ "x-test-board-address": `198.51.100.${crypto.randomInt(1, 255)}` }); // TEST_BOARD_ADDRESS_HEADER
type School = ReturnType<typeof newSchool>;

/** A 5-minute Normal game with `right` right answers at a person's pace, through the game's own endpoints. */
async function playFiveMinutes(request: APIRequestContext, right: number, school: School) {
  const started = await request.get("/game/start?difficulty=normal&timeLimit=300&operations=add", { headers: school });
  const { run } = (await started.json()) as Started;
  const problemAt = problemSequence(run.spec, run.seed);
  // The server's own clock times the game: the run's is moved on rather than waited out.
  const { token } = await ageRun(request, run.token, right * 1_500 + 200);
  const answers = Array.from({ length: right }, (_, i) => ({
    i,
    value: String(problemAt(i).answer),
    t: 1_400 * (i + 1),
  }));
  const finished = await request.post("/game/finish", { data: { token, answers }, headers: school });
  expect(finished.status()).toBe(200);
  return (await finished.json()) as { runId: string; standing: { rank: number; cut?: string } };
}

test("a school's pupil below its 5 best is off the board, and told where the score would have placed (JS on and off)", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000); // seven games, two accessibility checks
  const classmates = await Promise.all(Array.from({ length: 5 }, () => playwright.request.newContext({ baseURL })));
  const school = newSchool();
  const placed = await Promise.all(classmates.map((classmate) => playFiveMinutes(classmate, 3, school)));
  for (const { standing } of placed) expect(standing.cut).toBeUndefined();

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    // The finish's own answer (what the game in the page shows) says so too.
    const { runId, standing } = await playFiveMinutes(page.request, 2, school);
    expect(standing.cut).toBe(ADDRESS_CUT_NOTE);
    await page.goto(`/game/results/${runId}`);
    const note = page.getByTestId("standing");
    await expect(note).toContainText("Your first game of this kind. Can you beat 2 next time?");
    await expect(note).toContainText(/You would be #\d+ today on the Normal board for 5-minute games\./);
    await expect(note).toContainText(ADDRESS_CUT_NOTE);
    await expect(note.locator(".celebration")).toHaveCount(0);
    // axe runs in a page with script (helpers/axe.ts copies a script-free page only in the js-off project).
    if (javaScriptEnabled) await expectAccessible(page);

    await page.goto("/leaderboard?period=daily&board=normal&time=300");
    await expect(page.getByTestId("board-row").filter({ hasText: "(You)" })).toHaveCount(0);
    await context.close();
  }
  await Promise.all(classmates.map((classmate) => classmate.dispose()));
});
