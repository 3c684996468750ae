import crypto from "node:crypto";
import { saveToken, spendToken, liveTokenOwner, type TokenKind } from "~/models/verification-tokens.server";
import { now } from "~/utils/clock.server";

/*
 * Links sent by e-mail carry a random token; only its SHA-256 is stored, so a copy of the database cannot be used
 * to reset anyone's password. Each is single-use and expires (docs/product.md#password-reset).
 */
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
};

const hashOf = (raw: string) => crypto.createHash("sha256").update(raw).digest("hex");

/** Only strings shaped like our tokens reach the database. */
const looksLikeToken = (raw: unknown): raw is string => typeof raw === "string" && /^[\w-]{43}$/.test(raw);

export function issueToken(kind: TokenKind, userId: string): string {
  const raw = crypto.randomBytes(32).toString("base64url");
  saveToken({ tokenHash: hashOf(raw), kind, userId, expiresAt: now() + TOKEN_LIFETIME_MS[kind] });
  return raw;
}

/** Whose live token this is, without using it up (a link's landing page). */
export function peekToken(kind: TokenKind, raw: unknown): string | undefined {
  return looksLikeToken(raw) ? liveTokenOwner(kind, hashOf(raw), now()) : undefined;
}

/** Uses the token once; undefined when it is malformed, unknown, used or expired. */
export function redeemToken(kind: TokenKind, raw: unknown): string | undefined {
  return looksLikeToken(raw) ? spendToken(kind, hashOf(raw), now()) : undefined;
}
