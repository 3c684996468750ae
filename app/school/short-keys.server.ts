import crypto from "node:crypto";
import { isShortKeyClash, shortKeyInUse } from "~/models/schools.server";
import { withFreshDraw } from "~/school-rules/fresh-draw";

/*
 * The short key of a class's typeable card address, `{site}/c/{key}` (docs/product.md#short-card-address): 6
 * characters from 31 that a child cannot mix up (no 0, 1, i, l or o, lower case only), drawn from the operating
 * system's secure source and unique among classes. It only leads to the class's login link, so a key is as much a
 * secret as that link: the guesses at it are limited (app/limits/card-address-limits.server.ts).
 */

export const SHORT_KEY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const SHORT_KEY_LENGTH = 6;
/** 31 ** 6 = 887,503,681 keys. */
export const POSSIBLE_SHORT_KEYS = SHORT_KEY_ALPHABET.length ** SHORT_KEY_LENGTH;
/** Draws before giving up: with a million classes a clash has odds of 1 in 900, so ten in a row never happen. */
const MAX_KEY_ATTEMPTS = 10;

const SHORT_KEY = new RegExp(`^[${SHORT_KEY_ALPHABET}]{${SHORT_KEY_LENGTH}}$`);

/** One key, each character uniformly drawn (crypto.randomInt). */
export function drawShortKey(): string {
  let key = "";
  for (let i = 0; i < SHORT_KEY_LENGTH; i++) key += SHORT_KEY_ALPHABET[crypto.randomInt(SHORT_KEY_ALPHABET.length)];
  return key;
}

/** A key as typed (capitals too) in the form stored, or null when it cannot be a key at all. */
export function shortKeyFrom(typed: string): string | null {
  const key = typed.trim().toLowerCase();
  return SHORT_KEY.test(key) ? key : null;
}

export class NoFreeShortKey extends Error {
  constructor() {
    super(`No free short key after ${MAX_KEY_ATTEMPTS} draws`);
    this.name = "NoFreeShortKey";
  }
}

/**
 * Writes with a short key no class has: draws one, skips it when in use, hands it to `write`; a clash the
 * database still refuses (the unique index) is drawn again. Throws NoFreeShortKey after 10 draws.
 */
export function withFreshShortKey<T>(
  write: (key: string) => T,
  { draw = drawShortKey, inUse = shortKeyInUse }: { draw?: () => string; inUse?: (key: string) => boolean } = {},
): T {
  return withFreshDraw(write, {
    draw,
    inUse,
    isClash: isShortKeyClash,
    attempts: MAX_KEY_ATTEMPTS,
    exhausted: () => new NoFreeShortKey(),
  }).written;
}
