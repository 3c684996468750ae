import { describe, expect, it } from "vitest";
import {
  DEFAULT_DIFFICULTY,
  DEFAULT_OPERATIONS,
  DEFAULT_STUDENT_DIFFICULTY,
  DEFAULT_STUDENT_OPERATIONS,
  DEFAULT_TIME_LIMIT,
  START_DIALOG_DIFFICULTIES,
  TIMES_TABLES,
  TIME_LIMITS,
  TIME_LIMIT_LABELS,
  MAX_PRACTICE_FACTS,
  PRACTICE_TIME_LIMIT,
  isServerFinished,
  leaderboardGameType,
  normalizeGameType,
  parseRunSpec,
  timeLimitOf,
  type RunSpec,
} from "../../../app/game";
import { factKey, factsOf } from "../../../app/game/facts";
import { ALL_SPECS } from "./helpers";

describe("settings constants", () => {
  it("offers time limits of 30, 60, 120 and 300 seconds, shown 30s, 1m, 2m, 5m", () => {
    expect([...TIME_LIMITS]).toEqual([30, 60, 120, 300]);
    expect(TIME_LIMITS.map((s) => TIME_LIMIT_LABELS[s])).toEqual(["30s", "1m", "2m", "5m"]);
  });

  it("defaults to 60 s, normal and all four operations", () => {
    expect(DEFAULT_TIME_LIMIT).toBe(60);
    expect(DEFAULT_DIFFICULTY).toBe("normal");
    expect(DEFAULT_OPERATIONS).toEqual(["+", "-", "*", "/"]);
  });

  it("offers normal, hard and extreme in the start dialog", () => {
    expect(START_DIALOG_DIFFICULTIES).toEqual(["normal", "hard", "extreme"]);
  });

  it("defaults students to easy and addition, with times tables 2 to 12", () => {
    expect(DEFAULT_STUDENT_DIFFICULTY).toBe("easy");
    expect(DEFAULT_STUDENT_OPERATIONS).toEqual(["addition"]);
    expect(TIMES_TABLES).toEqual(["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]);
  });
});

describe("normalizeGameType", () => {
  it("reads the legacy 'standard' as 'normal' and leaves the rest alone", () => {
    expect(normalizeGameType("standard")).toBe("normal");
    expect(normalizeGameType("normal")).toBe("normal");
    expect(normalizeGameType("hard")).toBe("hard");
    expect(normalizeGameType("extreme")).toBe("extreme");
    expect(normalizeGameType("even-steven")).toBe("even-steven");
  });
});

describe("timeLimitOf", () => {
  it("uses the solo setting, the challenge, or 60 s for students and multiplayer turns", () => {
    expect(timeLimitOf({ mode: "solo", difficulty: "hard", operations: ["+"], timeLimit: 120 })).toBe(120);
    expect(timeLimitOf({ mode: "daily", challengeId: "speed-demon" })).toBe(30);
    expect(timeLimitOf({ mode: "daily", challengeId: "double-trouble" })).toBe(45);
    expect(timeLimitOf({ mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] })).toBe(60);
    expect(timeLimitOf({ mode: "multiplayer", difficulty: "Normal" })).toBe(60);
  });

  it("refuses an unknown challenge", () => {
    expect(() => timeLimitOf({ mode: "daily", challengeId: "nope" })).toThrow(RangeError);
  });
});

describe("leaderboardGameType", () => {
  it("is the solo difficulty or the challenge id", () => {
    expect(leaderboardGameType({ mode: "solo", difficulty: "extreme", operations: ["+"], timeLimit: 30 })).toBe(
      "extreme",
    );
    expect(leaderboardGameType({ mode: "daily", challengeId: "teen-trouble" })).toBe("teen-trouble");
    expect(leaderboardGameType({ mode: "multiplayer", difficulty: "Hard" })).toBeNull();
    expect(leaderboardGameType({ mode: "practice", facts: ["*7,8"] })).toBeNull();
  });
});

describe("a practice spec", () => {
  const maxList = factsOf("*").slice(0, MAX_PRACTICE_FACTS).map(factKey);

  it("is accepted with 1 to MAX_PRACTICE_FACTS distinct fact keys, as a fresh object, and lasts a minute", () => {
    for (const facts of [["*7,8"], ["+1,1", "-12,12", "/3,4"], maxList]) {
      const spec = { mode: "practice", facts };
      const parsed = parseRunSpec(spec);
      expect(parsed).toEqual(spec);
      expect(parsed).not.toBe(spec);
      expect(timeLimitOf(parsed!)).toBe(PRACTICE_TIME_LIMIT);
    }
  });

  it("is refused with an empty, too long, repeating or unknown list, or an extra field", () => {
    const bad: unknown[] = [
      { mode: "practice", facts: [] },
      { mode: "practice", facts: [...maxList, "+1,1"] },
      { mode: "practice", facts: ["*7,8", "*7,8"] },
      { mode: "practice", facts: ["*7,13"] },
      { mode: "practice", facts: ["*07,8"] },
      { mode: "practice", facts: ["x7,8"] },
      { mode: "practice", facts: ["*0,8"] },
      { mode: "practice", facts: [78] },
      { mode: "practice", facts: "*7,8" },
      { mode: "practice" },
      { mode: "practice", facts: ["*7,8"], difficulty: "easy" },
    ];
    for (const spec of bad) expect(parseRunSpec(spec), JSON.stringify(spec)).toBeNull();
  });
});

describe("parseRunSpec", () => {
  it("accepts every valid spec and returns an equal, fresh object", () => {
    for (const spec of ALL_SPECS) {
      const parsed = parseRunSpec(JSON.parse(JSON.stringify(spec)));
      expect(parsed).toEqual(spec);
      expect(parsed).not.toBe(spec);
    }
  });

  it("accepts every time limit choice and the easy difficulty", () => {
    for (const timeLimit of [30, 60, 120, 300]) {
      expect(parseRunSpec({ mode: "solo", difficulty: "easy", operations: ["+"], timeLimit })).not.toBeNull();
    }
  });

  const solo = { mode: "solo", difficulty: "normal", operations: ["+", "-"], timeLimit: 60 };
  const student = { mode: "student", difficulty: "easy", operations: ["addition"], timesTables: ["2"] };
  const refused: [string, unknown][] = [
    ["null", null],
    ["a string", "solo"],
    ["an array", [solo]],
    ["an unknown mode", { ...solo, mode: "ranked" }],
    ["an unknown solo difficulty", { ...solo, difficulty: "impossible" }],
    ["the legacy 'standard' as a setting", { ...solo, difficulty: "standard" }],
    ["a multiplayer difficulty in solo", { ...solo, difficulty: "Normal" }],
    ["a time limit of 45", { ...solo, timeLimit: 45 }],
    ["a time limit of 0", { ...solo, timeLimit: 0 }],
    ["a time limit as text", { ...solo, timeLimit: "60" }],
    ["no operations", { ...solo, operations: [] }],
    ["an unknown operation", { ...solo, operations: ["+", "^"] }],
    ["a repeated operation", { ...solo, operations: ["+", "+"] }],
    ["operations not a list", { ...solo, operations: "+" }],
    ["an extra field", { ...solo, seed: "abc" }],
    ["a missing field", { mode: "solo", difficulty: "normal", operations: ["+"] }],
    ["an unknown challenge", { mode: "daily", challengeId: "mystery" }],
    ["a challenge title instead of its id", { mode: "daily", challengeId: "Even Steven" }],
    ["a challenge id that is not text", { mode: "daily", challengeId: 1 }],
    ["an unknown student difficulty", { ...student, difficulty: "extreme" }],
    ["no student operations", { ...student, operations: [] }],
    ["a solo operation for a student", { ...student, operations: ["+"] }],
    ["times table '1'", { ...student, timesTables: ["1"] }],
    ["times table '13'", { ...student, timesTables: ["13"] }],
    ["a times table as a number", { ...student, timesTables: [2] }],
    ["a repeated times table", { ...student, timesTables: ["2", "2"] }],
    ["a lower-case multiplayer difficulty", { mode: "multiplayer", difficulty: "normal" }],
    ["an extra multiplayer field", { mode: "multiplayer", difficulty: "Hard", rounds: 3 }],
  ];
  it.each(refused)("refuses %s", (_label, value) => {
    expect(parseRunSpec(value)).toBeNull();
  });

  it("accepts a student with no times tables", () => {
    const spec: RunSpec = { mode: "student", difficulty: "hard", operations: ["division"], timesTables: [] };
    expect(parseRunSpec(spec)).toEqual(spec);
  });
});

describe("isServerFinished", () => {
  it("allows solo, daily, student and practice runs only, so a new mode is refused until someone decides otherwise", () => {
    expect(isServerFinished({ mode: "practice", facts: ["*7,8"] })).toBe(true);
    expect(isServerFinished({ mode: "solo", difficulty: "normal", operations: ["+"], timeLimit: 60 })).toBe(true);
    expect(isServerFinished({ mode: "daily", challengeId: "even-steven" })).toBe(true);
    expect(isServerFinished({ mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] })).toBe(
      true,
    );
    expect(isServerFinished({ mode: "multiplayer", difficulty: "Normal" })).toBe(false);
    expect(isServerFinished({ mode: "future-mode" } as unknown as RunSpec)).toBe(false);
  });
});
