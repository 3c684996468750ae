import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { now } from "~/utils/clock.server";

/* Admins: members with the admin role (docs/decisions/0017-admin-accounts.md). Data access only. */

export type Role = "member" | "admin";

/** What the admin login checks: the account behind an e-mail address, its password hash and its role. */
export type RoleLogin = { id: string; passwordHash: string | null; role: Role };

export function findLoginWithRole(email: string): RoleLogin | undefined {
  return db
    .select({ id: users.id, passwordHash: users.passwordHash, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .get();
}

/** A member's role; false when there is no such member. */
export function setRole(id: string, role: Role): boolean {
  return db.update(users).set({ role }).where(eq(users.id, id)).run().changes > 0;
}

/**
 * Makes a member an admin with their e-mail address counted as confirmed (the operator named it). A new
 * password, when given, replaces theirs and ends every session they have. One transaction.
 */
export function promoteToAdmin(id: string, { passwordHash }: { passwordHash?: string } = {}): void {
  db.transaction((tx) => {
    tx.update(users)
      .set(passwordHash ? { role: "admin", passwordHash } : { role: "admin" })
      .where(eq(users.id, id))
      .run();
    tx.update(users)
      .set({ emailVerifiedAt: now() })
      .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
      .run();
    if (passwordHash) tx.delete(sessions).where(eq(sessions.userId, id)).run();
  });
}
