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
      kind: "choose",
      banner: null,
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

  it("reads the board of the game just played when the panel names it (docs/product.md#daily-leaderboard-panel)", async () => {
    recordEntry({
      score: 9,
      totalQuestions: 10,
      accuracy: 90,
      gameType: "hard",
      username: "Panel Hal",
      userId: null,
      anonId: null,
      runId: null,
      timeLimit: 30,
      createdAt: Date.now() - 60_000,
    });
    const names = async (url: string) => {
      const { board } = await loader(args(url));
      return board?.ok ? board.value.map((row) => row.name) : null;
    };
    // Hard, 30-second games: Hal, not Ada's normal game; every length of Hard has Hal too; Hard 1-minute has neither.
    expect(await names("http://x/game?panel=hard-30")).toEqual(["Panel Hal"]);
    expect(await names("http://x/game?panel=hard-all")).toEqual(["Panel Hal"]);
    expect(await names("http://x/game?panel=hard-60")).toEqual([]);
    expect(await names("http://x/game?panel=normal-60")).toContain("Panel Ada");
    expect(await names("http://x/game?panel=normal-60")).not.toContain("Panel Hal");
    // A name it does not know is the home page's board (Normal, every length), never an error.
    expect(await names("http://x/game?panel=impossible-7")).toContain("Panel Ada");
  });

  it("still reports a link's wrong settings, and reads no board for them", async () => {
    const wrong = await loader(args("http://x/game?timeLimit=45"));
    expect(wrong.board).toBeNull();
    expect(wrong.result).toMatchObject({ status: "error" });
  });
});
