// Small helpers the generators share.
import type { Rng } from "./prng";
import type { Problem } from "./types";

export interface Range {
  min: number;
  max: number;
}

export function draw(rng: Rng, range: Range): number {
  return rng.int(range.min, range.max);
}

export function addition(a: number, b: number): Problem {
  return { num1: a, num2: b, operator: "+", answer: a + b };
}

/** Subtraction with the larger operand first, so children never meet a negative answer. */
export function subtraction(a: number, b: number): Problem {
  const [big, small] = a >= b ? [a, b] : [b, a];
  return { num1: big, num2: small, operator: "-", answer: big - small };
}

export function multiplication(a: number, b: number): Problem {
  return { num1: a, num2: b, operator: "*", answer: a * b };
}

/** Division built backwards from divisor × quotient, so the answer is always whole. */
export function division(divisor: number, quotient: number, operator: "/" | "÷"): Problem {
  return { num1: divisor * quotient, num2: divisor, operator, answer: quotient };
}
