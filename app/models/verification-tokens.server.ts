import { and, eq, gt, inArray, isNull, lt, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { verificationTokens } from "~/db/schema";

/* Single-use, expiring tokens for password reset and e-mail verification; only their hashes are stored. */

export type TokenKind = "password_reset" | "email_verification";

/** Stores a new token's hash; the member's earlier unused tokens of the same kind stop working. */
export function saveToken(token: { tokenHash: string; kind: TokenKind; userId: string; expiresAt: number }): void {
  db.transaction((tx) => {
    tx.delete(verificationTokens)
      .where(
        and(
          eq(verificationTokens.userId, token.userId),
          eq(verificationTokens.kind, token.kind),
          isNull(verificationTokens.usedAt),
        ),
      )
      .run();
    tx.insert(verificationTokens).values(token).run();
  });
}

/** This token, of this kind, unused and unexpired at `at`. */
function isLive(kind: TokenKind, tokenHash: string, at: number) {
  return and(
    eq(verificationTokens.tokenHash, tokenHash),
    eq(verificationTokens.kind, kind),
    isNull(verificationTokens.usedAt),
    gt(verificationTokens.expiresAt, at),
  );
}

/** The member a live (unused, unexpired) token belongs to, without using it. */
export function liveTokenOwner(kind: TokenKind, tokenHash: string, at: number): string | undefined {
  return db
    .select({ userId: verificationTokens.userId })
    .from(verificationTokens)
    .where(isLive(kind, tokenHash, at))
    .get()?.userId;
}

/** Uses a live token once: the owner's id, or undefined when it is unknown, used or expired. */
export function spendToken(kind: TokenKind, tokenHash: string, at: number): string | undefined {
  return db
    .update(verificationTokens)
    .set({ usedAt: at })
    .where(isLive(kind, tokenHash, at))
    .returning({ userId: verificationTokens.userId })
    .get()?.userId;
}

/**
 * Deletes up to `limit` tokens that expired, or were used, before `before` (docs/product.md#privacy-and-retention);
 * returns how many, so the caller can loop in batches.
 */
export function deleteSpentTokens(before: number, limit: number): number {
  const batch = db
    .select({ tokenHash: verificationTokens.tokenHash })
    .from(verificationTokens)
    .where(or(lt(verificationTokens.expiresAt, before), lt(verificationTokens.usedAt, before)))
    .limit(limit);
  return db.delete(verificationTokens).where(inArray(verificationTokens.tokenHash, batch)).run().changes;
}
