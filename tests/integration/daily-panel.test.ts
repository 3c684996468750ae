import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { recordEntry } from "~/models/leaderboard.server";
import { loader as panelLoader } from "~/routes/boards/daily-panel";
import { loader as gameLoader } from "~/routes/game/game";
import { now } from "~/utils/clock.server";
import type { DailyPanelData } from "~/types/leaderboard";

/*
 * The Daily Leaderboard panel beside the game island's results comes from GET /leaderboard/daily-panel, asked
 * for when the results show; /game's own document is the start screen and reads no board
 * (docs/product.md#daily-leaderboard-panel).
 */

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} });

describe("/leaderboard/daily-panel", () => {
  it("sends the normal board's top 10 of the last 24 hours, never to be cached", async () => {
    for (let i = 0; i < 12; i++) {
      recordEntry({
        score: 10 + i,
        totalQuestions: 20,
        accuracy: Math.round(((10 + i) / 20) * 100),
        gameType: "normal",
        username: `Panel ${i}`,
        userId: null,
        anonId: null,
        runId: null,
        timeLimit: 60,
        createdAt: now() - 60_000,
      });
    }
    const response = await panelLoader(args("http://x/leaderboard/daily-panel"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { board } = (await response.json()) as DailyPanelData;
    expect(board.ok).toBe(true);
    if (!board.ok) return;
    expect(board.value.map((row) => row.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Panel ${11 - i}`));
    expect(board.value.map((row) => row.rank)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it("is not read by /game's start screen", async () => {
    const data = await gameLoader(args("http://x/game"));
    expect(data).not.toHaveProperty("board");
  });

  it("says the board failed to load when the database does not answer", async () => {
    db.$client.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await panelLoader(args("http://x/leaderboard/daily-panel"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ board: { ok: false } });
    logged.mockRestore();
  });
});
