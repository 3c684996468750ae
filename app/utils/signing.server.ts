import crypto from "node:crypto";
import { config } from "~/config.server";

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

export function randomId(bytes = 16): string {
  return crypto.randomBytes(bytes).toString("base64url");
}
