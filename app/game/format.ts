// How problems and answers are shown (docs/product.md#problem-display).
import { SOLO_ADD_RANGES, SOLO_MULTIPLY_RANGES } from "./solo";
import type { Operator, Problem, SoloDifficulty } from "./types";

/** The minus sign as the screen shows it (U+2212), not the hyphen a keyboard types. */
export const MINUS_SIGN = "\u2212";

export interface FormattedProblem {
  /**
   * One line as the results record keeps it, e.g. '7 × 8 = ?', '9 - 4 = ?' (a hyphen for minus): stored with every
   * finished run, so it never changes. Screens show `display`.
   */
  text: string;
  /** One line as the screen shows it, minus as − (U+2212): '9 − 4 = ?', '56 ÷ 8 = ?', '25% of 40 = ?'. */
  display: string;
  /** Stack the operands like a written sum when one of them is 10 or more and not money; never for ÷ or %. */
  vertical: boolean;
  top: string;
  bottom: string;
  /** The sign as the screen shows it: +, −, ×, ÷ (or 'of' for a percentage). */
  symbol: string;
}

/** Decimals below 1000 are amounts of money. */
function isMoney(n: number): boolean {
  return !Number.isInteger(n) && n < 1000;
}

/** A number as shown: money as pounds with two decimals ('£12.50'), anything else as is. */
export function formatNumber(n: number): string {
  return isMoney(n) ? `£${n.toFixed(2)}` : String(n);
}

/** The signs of the stored text (a hyphen for minus, as records have always had it). */
const STORED: Readonly<Record<Operator, string>> = {
  "+": "+",
  "-": "-",
  "*": "×",
  "/": "÷",
  "÷": "÷",
  "% of": "% of",
};

/** The signs on screen. */
const SHOWN: Readonly<Record<Operator, string>> = Object.assign({}, STORED, { "-": MINUS_SIGN });

/** Each sign in words, for screen readers. */
const SPOKEN: Readonly<Record<Operator, string>> = {
  "+": "plus",
  "-": "minus",
  "*": "times",
  "/": "divided by",
  "÷": "divided by",
  "% of": "percent of",
};

/** The operator as the screen shows it: − for minus, × and ÷. */
export function operatorSymbol(operator: Operator): string {
  return SHOWN[operator];
}

export function formatProblem(problem: Problem): FormattedProblem {
  const { num1, num2, operator, written } = problem;
  // A problem of a mode's own shape, as its mode wrote it: one line (docs/decisions/0090-what-a-new-mode-touches.md).
  if (written) {
    const { text, display } = written;
    return {
      text,
      display,
      vertical: false,
      top: formatNumber(num1),
      bottom: formatNumber(num2),
      symbol: SHOWN[operator],
    };
  }
  if (operator === "% of") {
    const text = `${num1}% of ${num2} = ?`;
    return { text, display: text, vertical: false, top: `${num1}%`, bottom: String(num2), symbol: "of" };
  }
  const top = formatNumber(num1);
  const bottom = formatNumber(num2);
  const symbol = SHOWN[operator];
  const big = (n: number) => n >= 10 && !isMoney(n);
  // Division is written on one line (56 ÷ 8), as children write it; a column is for +, − and ×.
  const division = operator === "/" || operator === "÷";
  return {
    text: `${top} ${STORED[operator]} ${bottom} = ?`,
    display: `${top} ${symbol} ${bottom} = ?`,
    vertical: !division && (big(num1) || big(num2)),
    top,
    bottom,
    symbol,
  };
}

/** What a screen reader hears for a problem: '9 minus 4 equals what?'. */
export function spokenProblem(problem: Problem): string {
  const { num1, num2, operator } = problem;
  if (problem.written) return problem.written.spoken;
  if (operator === "% of") return `${num1} percent of ${num2} equals what?`;
  return `${formatNumber(num1)} ${SPOKEN[operator]} ${formatNumber(num2)} equals what?`;
}

/**
 * A stored problem text (FormattedProblem.text, as a finished run's records keep it) as the screen shows it: the
 * hyphen between the numbers becomes − (U+2212). The stored text itself is never rewritten.
 */
export function problemTextForScreen(stored: string): string {
  return stored.replace(/ - /g, ` ${MINUS_SIGN} `);
}

/**
 * Daily challenges whose answers can have decimals (Money Matters: pounds and pence). Ids, not the challenges: the
 * pages that format numbers need not load the daily generators (docs/decisions/0026-client-weight-budget.md).
 */
const DECIMAL_CHALLENGES: ReadonlySet<string> = new Set(["money-matters"]);

/**
 * Whether a run's answers can be decimals, so its number pad needs a decimal point. Solo, student and
 * two-player answers are whole (division is built from whole factors; a percentage is rounded); only the
 * money challenge is not. tests/unit/game/format.test.ts checks this against every mode's problems.
 */
export function answersMayBeDecimal(spec: { mode: string; [field: string]: unknown }): boolean {
  return spec.mode === "daily" && DECIMAL_CHALLENGES.has(spec.challengeId as string);
}

/**
 * What the start dialog says a solo difficulty holds, from the generator's own ranges, so it stays true:
 * 'Numbers 1 to 9, times tables to 12 × 12'.
 */
export function difficultyHint(difficulty: SoloDifficulty): string {
  const add = SOLO_ADD_RANGES[difficulty];
  const multiply = SOLO_MULTIPLY_RANGES[difficulty];
  return `Numbers ${add.min} to ${add.max}, times tables to ${multiply.max} × ${multiply.max}`;
}
