// A live game's join code (docs/product.md#live-game, docs/decisions/0072-live-games-closed-to-strangers.md): 10
// random digits and a check digit, 11 in all, shown and typed in groups of 4, 4 and 3 ("4827 1903 562"). The space
// is large enough that a scanner limited per address finds almost nothing (the arithmetic is in the decision); the
// check digit (Damm's: it catches every single mistyped digit and every swap of two neighbours) turns a child's slip
// into "check the numbers" before any game is looked up, so a slip is never counted as a guess. Pure.

/** Random digits, then the check digit. */
export const JOIN_CODE_RANDOM_DIGITS = 10;
export const JOIN_CODE_LENGTH = JOIN_CODE_RANDOM_DIGITS + 1;

/** Damm's quasigroup of order 10 (weakly totally anti-symmetric): row = interim digit, column = next digit. */
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

function interim(digits: string): number {
  let at = 0;
  for (const digit of digits) at = DAMM[at]![digit.charCodeAt(0) - 48]!;
  return at;
}

/** The check digit of a string of digits. */
export function checkDigitOf(digits: string): string {
  return String(interim(digits));
}

/** A code from its random digits (JOIN_CODE_RANDOM_DIGITS of them). */
export function joinCodeFrom(randomDigits: string): string {
  return randomDigits + checkDigitOf(randomDigits);
}

/** Whether a string of digits (spaces already taken out) is a join code: its length, and its check digit. */
export function isJoinCode(code: string): boolean {
  return code.length === JOIN_CODE_LENGTH && /^\d+$/.test(code) && interim(code) === 0;
}

/** How a code is shown: "4827 1903 562". */
export function spacedJoinCode(code: string): string {
  return `${code.slice(0, 4)} ${code.slice(4, 8)} ${code.slice(8)}`;
}
