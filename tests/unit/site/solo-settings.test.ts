import { describe, expect, it } from "vitest";
import { parseSoloSettings, settingsToParams } from "~/utils/solo-settings";

const parse = (query: string) => parseSoloSettings(new URLSearchParams(query));

describe("solo settings from a form or link", () => {
  it("defaults to 60 s, normal and all four operations", () => {
    expect(parse("")).toEqual({
      ok: true,
      settings: { difficulty: "normal", timeLimit: 60, operations: ["+", "-", "*", "/"] },
    });
  });

  it("takes the start dialog's choices", () => {
    expect(parse("difficulty=extreme&timeLimit=300&operations=add&operations=divide")).toEqual({
      ok: true,
      settings: { difficulty: "extreme", timeLimit: 300, operations: ["+", "/"] },
    });
  });

  it("explains an unknown difficulty, time limit or operation", () => {
    expect(parse("difficulty=easy&timeLimit=45")).toEqual({
      ok: false,
      errors: {
        difficulty: "Choose a difficulty: Normal, Hard or Extreme.",
        timeLimit: "Choose a time limit: 30s, 1m, 2m or 5m.",
      },
      values: { difficulty: "easy", timeLimit: "45" },
    });
    for (const name of ["constructor", "toString", "__proto__", "+", ""]) {
      expect(parse(`operations=${encodeURIComponent(name)}`)).toMatchObject({
        ok: false,
        errors: { operations: expect.any(String) },
      });
    }
  });

  it("round-trips through a link", () => {
    const settings = { difficulty: "hard" as const, timeLimit: 30 as const, operations: ["-" as const, "*" as const] };
    expect(parseSoloSettings(settingsToParams(settings))).toEqual({ ok: true, settings });
  });
});
