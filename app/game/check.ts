// Answer checking per mode (docs/product.md#answer-checking).
import type { GameMode } from "./run-spec";
import type { Problem } from "./types";

/** Solo and daily answers are right within this distance of the true answer. */
export const ANSWER_TOLERANCE = 0.01;

// Digits with at most one point: what the number pad can build (no sign, no exponent, no letters).
const NUMERIC = /^(\d+\.?\d*|\.\d+)$/;

/**
 * null for an empty or blank input (it counts as nothing); otherwise whether it is right.
 * - solo, daily, practice, times tables and calm: the decimal value is less than 0.01 from the answer. "Within" is taken strictly,
 *   so a one-penny slip in Money Matters is wrong; 1e-9 absorbs float error (10.51 - 10.5 = 0.00999…).
 * - multiplayer: parseInt(input, 10) equals the answer, as the product says (so '7.5' counts as 7).
 * - student and mtc: parseFloat(input) equals the answer.
 * Anything the number pad could not build ('12abc', '-3', '1e2') is wrong.
 */
export function checkAnswer(mode: GameMode, problem: Problem, input: string): boolean | null {
  const text = input.trim();
  if (text === "") return null;
  if (!NUMERIC.test(text)) return false;
  switch (mode) {
    case "solo":
    case "daily":
    case "practice":
    case "tables":
    case "calm":
      return Math.abs(parseFloat(text) - problem.answer) < ANSWER_TOLERANCE - 1e-9;
    case "multiplayer":
      return parseInt(text, 10) === problem.answer;
    // student and mtc: the default, a few bytes less on every game page (docs/decisions/0026-client-weight-budget.md).
    default:
      return parseFloat(text) === problem.answer;
  }
}
