import { describe, expect, it } from "vitest";
import { recordEntry } from "~/models/leaderboard.server";
import { loader } from "~/routes/game/game";
import { defaultSoloSettings } from "~/utils/solo-settings";

/*
 * /game's document is the start screen, which shows no board: the Daily Leaderboard beside the results of a game
 * played in the page is asked for with ?panel when they show (docs/decisions/0033-kept-markup-for-boards.md).
 */
const args = (url: string) => ({ request: new Request(url), params: {}, context: {} });

describe("/game loader", () => {
  recordEntry({
    score: 12,
    totalQuestions: 12,
    accuracy: 100,
    gameType: "normal",
    username: "Panel Ada",
    userId: null,
    anonId: null,
    runId: null,
    timeLimit: 60,
    createdAt: Date.now() - 60_000,
  });

  it("reads no board for the start screen", async () => {
    expect(await loader(args("http://x/game"))).toEqual({
      defaults: defaultSoloSettings(),
      result: undefined,
      board: null,
    });
  });

  it("reads the Daily Leaderboard panel when asked, with the start screen's data unchanged", async () => {
    const page = await loader(args("http://x/game?panel"));
    expect(page).toMatchObject({ defaults: defaultSoloSettings(), result: undefined, board: { ok: true } });
    expect(page.board?.ok && page.board.value.map((row) => row.name)).toContain("Panel Ada");
    const chosen = await loader(args("http://x/game?difficulty=hard&timeLimit=120&panel="));
    expect(chosen).toMatchObject({ defaults: { difficulty: "hard", timeLimit: 120 }, board: { ok: true } });
  });

  it("still reports a link's wrong settings, and reads no board for them", async () => {
    const wrong = await loader(args("http://x/game?timeLimit=45"));
    expect(wrong.board).toBeNull();
    expect(wrong.result).toMatchObject({ status: "error" });
  });
});
