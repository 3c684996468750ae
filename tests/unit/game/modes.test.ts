// The registry of game modes (docs/decisions/0081-number-bonds-and-doubles.md): every mode has every part, and the
// registry, the policy table, the ledger's enum and the pages' check rules agree.
import { describe, expect, it } from "vitest";
import { gameRuns } from "../../../app/db/schema";
import { GAME_MODES, parseRunSpec, problemSequence, timeLimitOf, type RunSpec } from "../../../app/game";
import { checkAnswer, checkWith } from "../../../app/game/check";
import { factOfProblem, factOfStoredProblem } from "../../../app/game/facts";
import { formatProblem, spokenProblem } from "../../../app/game/format";
import { sitemapPaths, waysToPlay } from "../../../app/pages/mode-links.server";
import {
  MODE_DEFINITIONS,
  cleanGivenGames,
  definitionOf,
  givableGames,
  givenGamesWords,
  isGiven,
  modeDefinition,
} from "../../../app/game/modes";
import { MODE_POLICY, competingModes, modesCountingFor } from "../../../app/game/modes/policy";
import { MODES_OF_KIND } from "../../../app/school-rules/set-work";
import { ALL_SPECS as FIXTURES } from "./helpers";

// The engine's fixtures and a spec of each mode they leave out (their own tests cover them).
const ALL_SPECS: RunSpec[] = [
  ...FIXTURES,
  { mode: "mtc", questionSeconds: 9 },
  { mode: "calm", difficulty: "hard", operations: ["+", "*"] },
];

const PARTS = [
  "mode",
  "parse",
  "sequence",
  "timeLimit",
  "questions",
  "check",
  "decimal",
  "gameType",
  "words",
  "start",
  "page",
];

describe("every mode's definition", () => {
  it("has every part", () => {
    for (const definition of MODE_DEFINITIONS) {
      expect(Object.keys(definition).sort(), definition.mode).toEqual([...PARTS].sort());
      for (const part of ["parse", "sequence", "timeLimit", "questions", "decimal", "gameType"] as const) {
        expect(typeof definition[part], `${definition.mode}.${part}`).toBe("function");
      }
      expect(["near", "whole", "exact"]).toContain(definition.check);
    }
  });

  it("is the one of its name, once", () => {
    expect(new Set(GAME_MODES).size).toBe(MODE_DEFINITIONS.length);
    for (const mode of GAME_MODES) expect(modeDefinition(mode)?.mode).toBe(mode);
    expect(modeDefinition("constructor")).toBeUndefined();
    expect(modeDefinition("toString")).toBeUndefined();
  });

  it("agrees with the policy table and the ledger's enum", () => {
    expect(Object.keys(MODE_POLICY).sort()).toEqual([...GAME_MODES].sort());
    expect([...gameRuns.mode.enumValues].sort()).toEqual([...GAME_MODES].sort());
  });

  it("has every mode of the fixtures", () => {
    expect(new Set(ALL_SPECS.map((spec) => spec.mode))).toEqual(new Set(GAME_MODES));
  });

  it("checks answers as the pages do (app/game/check.ts's table of rules)", () => {
    const problem = { num1: 3, num2: 4, operator: "+" as const, answer: 7 };
    for (const definition of MODE_DEFINITIONS) {
      for (const input of ["7", "7.001", "7.5", "6.999", "8", "", "x"]) {
        expect(checkAnswer(definition.mode, problem, input), `${definition.mode} ${input}`).toBe(
          checkWith(definition.check, problem, input),
        );
      }
    }
  });

  it("parses its own specs back to themselves, and refuses them under another mode's name", () => {
    for (const spec of ALL_SPECS) {
      expect(parseRunSpec(structuredClone(spec))).toEqual(spec);
      for (const other of GAME_MODES.filter((mode) => mode !== spec.mode)) {
        expect(parseRunSpec({ ...spec, mode: other })).toBeNull();
      }
    }
  });

  it("with a start form: its choices make a spec the engine takes, and a spec gives its choices back", () => {
    for (const definition of MODE_DEFINITIONS) {
      const start = definition.start;
      if (!start) continue;
      const initial = Object.fromEntries(start.choices.map((group) => [group.name, group.initial]));
      for (const group of start.choices) {
        expect(group.options.length, group.name).toBeGreaterThan(0);
        for (const value of group.initial) expect(group.options.map((o) => o.value)).toContain(value);
        expect(group.message.length).toBeGreaterThan(0);
      }
      const spec = parseRunSpec(start.specOf(initial));
      expect(spec, definition.mode).not.toBeNull();
      expect(start.chosenOf(spec as never)).toEqual(initial);
      expect(definition.words?.againTo).toBe(start.path);
    }
  });
});

describe("a mode's own parts (docs/decisions/0090-what-a-new-mode-touches.md)", () => {
  it("writes its problems of its own shape so that they read back as the fact they ask", () => {
    const shaped = new Set<string>();
    for (const spec of ALL_SPECS) {
      const sequence = definitionOf(spec).sequence(spec as never, "shape");
      // Up to 200 problems, or as many as a run with a fixed list has (an MTC rehearsal's 28).
      for (let i = 0; i < 200; i++) {
        let problem;
        try {
          problem = sequence(i);
        } catch {
          break;
        }
        const written = problem.written;
        if (!written) continue;
        shaped.add(spec.mode);
        // One line, a gap where the answer goes, and words for a screen reader.
        expect(formatProblem(problem)).toMatchObject({ text: written.text, display: written.display, vertical: false });
        expect(written.text.split("?").length, written.text).toBe(2);
        expect(spokenProblem(problem)).toBe(written.spoken);
        expect(factOfProblem(problem)).toEqual(factOfStoredProblem(written.text, problem.answer));
      }
    }
    expect([...shaped]).toEqual(["bonds"]);
  });

  it("has a public page of its own, the start form's when it has one, and a card only with a page", () => {
    const paths = MODE_DEFINITIONS.flatMap((definition) => (definition.page ? [definition.page.path] : []));
    expect(new Set(paths).size).toBe(paths.length);
    for (const definition of MODE_DEFINITIONS) {
      if (definition.start) expect(definition.page?.path, definition.mode).toBe(definition.start.path);
      const card = definition.page?.card;
      if (card) for (const words of [card.heading, card.text, card.action]) expect(words.length).toBeGreaterThan(0);
    }
  });

  it("puts every public mode in the sitemap and every mode with a card on the home page", () => {
    const sitemap = sitemapPaths();
    const ways = waysToPlay();
    for (const definition of MODE_DEFINITIONS) {
      const page = definition.page;
      if (!page) continue;
      expect(sitemap, definition.mode).toContain(page.path);
      if (page.card) expect(ways).toContainEqual({ ...page.card, to: page.path });
    }
    expect(new Set(sitemap).size).toBe(sitemap.length);
    expect(sitemap[0]).toBe("/");
    // As docs/product.md#home lists them.
    expect(ways.map((way) => way.to)).toEqual([
      "/game",
      "/game/calm",
      "/game/bonds",
      "/game/doubles",
      "/two-player",
      "/school",
    ]);
  });
});

describe("the policy table", () => {
  it("gives set work its modes as they were, number bonds and doubles counting as any game", () => {
    expect(MODES_OF_KIND.any).toEqual(["student", "practice", "mtc", "bonds", "doubles"]);
    expect(MODES_OF_KIND.timed).toEqual(["student"]);
    expect(MODES_OF_KIND.practice).toEqual(["practice"]);
    expect(MODES_OF_KIND.mtc).toEqual(["mtc"]);
    expect(modesCountingFor("timed")).toEqual(["student"]);
  });

  it("puts only solo and daily runs on the public boards, and only a pupil's own game in competitions", () => {
    expect(GAME_MODES.filter((mode) => MODE_POLICY[mode].board)).toEqual(["solo", "daily"]);
    expect(competingModes()).toEqual(["student"]);
    for (const mode of GAME_MODES) {
      const policy = MODE_POLICY[mode];
      // A board run is judged; a mode on a board is no pupil's.
      if (policy.board) expect(policy.judged && policy.players === "public").toBe(true);
      if (policy.competitions) expect(policy.pupilScores).toBe(true);
    }
  });
});

describe("lookups by spec", () => {
  it("give the definition's time limit and problems", () => {
    for (const spec of ALL_SPECS) {
      const definition = definitionOf(spec);
      expect(timeLimitOf(spec)).toBe(definition.timeLimit(spec as never));
      // Problem 2: an MTC rehearsal's check questions (3 on) need the check's seed, which the registry never has.
      expect(problemSequence(spec, "s")(2)).toEqual(definition.sequence(spec as never, "s")(2));
    }
  });

  it("refuse what is no spec of ours", () => {
    const hostile: unknown[] = [
      null,
      [],
      "bonds",
      { mode: "bonds" },
      { mode: "__proto__", totals: [10], timeLimit: 60 },
      { mode: "constructor" },
      { mode: "bonds", totals: [10], timeLimit: 60, extra: 1 },
    ];
    for (const value of hostile) expect(parseRunSpec(value)).toBeNull();
    const spec: RunSpec = { mode: "bonds", totals: [10], timeLimit: 60 };
    expect(parseRunSpec(spec)).toEqual(spec);
  });
});

describe("the games a teacher gives (docs/decisions/0083-extra-games-per-pupil.md)", () => {
  it("are the modes whose start form names a given group, with that group's options", () => {
    expect(givableGames().map((game) => [game.mode, game.options.map((option) => option.value)])).toEqual([
      ["bonds", ["10", "20", "100"]],
      ["doubles", ["20", "100", "tens"]],
    ]);
  });

  it("read stored values strictly, in the options' order, and say them in words", () => {
    const stored = { bonds: ["100", "10", "7"], doubles: [], solo: ["x"], tables: "10" };
    expect(cleanGivenGames(stored)).toEqual({ bonds: ["10", "100"] });
    expect(cleanGivenGames("nonsense")).toEqual({});
    expect(isGiven({ bonds: ["10"] }, "bonds")).toBe(true);
    expect(isGiven({ bonds: ["10"] }, "doubles")).toBe(false);
    expect(isGiven({}, "practice")).toBe(true);
    expect(givenGamesWords({ bonds: ["10", "20"], doubles: ["tens"] })).toBe(
      "Number bonds: 10, 20 · Doubles and halves: Tens",
    );
    expect(givenGamesWords({})).toBe("None");
  });
});
