import { and, desc, eq, gt, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { profiles, sessions, users } from "~/db/schema";

/* Server-side sessions: one row per signed-in browser; the cookie carries only the row's id. */

export type SessionMember = {
  userId: string;
  email: string | null;
  username: string | null;
  role: "member" | "admin";
};

export function insertMemberSession(session: {
  id: string;
  userId: string;
  userAgent: string | null;
  expiresAt: number;
}): void {
  db.insert(sessions).values(session).run();
}

/** The member a live session belongs to. */
export function memberOfSession(sessionId: string, at: number): SessionMember | undefined {
  return db
    .select({ userId: users.id, email: users.email, role: users.role, username: profiles.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, at)))
    .get();
}

export function deleteSession(sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of a member, or every one but `keep` (a password change keeps the browser that made it). */
export function deleteMemberSessions(userId: string, keep?: string): number {
  const where = keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId);
  return db.delete(sessions).where(where).run().changes;
}

export type DeviceSession = { id: string; userAgent: string | null; createdAt: number; expiresAt: number };

export function listMemberSessions(userId: string, at: number): DeviceSession[] {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, at)))
    .orderBy(desc(sessions.createdAt))
    .all();
}
