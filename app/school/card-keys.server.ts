import crypto from "node:crypto";
import { config } from "~/config.server";
import { SHORT_KEY_ALPHABET } from "./short-keys.server";

/*
 * Each login card's own address, `{site}/c/{card key}` (docs/product.md#short-card-address,
 * docs/decisions/0070-logins-that-no-guesser-can-close.md): 7 characters of the 31 a child cannot mix up, made from
 * the pupil's id and current code with the server's secret (HMAC-SHA256), so nothing is stored, a new code makes a
 * new card, and the key cannot be worked out from a code without the secret. The page at a card's address takes
 * only the code printed beside it: a guess there must hit a card key and its code at once.
 */

export const CARD_KEY_LENGTH = 7;
/** 31 ** 7 = 27,512,614,111 keys. */
export const POSSIBLE_CARD_KEYS = SHORT_KEY_ALPHABET.length ** CARD_KEY_LENGTH;

const CARD_KEY = new RegExp(`^[${SHORT_KEY_ALPHABET}]{${CARD_KEY_LENGTH}}$`);

/** The key of the card of the pupil `studentId` while their code is `loginCode`. */
export function cardKeyOf(studentId: string, loginCode: string): string {
  const mac = crypto.createHmac("sha256", config.sessionSecret).update(`login-card:${studentId}:${loginCode}`);
  // 64 bits, far more than 31^7 (about 2^35): the characters are as good as uniform.
  let n = mac.digest().readBigUInt64BE(0);
  let key = "";
  for (let i = 0; i < CARD_KEY_LENGTH; i++) {
    key += SHORT_KEY_ALPHABET[Number(n % 31n)];
    n /= 31n;
  }
  return key;
}

/** A card key as typed (capitals too) in the form made, or null when it cannot be one. */
export function cardKeyFrom(typed: string): string | null {
  const key = typed.trim().toLowerCase();
  return CARD_KEY.test(key) ? key : null;
}

/**
 * Whether `key` is the card of the pupil found by the code (undefined: no pupil has it), in the same time either
 * way: a key is made even when no pupil was found, so the answer's timing does not tell a right code.
 */
export function isCardOf(key: string, found: { id: string } | undefined, loginCode: string): boolean {
  const expected = Buffer.from(cardKeyOf(found?.id ?? "no pupil", loginCode));
  const given = Buffer.from(key.padEnd(CARD_KEY_LENGTH).slice(0, CARD_KEY_LENGTH));
  return crypto.timingSafeEqual(expected, given) && found !== undefined;
}
