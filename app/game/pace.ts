// Human pace (docs/decisions/0024-human-pace.md): the least time a very fast person needs for one problem, and
// whether a run's answer times are humanly plausible. A run that is not is still scored and saved for its player,
// but held off the public boards until an admin looks at it.
import type { Problem } from "./types";

/** Seeing the problem and pressing Enter: visual encoding and one keypress, for the fastest adults. */
const SEE_AND_SUBMIT_MS = 300;
/** Each character of the answer typed: the fastest typists' keystroke interval. */
const PER_KEY_MS = 100;
/** Recalling a single-digit sum or difference, or a times-table fact. */
const FACT_MS = 100;
/** Recalling a division fact (worked back from the times table). */
const DIVISION_FACT_MS = 200;
/** Each column of a written-out sum or difference, and each carry or borrow on top. */
const COLUMN_MS = 100;
const CARRY_MS = 150;
/** Each digit-by-digit product of a multiplication beyond the tables. */
const PARTIAL_PRODUCT_MS = 250;
/** Each digit of a quotient beyond a division fact. */
const QUOTIENT_DIGIT_MS = 400;
/** A percentage of an amount (10 %, 25 %, 50 % … of a number). */
const PERCENT_MS = 300;

const digits = (n: number) => String(Math.trunc(Math.abs(n))).length;
const isWhole = (n: number) => Number.isInteger(n);
/** Money and other decimals: worked in hundredths, which adds two columns. */
const hundredths = (n: number) => (isWhole(n) ? n : Math.round(n * 100));

function columnsAndCarries(a: number, b: number, subtract: boolean): { columns: number; carries: number } {
  let x = Math.abs(hundredths(a));
  let y = Math.abs(hundredths(b));
  let columns = 0;
  let carries = 0;
  let carry = 0;
  while (x > 0 || y > 0) {
    const dx = x % 10;
    const dy = y % 10;
    if (subtract) {
      carry = dx - carry < dy ? 1 : 0;
    } else {
      carry = dx + dy + carry >= 10 ? 1 : 0;
    }
    carries += carry;
    columns += 1;
    x = Math.floor(x / 10);
    y = Math.floor(y / 10);
  }
  return { columns: Math.max(1, columns), carries };
}

function thinkingMs(problem: Problem): number {
  const { num1: a, num2: b, operator } = problem;
  switch (operator) {
    case "+":
    case "-": {
      const subtract = operator === "-";
      if (isWhole(a) && isWhole(b) && (subtract ? a <= 20 && b <= 10 : a <= 10 && b <= 10)) return FACT_MS;
      const { columns, carries } = columnsAndCarries(a, b, subtract);
      return columns * COLUMN_MS + carries * CARRY_MS;
    }
    case "*":
      if (isWhole(a) && isWhole(b) && a <= 12 && b <= 12) return FACT_MS;
      return digits(hundredths(a)) * digits(hundredths(b)) * PARTIAL_PRODUCT_MS;
    case "/":
    case "÷":
      if (isWhole(a) && isWhole(b) && b <= 12 && problem.answer <= 12) return DIVISION_FACT_MS;
      return DIVISION_FACT_MS + digits(problem.answer) * QUOTIENT_DIGIT_MS;
    case "% of":
      return PERCENT_MS + digits(b) * COLUMN_MS;
  }
}

/** The characters a player types for the answer (money with its pence). */
function answerKeys(answer: number): number {
  return isWhole(answer) ? String(answer).length : answer.toFixed(2).length;
}

/** The least time, in ms, in which a very fast person reads this problem, works it out and types its answer. */
export function minimumAnswerMs(problem: Problem): number {
  return SEE_AND_SUBMIT_MS + answerKeys(problem.answer) * PER_KEY_MS + thinkingMs(problem);
}

/** Too few right answers to judge: a short run cannot place high, and a few quick answers are luck. */
export const PACE_MIN_ANSWERS = 5;
/** Held when most right answers came faster than the fastest person could give them. */
const MEDIAN_RATIO_FLOOR = 1;
/** … or when this many came in well under it (a bot that mixes in slow answers). */
const FAST_RATIO = 0.7;
const FAST_SHARE = 0.25;
const FAST_MIN_COUNT = 3;
/** … or when the gaps are as even as a metronome: people vary from sum to sum far more than this. */
const REGULAR_MIN_ANSWERS = 10;
const REGULAR_CV = 0.12;

export type PaceAnswer = { problem: Problem; correct: boolean; ms: number };
export type PaceReason = "faster-than-people" | "many-too-fast" | "too-regular";
export type PaceVerdict = {
  plausible: boolean;
  reasons: PaceReason[];
  /** Over the right answers: the median of (time taken / minimum), and how even the times were. */
  medianRatio: number | null;
  variation: number | null;
  /** Each answer's time and its minimum, in order, for the review page. */
  answers: { ms: number; minimumMs: number; correct: boolean }[];
};

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Judges a run by the time each answer took against its problem's minimum. Only right answers count: a child
 * pressing keys at random answers fast and scores nothing, and a score is made of right answers.
 */
export function judgePace(answers: readonly PaceAnswer[]): PaceVerdict {
  const timed = answers.map((a) => ({ ms: a.ms, minimumMs: minimumAnswerMs(a.problem), correct: a.correct }));
  const right = timed.filter((a) => a.correct);
  if (right.length < PACE_MIN_ANSWERS) {
    return { plausible: true, reasons: [], medianRatio: null, variation: null, answers: timed };
  }
  const ratios = right.map((a) => a.ms / a.minimumMs).sort((x, y) => x - y);
  const medianRatio = median(ratios);
  const times = right.map((a) => a.ms);
  const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
  const sd = Math.sqrt(times.reduce((sum, ms) => sum + (ms - mean) ** 2, 0) / times.length);
  const variation = mean > 0 ? sd / mean : 0;

  const reasons: PaceReason[] = [];
  if (medianRatio < MEDIAN_RATIO_FLOOR) reasons.push("faster-than-people");
  const fast = ratios.filter((r) => r < FAST_RATIO).length;
  if (fast >= Math.max(FAST_MIN_COUNT, FAST_SHARE * right.length)) reasons.push("many-too-fast");
  if (right.length >= REGULAR_MIN_ANSWERS && variation < REGULAR_CV) reasons.push("too-regular");
  return {
    plausible: reasons.length === 0,
    reasons,
    medianRatio: Math.round(medianRatio * 100) / 100,
    variation: Math.round(variation * 1000) / 1000,
    answers: timed,
  };
}
