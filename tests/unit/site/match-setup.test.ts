import { describe, expect, it } from "vitest";
import { parseMatchSetup, parsePlayersChoice } from "~/forms/match-setup.server";
import { DEFAULT_MATCH, MATCH_MESSAGES } from "~/utils/match-settings";

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

  it("accepts the form as it first shows (its defaults: 2 players named 'Player N', 1 round, Normal)", () => {
    const names = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`name${i + 1}`, `Player ${i + 1}`]));
    expect(
      parse({
        playerCount: String(DEFAULT_MATCH.playerCount),
        rounds: String(DEFAULT_MATCH.rounds),
        difficulty: DEFAULT_MATCH.difficulty,
        ...names,
      }),
    ).toEqual({
      ok: true,
      value: { playerCount: 2, rounds: 1, difficulty: "Normal", playerNames: ["Player 1", "Player 2"] },
    });
  });

  it("gives each missing field its own message (nothing is silently defaulted on the server)", () => {
    expect(parse({})).toMatchObject({
      ok: false,
      result: {
        error: {
          playerCount: [MATCH_MESSAGES.playerCount],
          rounds: [MATCH_MESSAGES.rounds],
          difficulty: [MATCH_MESSAGES.difficulty],
        },
      },
    });
  });

  it("names a player left empty, blank or left out 'Player N' (the fields start empty)", () => {
    expect(parse({ playerCount: "3", rounds: "1", difficulty: "Normal", name1: "", name2: "   " })).toEqual({
      ok: true,
      value: { playerCount: 3, rounds: 1, difficulty: "Normal", playerNames: ["Player 1", "Player 2", "Player 3"] },
    });
    expect(parse({ playerCount: "2", rounds: "1", difficulty: "Normal", name1: "Mia", name2: "" })).toMatchObject({
      ok: true,
      value: { playerNames: ["Mia", "Player 2"] },
    });
  });

  it("takes names of 20 characters at most, and keeps what was sent", () => {
    const parsed = parse({ playerCount: "2", rounds: "1", difficulty: "Normal", name1: "   ", name2: "x".repeat(21) });
    expect(parsed).toMatchObject({
      ok: false,
      result: {
        error: { name2: [MATCH_MESSAGES.nameTooLong(2)] },
        initialValue: { name1: "   ", name2: "x".repeat(21) },
      },
    });
    expect(parsed.ok ? null : parsed.result.error).not.toHaveProperty("name1");
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

describe("the Players choice of a link or the page's GET form (?players=N)", () => {
  const choose = (query: string) => parsePlayersChoice(new URLSearchParams(query));

  it("takes 2 to 6, and no choice means the default", () => {
    expect(choose("players=3")).toEqual({ ok: true, value: 3 });
    expect(choose("players=6")).toEqual({ ok: true, value: 6 });
    expect(choose("")).toEqual({ ok: true, value: null });
  });

  it("refuses anything else with the Players field's message, keyed to the setup's select, and never throws", () => {
    for (const odd of [
      "players=abc",
      "players=99",
      "players=1",
      "players=",
      "players=2.5",
      "players=-3",
      "players=03x",
    ]) {
      expect(choose(odd), odd).toEqual({
        ok: false,
        result: { status: "error", error: { playerCount: [MATCH_MESSAGES.playerCount] } },
      });
    }
  });
});
