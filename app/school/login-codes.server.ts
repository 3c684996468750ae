import crypto from "node:crypto";
import { isLoginCodeClash, loginCodeInUse } from "~/models/schools.server";
import { withFreshDraw } from "~/school-rules/fresh-draw";

/*
 * Teacher and student login codes (docs/product.md#login-codes): exactly 8 digits from the operating system's
 * cryptographically secure random source, unique across teachers and students, and made afresh on request.
 * No code starts with 0, so a code pasted into a spreadsheet keeps its 8 digits.
 */

export const LOGIN_CODE_LENGTH = 8;
const LOWEST = 10 ** (LOGIN_CODE_LENGTH - 1);
const HIGHEST = 10 ** LOGIN_CODE_LENGTH; // exclusive
/** Draws before giving up. With 90 million codes, even a million in use makes ten clashes in a row unheard of. */
export const MAX_CODE_ATTEMPTS = 10;

export const isLoginCode = (value: string) => /^[1-9]\d{7}$/.test(value);

/** One 8-digit code, uniformly drawn (crypto.randomInt). */
export function drawLoginCode(): string {
  return String(crypto.randomInt(LOWEST, HIGHEST));
}

export class NoFreeLoginCode extends Error {
  constructor() {
    super(`No free login code after ${MAX_CODE_ATTEMPTS} draws`);
    this.name = "NoFreeLoginCode";
  }
}

/**
 * Writes with a code no teacher or student has (the unique indexes refuse a clash), drawn as
 * app/school-rules/fresh-draw.ts says. Throws NoFreeLoginCode after MAX_CODE_ATTEMPTS draws.
 */
export function withFreshLoginCode<T>(
  write: (code: string) => T,
  { draw = drawLoginCode, inUse = loginCodeInUse }: { draw?: () => string; inUse?: (code: string) => boolean } = {},
): { code: string; value: T } {
  const { value: code, written: value } = withFreshDraw(write, {
    draw,
    inUse,
    isClash: isLoginCodeClash,
    attempts: MAX_CODE_ATTEMPTS,
    exhausted: () => new NoFreeLoginCode(),
  });
  return { code, value };
}

/** The secret in a class's printed login link (docs/product.md#login-codes): 24 random bytes, base64url. */
export function newClassLoginKey(): string {
  return crypto.randomBytes(24).toString("base64url");
}
