import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANSWER_TOLERANCE, checkAnswer, problemAt, type GameMode, type Problem } from "../../../app/game";
import { seedArb, specArb } from "./helpers";

const p56: Problem = { num1: 7, num2: 8, operator: "*", answer: 56 };
const money: Problem = { num1: 30.15, num2: 20.1, operator: "+", answer: 50.25 };
const modes: GameMode[] = ["solo", "daily", "student", "multiplayer"];

describe("checkAnswer", () => {
  it.each(modes)("%s: an empty or blank answer counts as nothing", (mode) => {
    expect(checkAnswer(mode, p56, "")).toBeNull();
    expect(checkAnswer(mode, p56, "   ")).toBeNull();
  });

  it.each(modes)("%s: the right whole answer is right, another is wrong, text is wrong", (mode) => {
    expect(checkAnswer(mode, p56, "56")).toBe(true);
    expect(checkAnswer(mode, p56, " 56 ")).toBe(true);
    expect(checkAnswer(mode, p56, "57")).toBe(false);
    expect(checkAnswer(mode, p56, "fifty-six")).toBe(false);
    expect(checkAnswer(mode, p56, "56abc")).toBe(false);
    expect(checkAnswer(mode, p56, "-56")).toBe(false);
    expect(checkAnswer(mode, p56, "5.6e1")).toBe(false);
  });

  it("solo and daily: right within 0.01 of the answer", () => {
    expect(ANSWER_TOLERANCE).toBe(0.01);
    for (const mode of ["solo", "daily"] as const) {
      expect(checkAnswer(mode, p56, "56.00")).toBe(true);
      expect(checkAnswer(mode, p56, "56.005")).toBe(true);
      expect(checkAnswer(mode, p56, "55.991")).toBe(true);
      expect(checkAnswer(mode, p56, "56.02")).toBe(false);
      expect(checkAnswer(mode, p56, "55.98")).toBe(false);
      expect(checkAnswer(mode, money, "50.25")).toBe(true);
      expect(checkAnswer(mode, money, "50.250")).toBe(true);
      // A one-penny slip is wrong, whatever the float arithmetic says about 0.01.
      expect(checkAnswer(mode, money, "50.26")).toBe(false);
      expect(checkAnswer(mode, money, "50.24")).toBe(false);
      expect(checkAnswer(mode, { num1: 10, num2: 0.5, operator: "+", answer: 10.5 }, "10.51")).toBe(false);
    }
  });

  it("multiplayer: compares the whole-number parse with the answer", () => {
    expect(checkAnswer("multiplayer", p56, "56")).toBe(true);
    expect(checkAnswer("multiplayer", p56, "056")).toBe(true);
    expect(checkAnswer("multiplayer", p56, "56.7")).toBe(true); // parseInt('56.7', 10) is 56
    expect(checkAnswer("multiplayer", p56, "55.9")).toBe(false);
  });

  it("student: the decimal parse must equal the answer", () => {
    expect(checkAnswer("student", p56, "56.0")).toBe(true);
    expect(checkAnswer("student", p56, "056")).toBe(true);
    expect(checkAnswer("student", p56, "56.001")).toBe(false);
    expect(checkAnswer("student", p56, "56.")).toBe(true);
  });

  it("accepts the true answer and refuses any other whole number, in every mode", () => {
    fc.assert(
      fc.property(specArb, seedArb, fc.nat(20), fc.integer({ min: 1, max: 1000 }), (spec, seed, i, k) => {
        const problem = problemAt(spec, seed, i);
        expect(checkAnswer(spec.mode, problem, String(problem.answer))).toBe(true);
        expect(checkAnswer(spec.mode, problem, String(problem.answer + k))).toBe(false);
        if (problem.answer >= k) expect(checkAnswer(spec.mode, problem, String(problem.answer - k))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
