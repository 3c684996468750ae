// Facts: the sums and times-table facts a child learns by heart, one 12 × 12 grid per operation
// (docs/product.md#facts). A fact is a cell of its grid; subtraction and division facts are the inverses of addition
// and multiplication facts, so every grid reads the same way: row a, column b.
import { addition, division, multiplication } from "./ranges";
import type { Problem } from "./types";

export type FactOp = "+" | "-" | "*" | "/";
export const FACT_OPS: readonly FactOp[] = ["+", "-", "*", "/"];

/** The grid's rows and columns run from 1 to 12 for every operation. */
export const FACT_MIN = 1;
export const FACT_MAX = 12;

/**
 * Cell (a, b) of an operation's grid: `+` a + b, `-` (a + b) − a = b, `*` a × b, `/` (a × b) ÷ a = b.
 * So the subtraction and division grids are the addition and multiplication grids read backwards.
 */
export interface Fact {
  op: FactOp;
  a: number;
  b: number;
}

/** A fact as a short stable text, "*7,8": the key of stored fact records and of a practice run's list. */
export type FactKey = string;

export function factKey({ op, a, b }: Fact): FactKey {
  return `${op}${a},${b}`;
}

function inGrid(n: number): boolean {
  return Number.isInteger(n) && n >= FACT_MIN && n <= FACT_MAX;
}

function isFactOp(value: string): value is FactOp {
  return (FACT_OPS as readonly string[]).includes(value);
}

const KEY_PATTERN = /^([+\-*/])(\d{1,2}),(\d{1,2})$/;

/** The fact of a key, or null for anything else (keys come from tokens and forms, so they are checked strictly). */
export function parseFactKey(key: unknown): Fact | null {
  if (typeof key !== "string") return null;
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, op, aText, bText] = match as unknown as [string, string, string, string];
  const a = Number(aText);
  const b = Number(bText);
  // "07" is not a key: one text per fact.
  if (!isFactOp(op) || !inGrid(a) || !inGrid(b) || String(a) !== aText || String(b) !== bText) return null;
  return { op, a, b };
}

/** The problem a fact asks; division in the sign of the mode that asks it. */
export function factProblem({ op, a, b }: Fact, divisionSign: "/" | "÷" = "/"): Problem {
  switch (op) {
    case "+":
      return addition(a, b);
    case "-":
      return { num1: a + b, num2: a, operator: "-", answer: b };
    case "*":
      return multiplication(a, b);
    case "/":
      return division(a, b, divisionSign);
  }
}

/** The fact a problem asks, or null when it is not one (bigger sums, money, percentages, an answer of 0). */
export function factOfProblem(problem: Problem): Fact | null {
  // A number bond's missing part (`7 + ? = 10`) is the addition 7 + 3.
  if (problem.gap) return factOf(problem.operator, problem.num1, problem.answer, problem.num2);
  return factOf(problem.operator, problem.num1, problem.num2, problem.answer);
}

function factOf(operator: string, num1: number, num2: number, answer: number): Fact | null {
  let fact: Fact | null = null;
  switch (operator) {
    case "+":
      fact = { op: "+", a: num1, b: num2 };
      break;
    case "-":
      fact = { op: "-", a: num2, b: answer };
      break;
    case "*":
      fact = { op: "*", a: num1, b: num2 };
      break;
    case "/":
    case "÷":
      fact = { op: "/", a: num2, b: answer };
      break;
    default:
      return null;
  }
  return inGrid(fact.a) && inGrid(fact.b) ? fact : null;
}

/** A stored problem line: whole numbers only, so money ('£2.50 + …') and percentages never match. */
const STORED_LINE = /^(\d{1,3}) ([+\-×÷]) (\d{1,3}) = \?$/;
const STORED_OPERATORS: Readonly<Record<string, string>> = { "+": "+", "-": "-", "×": "*", "÷": "/" };
/** A number bond's missing part as stored ('7 + ? = 10'): the addition fact 7 + 3 (docs/product.md#number-bonds). */
const STORED_GAP = /^(\d{1,3}) \+ \? = (\d{1,3})$/;

/**
 * The fact of a problem line as a finished run keeps it ('7 × 8 = ?', '9 - 4 = ?', '56 ÷ 8 = ?'), or null. The
 * finish and the rebuild from stored runs both read facts this way, so they cannot disagree.
 */
export function factOfStoredProblem(line: string, correctAnswer: number): Fact | null {
  const gap = STORED_GAP.exec(line);
  if (gap) {
    const part = Number(gap[1]);
    // As any other line: an answer that does not follow from it is no fact we can trust.
    if (!Number.isInteger(correctAnswer) || part + correctAnswer !== Number(gap[2])) return null;
    return factOf("+", part, correctAnswer, Number(gap[2]));
  }
  const match = STORED_LINE.exec(line);
  if (!match) return null;
  const [, left, sign, right] = match as unknown as [string, string, string, string];
  const operator = STORED_OPERATORS[sign];
  if (!operator || !Number.isInteger(correctAnswer)) return null;
  const num1 = Number(left);
  const num2 = Number(right);
  const expected = { "+": num1 + num2, "-": num1 - num2, "*": num1 * num2, "/": num1 / num2 }[operator];
  // A line whose answer does not follow from it is not a fact we can trust.
  if (expected !== correctAnswer) return null;
  return factOf(operator, num1, num2, correctAnswer);
}

/** Every fact of an operation, row by row. */
export function factsOf(op: FactOp): Fact[] {
  const facts: Fact[] = [];
  for (let a = FACT_MIN; a <= FACT_MAX; a++) {
    for (let b = FACT_MIN; b <= FACT_MAX; b++) facts.push({ op, a, b });
  }
  return facts;
}
