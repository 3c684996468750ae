// The on-screen number pad (docs/product.md#number-pad-and-answer-entry): digits 0-9, one decimal point at most, backspace.

/** Longest answer the pad builds; no answer in the game needs more. */
export const MAX_ANSWER_LENGTH = 10;

/** The answer after one key press; keys other than 0-9, '.' and 'Backspace' change nothing. */
export function applyKey(current: string, key: string): string {
  if (key === "Backspace") return current.slice(0, -1);
  if (key.length === 1 && key >= "0" && key <= "9") {
    return current.length < MAX_ANSWER_LENGTH ? current + key : current;
  }
  if (key === ".") {
    if (current.includes(".")) return current;
    const next = current === "" ? "0." : `${current}.`;
    return next.length <= MAX_ANSWER_LENGTH ? next : current;
  }
  return current;
}

/**
 * Typed or posted text reduced to what the pad could have built, as if each character were a key:
 * other characters are dropped ('-7' → '7', ' 12 ' → '12', '.5' → '0.5', '1.2.3' → '1.23').
 */
export function sanitizeAnswer(raw: string): string {
  let answer = "";
  for (const char of raw) {
    if (char === "." || (char >= "0" && char <= "9")) answer = applyKey(answer, char);
  }
  return answer;
}
