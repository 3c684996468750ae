import { expect, test } from "@playwright/test";
import { NO_ANSWERS_MESSAGE, problemSequence, type RunSpec } from "../../app/game";

// HTTP-level checks of the island's finish endpoint; no browser JavaScript involved, so one project runs them:
// js-on (see the projects in playwright.config.ts).

type Started = { ok: true; run: { token: string; spec: RunSpec; seed: string } };

test("the finish endpoint refuses bad requests with clear 4xx messages and writes nothing", async ({
  request,
  playwright,
  baseURL,
}) => {
  const start = await request.get("/game/start?difficulty=normal&timeLimit=60");
  expect(start.status()).toBe(200);
  const { run } = (await start.json()) as Started;

  expect((await request.get("/game/finish")).status()).toBe(405);
  const plain = await request.post("/game/finish", { data: "token=x", headers: { "Content-Type": "text/plain" } });
  expect(plain.status()).toBe(415);
  const broken = await request.post("/game/finish", {
    data: "{not json",
    headers: { "Content-Type": "application/json" },
  });
  expect(broken.status()).toBe(400);
  expect(await broken.json()).toMatchObject({ ok: false, message: "The answers sent were not in the expected form." });
  const forged = await request.post("/game/finish", { data: { token: `${run.token}x`, answers: [] } });
  expect(forged.status()).toBe(400);
  // A finish with no answers is no game: refused, and the run can still be finished.
  const empty = await request.post("/game/finish", { data: { token: run.token, answers: [] } });
  expect(empty.status()).toBe(400);
  expect(await empty.json()).toMatchObject({ ok: false, message: NO_ANSWERS_MESSAGE });
  const oneWrong = [{ i: 0, value: String(problemSequence(run.spec, run.seed)(0).answer + 1), t: 100 }];
  const score = await request.post("/game/finish", { data: { token: run.token, answers: oneWrong, score: 999 } });
  // Extra fields such as a score are ignored: the server counts for itself.
  expect(score.status()).toBe(200);
  expect(await score.json()).toMatchObject({ ok: true, summary: { score: 0, totalQuestions: 1, accuracy: 0 } });
  const replay = await request.post("/game/finish", { data: { token: run.token, answers: oneWrong } });
  expect(replay.status()).toBe(409);

  const second = (await (await request.get("/game/start?difficulty=hard&timeLimit=30")).json()) as Started;
  const stranger = await playwright.request.newContext({ baseURL });
  const notYours = await stranger.post("/game/finish", { data: { token: second.run.token, answers: [] } });
  expect(notYours.status()).toBe(403);
  await stranger.dispose();

  const problemAt = problemSequence(second.run.spec, second.run.seed);
  const tooMany = Array.from({ length: 50 }, (_, i) => ({ i, value: String(problemAt(i).answer), t: i * 10 }));
  const forgedRun = await request.post("/game/finish", { data: { token: second.run.token, answers: tooMany } });
  expect(forgedRun.status()).toBe(400);
  expect((await forgedRun.json()).message).toMatch(/more answers|faster/);

  expect((await request.get("/game/start?difficulty=easy")).status()).toBe(400);
  expect((await request.get("/game/start?timeLimit=45")).status()).toBe(400);
});

test("one player starting games in a loop is limited with a clear 429, and nothing is issued", async ({ request }) => {
  const statuses: number[] = [];
  let refused: { ok: false; result: { error: Record<string, string[]> } } | undefined;
  let retryAfter: string | undefined;
  for (let i = 0; i < 30; i++) {
    const response = await request.get("/game/start?difficulty=normal&timeLimit=30");
    statuses.push(response.status());
    if (response.status() === 429) {
      refused = await response.json();
      retryAfter = response.headers()["retry-after"];
    }
  }
  expect(statuses.filter((s) => s === 200).length).toBe(20);
  expect(statuses.at(-1)).toBe(429);
  expect(refused?.result.error[""]).toEqual([
    "You have started a lot of games in a short time. Please wait a minute, then play again.",
  ]);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  // The game without JavaScript says the same on a page of its own.
  const page = await request.get("/game/play?difficulty=normal&timeLimit=30", { maxRedirects: 0 });
  expect(page.status()).toBe(429);
  expect(await page.text()).toContain("Please wait a minute");
});
