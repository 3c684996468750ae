import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";
import { addressGroupOf } from "~/utils/address-group";

/** HMAC-SHA256 of a string with the session secret, base64url. */
export function sign(value: string): string {
  return crypto.createHmac("sha256", config.sessionSecret).update(value).digest("base64url");
}

/** Constant-time check of a signature made by sign(). */
export function verifySignature(value: string, signature: string): boolean {
  const expected = Buffer.from(sign(value));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/**
 * A cookie signed with the session secret that scripts cannot read (httpOnly), sent with same-site requests and
 * top-level links (Lax), on every path, Secure where the site is https: the one shape of every signed cookie here.
 */
export function signedCookie(name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.secureCookies,
    secrets: [config.sessionSecret],
    maxAge: maxAgeSeconds,
  });
}

export function randomId(bytes = 16): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/**
 * A random id (16 random bytes, as randomId) led by the millisecond clock in 12 hex digits, so that ids sort by
 * when they were made. For the keys written with every finish (run ids, visitors' ids): each new one goes in at the
 * end of its index instead of on a random page of it (docs/decisions/0031-time-ordered-ids.md).
 */
export function timeOrderedId(): string {
  return Date.now().toString(16).padStart(12, "0") + randomId();
}

/**
 * The key an address's group (app/utils/address-group.ts) is counted under on the boards (docs/decisions/0037-a-board-is-not-one-address.md): the first
 * 6 bytes of its HMAC with the session secret, as an integer (compact in an index, safe in a JS number). The address
 * itself is never stored, and without the secret the key cannot be turned back into it by trying addresses.
 */
export function addressKeyOf(address: string | null | undefined): number | null {
  if (!address) return null;
  // Keyed by the address's group (an IPv6 address by its /64), whoever gave it.
  const group = addressGroupOf(address);
  return crypto.createHmac("sha256", config.sessionSecret).update(`board-address:${group}`).digest().readUIntBE(0, 6);
}
