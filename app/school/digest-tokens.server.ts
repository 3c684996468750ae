import { config } from "~/config.server";
import { sign, verifySignature } from "~/utils/signing.server";

/*
 * The weekly digest's two links (docs/product.md#weekly-digest), signed with the session secret (HMAC-SHA256), so
 * nothing about them is stored and a forged one opens nothing:
 * - unsubscribe, `{teacher}.{signature}`: one teacher, no expiry (a digest read months later still stops them);
 * - confirm, `{teacher}.{expiry}.{signature}` over the address too: it works for one address and for a day, and
 *   stops working when the teacher gives another address.
 */

const CONFIRM_MS = 24 * 60 * 60 * 1000;
/** Teacher ids are base64url; a token is no longer than this. */
const TOKEN_MAX = 200;
const PART = /^[A-Za-z0-9_-]{1,64}$/;

export function unsubscribeToken(teacherId: string): string {
  return `${teacherId}.${sign(`digest-unsubscribe:${teacherId}`)}`;
}

/** The teacher an unsubscribe token names, or null for anything not made by unsubscribeToken. */
export function teacherOfUnsubscribeToken(token: string): string | null {
  if (token.length > TOKEN_MAX) return null;
  const [teacherId, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !teacherId || !signature || !PART.test(teacherId)) return null;
  return verifySignature(`digest-unsubscribe:${teacherId}`, signature) ? teacherId : null;
}

export function confirmToken(teacherId: string, email: string, at: number): string {
  const expires = (at + CONFIRM_MS).toString(36);
  return `${teacherId}.${expires}.${sign(`digest-confirm:${teacherId}:${expires}:${email}`)}`;
}

/**
 * Checks a confirm token against the address now waiting for confirmation (`emailOf` reads it): the teacher's id,
 * or null when the token is forged, expired, or made for another address.
 */
export function teacherOfConfirmToken(
  token: string,
  at: number,
  emailOf: (teacherId: string) => string | null,
): string | null {
  if (token.length > TOKEN_MAX) return null;
  const [teacherId, expires, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !teacherId || !expires || !signature || !PART.test(teacherId)) return null;
  if (!/^[0-9a-z]{1,12}$/.test(expires) || parseInt(expires, 36) < at) return null;
  const email = emailOf(teacherId);
  if (email === null) return null;
  return verifySignature(`digest-confirm:${teacherId}:${expires}:${email}`, signature) ? teacherId : null;
}

export const unsubscribeUrl = (teacherId: string) =>
  `${config.siteUrl}/digest/unsubscribe/${unsubscribeToken(teacherId)}`;

export const confirmUrl = (teacherId: string, email: string, at: number) =>
  `${config.siteUrl}/digest/confirm/${confirmToken(teacherId, email, at)}`;
