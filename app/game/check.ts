// Answer checking per mode (docs/product.md#answer-checking).
import type { Problem } from "./types";

/** Solo and daily answers are right within this distance of the true answer. */
export const ANSWER_TOLERANCE = 0.01;

// Digits with at most one point: what the number pad can build (no sign, no exponent, no letters).
const NUMERIC = /^(\d+\.?\d*|\.\d+)$/;

/**
 * How a mode's answers are checked; each mode's definition names its rule (app/game/modes).
 * - near: the decimal value is less than 0.01 from the answer. "Within" is taken strictly, so a one-penny slip in
 *   Money Matters is wrong; 1e-9 absorbs float error (10.51 - 10.5 = 0.00999…).
 * - whole: parseInt(input, 10) equals the answer, as the hot-seat game's product says (so '7.5' counts as 7).
 * - exact: parseFloat(input) equals the answer.
 */
export type CheckRule = "near" | "whole" | "exact";

/**
 * null for an empty or blank input (it counts as nothing); otherwise whether it is right by the rule. Anything the
 * number pad could not build ('12abc', '-3', '1e2') is wrong.
 */
export function checkWith(rule: CheckRule, problem: Problem, input: string): boolean | null {
  const text = input.trim();
  if (text === "") return null;
  if (!NUMERIC.test(text)) return false;
  if (rule === "near") return Math.abs(parseFloat(text) - problem.answer) < ANSWER_TOLERANCE - 1e-9;
  if (rule === "whole") return parseInt(text, 10) === problem.answer;
  return parseFloat(text) === problem.answer;
}

/**
 * The rules of the modes not checked exactly: solo, daily, practice, times tables and calm near, the hot-seat game
 * whole. Here and not read from the registry, because a page loads only its own mode's engine
 * (docs/decisions/0026-client-weight-budget.md); tests/unit/game/modes.test.ts holds it to every definition's rule.
 */
const NOT_EXACT: Readonly<Record<string, CheckRule>> = {
  solo: "near",
  daily: "near",
  practice: "near",
  tables: "near",
  calm: "near",
  multiplayer: "whole",
};

/** Whether an answer to a problem of this mode is right (null for none): the mode's rule, above. */
export function checkAnswer(mode: string, problem: Problem, input: string): boolean | null {
  return checkWith(NOT_EXACT[mode] ?? "exact", problem, input);
}
