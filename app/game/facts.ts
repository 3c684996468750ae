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
  // A problem of a mode's own shape (a number bond's `7 + ? = 10`) asks the fact of the line its mode writes, as the
  // finish and the rebuild read it (docs/decisions/0090-what-a-new-mode-touches.md).
  if (problem.written) return factOfStoredProblem(problem.written.text, problem.answer);
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

/**
 * A stored problem line: `x sign y = z` in whole numbers, one of the three the gap (`?`) the answer filled: '7 × 8 = ?'
 * and a number bond's '7 + ? = 10' alike. Money ('£2.50 + …') and percentages never match.
 */
const STORED_LINE = /^(\d{1,3}|\?) ([+\-×÷]) (\d{1,3}|\?) = (\d{1,3}|\?)$/;
const STORED_OPERATORS: Readonly<Record<string, string>> = { "+": "+", "-": "-", "×": "*", "÷": "/" };
const WORKED: Readonly<Record<string, (x: number, y: number) => number>> = {
  "+": (x, y) => x + y,
  "-": (x, y) => x - y,
  "*": (x, y) => x * y,
  "/": (x, y) => x / y,
};

/**
 * The fact of a problem line as a finished run keeps it ('7 × 8 = ?', '9 - 4 = ?', '56 ÷ 8 = ?', '7 + ? = 10'), or
 * null: the line with its gap filled by the answer, `x sign y = z`, is the fact of x sign y, wherever the gap was. The
 * finish and the rebuild from stored runs both read facts this way, so they cannot disagree.
 */
export function factOfStoredProblem(line: string, correctAnswer: number): Fact | null {
  const match = STORED_LINE.exec(line);
  if (!match || !Number.isInteger(correctAnswer)) return null;
  const slots = match.slice(1) as [string, string, string, string];
  const [, sign] = slots;
  const numbers = [slots[0], slots[2], slots[3]];
  if (numbers.filter((slot) => slot === "?").length !== 1) return null;
  const [x, y, z] = numbers.map((slot) => (slot === "?" ? correctAnswer : Number(slot))) as [number, number, number];
  const operator = STORED_OPERATORS[sign];
  // A line whose answer does not make it true is not a fact we can trust.
  if (!operator || WORKED[operator]?.(x, y) !== z) return null;
  return factOf(operator, x, y, z);
}

/** Every fact of an operation, row by row. */
export function factsOf(op: FactOp): Fact[] {
  const facts: Fact[] = [];
  for (let a = FACT_MIN; a <= FACT_MAX; a++) {
    for (let b = FACT_MIN; b <= FACT_MAX; b++) facts.push({ op, a, b });
  }
  return facts;
}
