import type { Statement } from "better-sqlite3";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { publicNameCapsKey, publicNameKey } from "~/accounts/name-lookalikes.server";
import { db } from "~/db/client.server";
import { emptyTheLog } from "~/db/erased-log.server";
import { gameRuns, leaderboardEntries, oauthAccounts, profiles, users } from "~/db/schema";
import { now } from "~/utils/clock.server";
import { addressKeyOf, randomId } from "~/utils/signing.server";

/* Members: their sign-in identities, public names and settings (docs/product.md#accounts). */

export type MemberLogin = {
  id: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  emailVerifiedAt: number | null;
};

/** `calm`: the member's `Play calmly` (docs/product.md#calm-play), kept only when on. */
export type SoloSettingsColumn = { timeLimit: number; difficulty: string; operations: string[]; calm?: boolean };

export type MemberProfile = {
  id: string;
  email: string | null;
  phone: string | null;
  username: string;
  soloSettings: SoloSettingsColumn | null;
  role: "member" | "admin";
  hasPassword: boolean;
};

const login = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  passwordHash: users.passwordHash,
  emailVerifiedAt: users.emailVerifiedAt,
};

export function findMemberByEmail(email: string): MemberLogin | undefined {
  return db.select(login).from(users).where(eq(users.email, email)).get();
}

export function findMemberByPhone(phone: string): MemberLogin | undefined {
  return db.select(login).from(users).where(eq(users.phone, phone)).get();
}

export function findMemberById(id: string): MemberLogin | undefined {
  return db.select(login).from(users).where(eq(users.id, id)).get();
}

export function getMemberProfile(id: string): MemberProfile | undefined {
  const row = db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      username: profiles.username,
      soloSettings: profiles.soloSettings,
      role: users.role,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id))
    .get();
  if (!row) return undefined;
  const { passwordHash, ...rest } = row;
  return { ...rest, hasPassword: passwordHash !== null };
}

/** A profile's name with its look-alike keys, as every write of a public name stores them. */
const nameColumns = (username: string) => ({
  username,
  nameKey: publicNameKey(username),
  capsKey: publicNameCapsKey(username),
});

/**
 * Whether another member already uses this public name, whatever its case, or one that looks the same as written or
 * in capitals ("Tom" and "Тоm" with Cyrillic letters, "Tom Smith" and "ТОМ ЅМІТН"; docs/product.md#public-names).
 */
export function publicNameTaken(name: string, exceptUserId?: string): boolean {
  const keys = nameColumns(name);
  const sameName = or(
    sql`lower(${profiles.username}) = lower(${name})`,
    eq(profiles.nameKey, keys.nameKey),
    eq(profiles.capsKey, keys.capsKey),
  );
  const row = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(exceptUserId ? and(sameName, ne(profiles.id, exceptUserId)) : sameName)
    .get();
  return row !== undefined;
}

export type NewMember = {
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  username: string;
  emailVerified: boolean;
  /** The client's address (its group) the account is made from: kept only as addressKeyOf's keyed hash. */
  signupAddress?: string | null;
  /** "member" unless said otherwise; admins are made by `npm run admin:create` (docs/decisions/0017-admin-accounts.md). */
  role?: "member" | "admin";
};

export type CreateResult = { ok: true; id: string } | { ok: false; taken: "email" | "phone" | "username" };

function takenColumn(error: unknown): "email" | "phone" | "username" | null {
  const message = error instanceof Error ? error.message : "";
  if (!message.includes("UNIQUE constraint failed") && !message.includes("profiles_username_unique")) return null;
  if (message.includes("users.email")) return "email";
  if (message.includes("users.phone")) return "phone";
  return "username";
}

/** A new member and their profile, written together; a taken e-mail, phone or name is reported, not thrown. */
export function createMember(member: NewMember): CreateResult {
  const id = randomId();
  try {
    db.transaction((tx) => {
      tx.insert(users)
        .values({
          id,
          email: member.email,
          phone: member.phone,
          passwordHash: member.passwordHash,
          emailVerifiedAt: member.emailVerified ? now() : null,
          role: member.role ?? "member",
          signupAddressKey: addressKeyOf(member.signupAddress),
        })
        .run();
      tx.insert(profiles)
        .values({ id, ...nameColumns(member.username) })
        .run();
    });
    return { ok: true, id };
  } catch (error) {
    const taken = takenColumn(error);
    if (taken) return { ok: false, taken };
    throw error;
  }
}

export function markEmailVerified(id: string): void {
  db.update(users)
    .set({ emailVerifiedAt: now() })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
    .run();
}

/**
 * Whether a member's e-mail address is confirmed (from our mail, or by Google or Facebook): what hosting a live game
 * needs (docs/decisions/0072-live-games-closed-to-strangers.md). A phone number is never confirmed (no SMS is sent).
 */
export function emailConfirmedOf(id: string): boolean {
  const row = db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, id)).get();
  return row?.at != null;
}

export function setPasswordHash(id: string, passwordHash: string): void {
  db.update(users).set({ passwordHash }).where(eq(users.id, id)).run();
}

export function recordSignIn(id: string): void {
  db.update(users).set({ lastSignInAt: now() }).where(eq(users.id, id)).run();
}

/** Sets the public name; false when another member has it or its look-alike (the unique indexes decide, race-free). */
export function setPublicName(id: string, username: string): boolean {
  try {
    db.update(profiles).set(nameColumns(username)).where(eq(profiles.id, id)).run();
    return true;
  } catch (error) {
    if (takenColumn(error) === "username") return false;
    throw error;
  }
}

export function setSoloSettings(id: string, soloSettings: SoloSettingsColumn): void {
  db.update(profiles).set({ soloSettings }).where(eq(profiles.id, id)).run();
}

/**
 * Erases a member: their leaderboard entries (and with them their board rows), their finished runs, and the
 * account with its profile, sessions, tokens and linked sign-ins (docs/product.md#privacy-and-childrens-names).
 * Then the write-ahead log is emptied, as after a pupil's erasure (docs/decisions/0069-secure-delete-and-a-truncated-log.md).
 */
export function deleteMember(id: string): void {
  db.transaction((tx) => {
    tx.delete(leaderboardEntries).where(eq(leaderboardEntries.userId, id)).run();
    tx.delete(gameRuns).where(eq(gameRuns.userId, id)).run();
    tx.delete(users).where(eq(users.id, id)).run();
  });
  emptyTheLog(db.$client);
}

/**
 * Up to `limit` members (never admins) whose last sign-in, or sign-up when they never signed in, was before
 * `before`: account data is kept two years after the last sign-in (docs/product.md#privacy-and-retention).
 */
export function membersInactiveSince(before: number, limit: number): string[] {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "member"), lt(sql`coalesce(${users.lastSignInAt}, ${users.createdAt})`, before)))
    .limit(limit)
    .all()
    .map((row) => row.id);
}

/* Sign-in with Google or Facebook */

export type OAuthProvider = "google" | "facebook";

export function findMemberByOAuth(provider: OAuthProvider, providerAccountId: string): string | undefined {
  return db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerAccountId, providerAccountId)))
    .get()?.userId;
}

export function linkOAuth(provider: OAuthProvider, providerAccountId: string, userId: string): void {
  db.insert(oauthAccounts).values({ provider, providerAccountId, userId }).onConflictDoNothing().run();
}

/**
 * Days a new member's board rows count toward the address they signed up from, in the 5 places an address holds
 * (docs/product.md#one-address-five-places, docs/decisions/0074-fair-play-for-classes-and-addresses.md): long enough
 * that twenty phone numbers signed up at one address cannot fill a board, short enough that a family's members soon
 * count by account only.
 */
export const NEW_MEMBER_ADDRESS_DAYS = 7;
const NEW_MEMBER_ADDRESS_MS = NEW_MEMBER_ADDRESS_DAYS * 24 * 60 * 60 * 1000;

let signupKeyStatement: Statement | undefined;

/** The address key a member's board row made `at` counts under: their signup address's in their first days, else none. */
export function newMemberAddressKey(userId: string, at: number): number | null {
  // Asked on every member's finish: prepared once (a drizzle select builds its SQL on every call).
  signupKeyStatement ??= db.$client.prepare(
    `SELECT signup_address_key AS key, created_at AS createdAt FROM users WHERE id = ?`,
  );
  const row = signupKeyStatement.get(userId) as { key: number | null; createdAt: number } | undefined;
  if (!row || row.key === null || at - row.createdAt >= NEW_MEMBER_ADDRESS_MS) return null;
  return row.key;
}
