import { config } from "~/config.server";
import { clearedWithLimits } from "~/limits/rate-limit.server";
import { randomId, sign, verifySignature } from "~/utils/signing.server";

/*
 * The one-time sign-in link a teacher is mailed when /teacher-login refuses their code at a new place
 * (docs/product.md#guessing-login-codes, docs/decisions/0070-logins-that-no-guesser-can-close.md):
 * `{teacher}.{expiry}.{nonce}.{signature}`, signed with the session secret over the teacher's current code too, so a
 * forged link opens nothing and a new code ends the old links. It works for 20 minutes and once: a used nonce is
 * kept in this process (the primary's, where every POST goes) until the link would have expired anyway.
 */

export const SIGN_IN_LINK_MS = 20 * 60_000;
const TOKEN_MAX = 200;
const PART = /^[A-Za-z0-9_-]{1,64}$/;

/** nonce → when its link expires: the links already used. */
const used = new Map<string, number>();
clearedWithLimits(() => used.clear());

const signed = (teacherId: string, expires: string, nonce: string, loginCode: string) =>
  `teacher-sign-in:${teacherId}:${expires}:${nonce}:${loginCode}`;

export function signInToken(teacherId: string, loginCode: string, at: number): string {
  const expires = (at + SIGN_IN_LINK_MS).toString(36);
  const nonce = randomId(12);
  return `${teacherId}.${expires}.${nonce}.${sign(signed(teacherId, expires, nonce, loginCode))}`;
}

export const signInUrl = (teacherId: string, loginCode: string, at: number) =>
  `${config.siteUrl}/teacher-login/link/${signInToken(teacherId, loginCode, at)}`;

export type SignInLink = { teacherId: string; nonce: string; expiresAt: number };

/**
 * The link a token is, checked against the teacher's code now (`codeOf`), or null when it is forged, expired, made
 * before a new code, or already used.
 */
export function signInLinkOf(
  token: string,
  at: number,
  codeOf: (teacherId: string) => string | null,
): SignInLink | null {
  if (token.length > TOKEN_MAX) return null;
  const [teacherId, expires, nonce, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !teacherId || !expires || !nonce || !signature) return null;
  if (!PART.test(teacherId) || !PART.test(nonce) || !/^[0-9a-z]{1,12}$/.test(expires)) return null;
  const expiresAt = parseInt(expires, 36);
  if (expiresAt < at || used.has(nonce)) return null;
  const code = codeOf(teacherId);
  if (code === null || !verifySignature(signed(teacherId, expires, nonce, code), signature)) return null;
  return { teacherId, nonce, expiresAt };
}

/** Marks a link used; false when it already was (two presses at once: only one signs in). */
export function spendSignInLink(link: SignInLink, at: number): boolean {
  for (const [nonce, expiresAt] of used) if (expiresAt < at) used.delete(nonce);
  if (used.has(link.nonce)) return false;
  used.set(link.nonce, link.expiresAt);
  return true;
}
