import fc from "fast-check";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pageModeOf } from "../../../app/components/game/mode-plays";
import {
  answerRecords,
  answersMayBeDecimal,
  calmPlay,
  dailyPlay,
  markAnswers,
  mtcPlay,
  multiplayerPlay,
  practicePlay,
  problemAt,
  problemSequence,
  soloPlay,
  studentPlay,
  tablesPlay,
  timeLimitOf,
  type RunSpec,
} from "../../../app/game";
import { ALL_SPECS, expectConsistent, seedArb, specArb } from "./helpers";

describe("problems of every mode", () => {
  it("are consistent: in range for their operator, whole where divided, never negative", () => {
    fc.assert(
      fc.property(specArb, seedArb, fc.nat(30), (spec, seed, i) => {
        expectConsistent(problemAt(spec, seed, i));
      }),
      { numRuns: 1000 },
    );
  });

  it("are a pure function of (spec, seed, i)", () => {
    fc.assert(
      fc.property(specArb, seedArb, fc.nat(30), (spec, seed, i) => {
        expect(problemAt(spec, seed, i)).toEqual(problemAt(structuredClone(spec), seed, i));
        expect(problemSequence(spec, seed)(i)).toEqual(problemAt(spec, seed, i));
      }),
      { numRuns: 300 },
    );
  });

  it("usually differ between seeds", () => {
    // A practice list of one fact asks it every time, whatever the seed.
    for (const spec of ALL_SPECS.filter((spec) => spec.mode !== "practice" || spec.facts.length > 1)) {
      const a = problemSequence(spec, "seed-a");
      const b = problemSequence(spec, "seed-b");
      const first = (at: (i: number) => unknown) => Array.from({ length: 12 }, (_, i) => at(i));
      expect(first(a)).not.toEqual(first(b));
    }
  });

  it("refuses a bad index and an unknown challenge", () => {
    const spec = ALL_SPECS[0]!;
    expect(() => problemAt(spec, "s", -1)).toThrow(RangeError);
    expect(() => problemAt(spec, "s", 0.5)).toThrow(RangeError);
    expect(() => problemAt({ mode: "daily", challengeId: "nope" }, "s", 0)).toThrow(RangeError);
  });
});

describe("each mode's play (what the game in the page needs)", () => {
  const plays = {
    solo: soloPlay,
    daily: dailyPlay,
    student: studentPlay,
    multiplayer: multiplayerPlay,
    practice: practicePlay,
    tables: tablesPlay,
    mtc: mtcPlay,
    calm: calmPlay,
    bonds: pageModeOf("bonds")!.play,
    doubles: pageModeOf("doubles")!.play,
  };

  it("gives the engine's problems, time limit and decimals for its own mode", () => {
    for (const spec of ALL_SPECS) {
      for (const seed of ["a", "seed-b"]) {
        const play = plays[spec.mode](spec, seed);
        const problems = problemSequence(spec, seed);
        expect(Array.from({ length: 40 }, (_, i) => play.problems(i))).toEqual(
          Array.from({ length: 40 }, (_, i) => problems(i)),
        );
        expect(play.limitSeconds).toBe(timeLimitOf(spec));
        expect(play.decimal).toBe(answersMayBeDecimal(spec));
      }
    }
  });

  it("refuses another mode's run", () => {
    const daily: RunSpec = { mode: "daily", challengeId: "speed-demon" };
    expect(() => soloPlay(daily, "s")).toThrow(RangeError);
    expect(() => multiplayerPlay(daily, "s")).toThrow(RangeError);
    expect(() => dailyPlay({ mode: "multiplayer", difficulty: "Hard" } as RunSpec, "s")).toThrow(RangeError);
  });

  it("marks answers as the server's records do", () => {
    const spec = ALL_SPECS[0]!;
    const answers = [0, 1, 2, 5].map((i) => ({
      i,
      value: String(problemAt(spec, "s", i).answer + (i % 2)),
      t: i * 900,
    }));
    expect(markAnswers(spec.mode, soloPlay(spec, "s").problems, answers, 1000)).toEqual(
      answerRecords(spec, "s", answers, 1000),
    );
  });
});

describe("the problems runs were stored with", () => {
  it("never change: a digest of the first 40 problems, time limit and decimals of every spec for three seeds", () => {
    // A new digest means every stored run and leaderboard entry would replay differently: change a generator only
    // with a new mode or challenge, never an existing one.
    const challenges = ["even-steven", "multiplication-marathon", "speed-demon", "money-matters", "percentage-power"];
    challenges.push("division-delight", "double-trouble", "teen-trouble");
    const stored = ALL_SPECS.filter(
      (spec) =>
        spec.mode !== "practice" &&
        spec.mode !== "tables" &&
        spec.mode !== "bonds" &&
        spec.mode !== "doubles" &&
        (spec.mode !== "daily" || challenges.includes(spec.challengeId)),
    );
    const hash = createHash("sha256");
    for (const spec of stored) {
      for (const seed of ["a", "seed-b", "0f3c9e"]) {
        const problems = problemSequence(spec, seed);
        for (let i = 0; i < 40; i++) hash.update(JSON.stringify(problems(i)));
        hash.update(String(timeLimitOf(spec)));
        hash.update(String(answersMayBeDecimal(spec)));
      }
    }
    expect(hash.digest("hex")).toBe("c70f9b96931610025af9157bf32793420a82b1e7231df249b0b604f2d51e9a95");
  });

  it("of practice never change either: its own digest, so practice runs replay as they were played", () => {
    const hash = createHash("sha256");
    for (const spec of ALL_SPECS.filter((spec) => spec.mode === "practice")) {
      for (const seed of ["a", "seed-b", "0f3c9e"]) {
        const problems = problemSequence(spec, seed);
        for (let i = 0; i < 40; i++) hash.update(JSON.stringify(problems(i)));
        hash.update(String(timeLimitOf(spec)));
      }
    }
    expect(hash.digest("hex")).toBe("99797894446812fa6123ace51df48ea506f5eea578761ae8db4306d4d5aeb96e");
  });

  it("of times tables never change either: their own digest", () => {
    const hash = createHash("sha256");
    for (const spec of ALL_SPECS.filter((spec) => spec.mode === "tables")) {
      for (const seed of ["a", "seed-b", "0f3c9e"]) {
        const problems = problemSequence(spec, seed);
        for (let i = 0; i < 40; i++) hash.update(JSON.stringify(problems(i)));
        hash.update(String(timeLimitOf(spec)));
      }
    }
    expect(hash.digest("hex")).toBe("6ec869a8d2667f25f155809c685997d2f717cc9b7d769b1fade1cb12003cd3ac");
  });
});
