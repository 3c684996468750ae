import { describe, expect, it } from "vitest";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { SETTINGS_MESSAGES, settingsToParams, soloSettingsFrom } from "~/utils/solo-settings";

const parse = (query: string) => parseSoloSettings(new URLSearchParams(query));

describe("solo settings from a form or link (the server's schema)", () => {
  it("defaults to 60 s, normal and all four operations", () => {
    expect(parse("")).toEqual({
      ok: true,
      value: { difficulty: "normal", timeLimit: 60, operations: ["+", "-", "*", "/"] },
    });
  });

  it("takes the start dialog's choices, from a query string or a form body", () => {
    const expected = { ok: true, value: { difficulty: "extreme", timeLimit: 300, operations: ["+", "/"] } };
    expect(parse("difficulty=extreme&timeLimit=300&operations=add&operations=divide")).toEqual(expected);
    const form = new FormData();
    form.set("difficulty", "extreme");
    form.set("timeLimit", "300");
    form.append("operations", "add");
    form.append("operations", "divide");
    expect(parseSoloSettings(form)).toEqual(expected);
    expect(parse("operations=subtract")).toMatchObject({ ok: true, value: { operations: ["-"] } });
  });

  it("answers an unknown difficulty or time limit with each field's message and what was sent", () => {
    const parsed = parse("difficulty=easy&timeLimit=45");
    expect(parsed).toMatchObject({
      ok: false,
      result: {
        status: "error",
        error: { difficulty: [SETTINGS_MESSAGES.difficulty], timeLimit: [SETTINGS_MESSAGES.timeLimit] },
        initialValue: { difficulty: "easy", timeLimit: "45" },
      },
    });
    for (const query of ["timeLimit=", "timeLimit=abc", "timeLimit=60&timeLimit=30", "difficulty="]) {
      expect(parse(query)).toMatchObject({ ok: false });
    }
  });

  it("refuses operation names that are not operations, including an object's own property names", () => {
    for (const name of ["constructor", "toString", "__proto__", "+", ""]) {
      expect(parse(`operations=${encodeURIComponent(name)}`)).toMatchObject({
        ok: false,
        result: { error: { operations: [SETTINGS_MESSAGES.operations] } },
      });
    }
  });

  it("round-trips through a link", () => {
    const settings = { difficulty: "hard" as const, timeLimit: 30 as const, operations: ["-" as const, "*" as const] };
    expect(parseSoloSettings(settingsToParams(settings))).toEqual({ ok: true, value: settings });
  });
});

describe("solo settings handed over in the browser (no zod)", () => {
  it("takes what the start dialog offers and fills in defaults", () => {
    expect(soloSettingsFrom({ difficulty: "hard", timeLimit: 120, operations: ["*", "*", "+"] })).toEqual({
      difficulty: "hard",
      timeLimit: 120,
      operations: ["*", "+"],
    });
    expect(soloSettingsFrom({})).toEqual({ difficulty: "normal", timeLimit: 60, operations: ["+", "-", "*", "/"] });
  });

  it("gives null for anything odd", () => {
    for (const odd of [
      null,
      "hard",
      { difficulty: "easy" },
      { timeLimit: 45 },
      { timeLimit: "60" },
      { operations: [] },
      { operations: ["constructor"] },
      { operations: "+" },
    ]) {
      expect(soloSettingsFrom(odd)).toBeNull();
    }
  });
});
