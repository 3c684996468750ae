import { describe, expect, it } from "vitest";
import { parseMatchSetup } from "~/forms/match-setup.server";
import { MATCH_MESSAGES } from "~/utils/match-settings";

const parse = (fields: Record<string, string>) => parseMatchSetup(new URLSearchParams(fields));

describe("the two-player setup (the server's schema)", () => {
  it("takes players, rounds, difficulty and the chosen players' names, trimmed", () => {
    expect(
      parse({ playerCount: "3", rounds: "2", difficulty: "Hard", name1: " Ann ", name2: "Bo", name3: "Cy", name4: "" }),
    ).toEqual({
      ok: true,
      value: { playerCount: 3, rounds: 2, difficulty: "Hard", playerNames: ["Ann", "Bo", "Cy"] },
    });
  });

  it("needs a name for each chosen player, of 20 characters at most, and keeps what was sent", () => {
    const parsed = parse({ playerCount: "2", rounds: "1", difficulty: "Normal", name1: "   ", name2: "x".repeat(21) });
    expect(parsed).toMatchObject({
      ok: false,
      result: {
        error: { name1: [MATCH_MESSAGES.name(1)], name2: [MATCH_MESSAGES.nameTooLong(2)] },
        initialValue: { name1: "   ", name2: "x".repeat(21) },
      },
    });
  });

  it("explains a bad player count, round count or difficulty, and never throws on odd input", () => {
    expect(parse({ playerCount: "7", rounds: "0", difficulty: "Easy" })).toMatchObject({
      ok: false,
      result: {
        error: {
          playerCount: [MATCH_MESSAGES.playerCount],
          rounds: [MATCH_MESSAGES.rounds],
          difficulty: [MATCH_MESSAGES.difficulty],
        },
      },
    });
    const odds: Record<string, string>[] = [
      {},
      { playerCount: "2.5" },
      { playerCount: "constructor" },
      { playerCount: "-2" },
    ];
    for (const odd of odds) {
      expect(parse(odd)).toMatchObject({ ok: false });
    }
  });
});
