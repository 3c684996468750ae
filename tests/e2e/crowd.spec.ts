import { expect, test } from "@playwright/test";
import { problemSequence, type RunSpec } from "../../app/game";

// Tests that fill the boards with many players' scores. They run last, in the "crowd" project
// (playwright.config.ts), once every test that looks for its own row among a board's top 20 has finished.

type Started = { run: { token: string; spec: RunSpec; seed: string } };

// Fair play (docs/decisions/0024-human-pace.md): children playing honestly together are never taken for a script.
test("a class of 30 behind one school address, finishing at a child's pace, is never limited or held", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Thirty pupils' browsers: each its own visitor cookie, all from this machine's one address.
  const pupils = await Promise.all(Array.from({ length: 30 }, () => playwright.request.newContext({ baseURL })));
  const runs = await Promise.all(
    pupils.map(async (pupil) => {
      const start = await pupil.get("/game/start?difficulty=normal&timeLimit=30");
      expect(start.status()).toBe(200);
      return ((await start.json()) as Started).run;
    }),
  );
  // Ten answers over about 25 seconds each, at an uneven child's pace, two of them wrong.
  await new Promise((resolve) => setTimeout(resolve, 26_000));
  const finishes = await Promise.all(
    pupils.map(async (pupil, p) => {
      const run = runs[p]!;
      const problemAt = problemSequence(run.spec, run.seed);
      let t = 0;
      const answers = Array.from({ length: 10 }, (_, i) => {
        t += 1_500 + ((p * 7 + i * 13) % 10) * 200;
        const answer = problemAt(i).answer;
        return { i, value: String(i === 4 || i === 8 ? answer + 1 : answer), t: Math.min(t, 25_500) };
      });
      const finish = await pupil.post("/game/finish", { data: { token: run.token, answers } });
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
