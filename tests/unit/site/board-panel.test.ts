import { describe, expect, it } from "vitest";
import { HOME_PANEL, boardTitle, panelBoardOf, panelParam, parsePanelParam } from "../../../app/utils/board-names";

// The Daily Leaderboard panel beside a game's results shows the board the game's place is on
// (docs/product.md#daily-leaderboard-panel).
describe("the board the results' panel shows", () => {
  it("is the game's difficulty and length", () => {
    expect(panelBoardOf("hard", 30)).toEqual({ board: "hard", time: "30" });
    expect(panelBoardOf("extreme", 300)).toEqual({ board: "extreme", time: "300" });
    expect(panelBoardOf("normal", 60)).toEqual({ board: "normal", time: "60" });
  });

  it("counts the old game type 'standard' as normal", () => {
    expect(panelBoardOf("standard", 120)).toEqual({ board: "normal", time: "120" });
  });

  it("is every length of the board when the length is unknown or not a tab", () => {
    expect(panelBoardOf("hard", null)).toEqual({ board: "hard", time: "all" });
    expect(panelBoardOf("hard")).toEqual({ board: "hard", time: "all" });
    expect(panelBoardOf("hard", 45)).toEqual({ board: "hard", time: "all" });
  });

  it("is the home page's board for a game on no solo board", () => {
    expect(panelBoardOf("easy", 60)).toEqual(HOME_PANEL);
    expect(panelBoardOf("speed-demon", 30)).toEqual(HOME_PANEL);
    expect(HOME_PANEL).toEqual({ board: "normal", time: "all" });
  });

  it("is named as the results name the place's board", () => {
    expect(boardTitle("normal", "30")).toBe("Normal board for 30-second games");
    expect(boardTitle("hard", "all")).toBe("Hard board");
  });

  it("travels in the query and back; anything else asks for the home page's board", () => {
    for (const shows of [
      HOME_PANEL,
      { board: "hard", time: "30" } as const,
      { board: "extreme", time: "all" } as const,
    ])
      expect(parsePanelParam(panelParam(shows))).toEqual(shows);
    expect(panelParam({ board: "hard", time: "30" })).toBe("hard-30");
    for (const bad of [null, "", "hard-45", "easy-30", "hard-", "hard-30-1", "<script>", "normal-NaN"])
      expect(parsePanelParam(bad)).toEqual(HOME_PANEL);
  });
});
