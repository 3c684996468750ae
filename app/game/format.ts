// How problems and answers are shown (docs/product.md#problem-display).
import type { Operator, Problem } from "./types";

export interface FormattedProblem {
  /** One line, e.g. '7 × 8 = ?' or '25% of 40 = ?'. */
  text: string;
  /** Stack the operands (sum-style) when one of them is 10 or more and not an amount of money. */
  vertical: boolean;
  top: string;
  bottom: string;
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

const SYMBOLS: Readonly<Record<Operator, string>> = {
  "+": "+",
  "-": "-",
  "*": "×",
  "/": "÷",
  "÷": "÷",
  "% of": "% of",
};

export function operatorSymbol(operator: Operator): string {
  return SYMBOLS[operator];
}

export function formatProblem(problem: Problem): FormattedProblem {
  const { num1, num2, operator } = problem;
  if (operator === "% of") {
    return { text: `${num1}% of ${num2} = ?`, vertical: false, top: `${num1}%`, bottom: String(num2), symbol: "of" };
  }
  const top = formatNumber(num1);
  const bottom = formatNumber(num2);
  const symbol = SYMBOLS[operator];
  const big = (n: number) => n >= 10 && !isMoney(n);
  return { text: `${top} ${symbol} ${bottom} = ?`, vertical: big(num1) || big(num2), top, bottom, symbol };
}
