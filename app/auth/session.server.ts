import { createCookie } from "@remix-run/node";
import { and, eq, gt } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { profiles, sessions, users } from "~/db/schema";
import { now } from "~/utils/clock.server";

/** The one server-side session cookie: it names a row of the sessions table, nothing more. */
export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.secureCookies,
  secrets: [config.sessionSecret],
});

export type SessionUser = { userId: string; email: string | null; username: string | null; role: "member" | "admin" };

async function sessionIdFrom(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The signed-in member behind this request, if any. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await sessionIdFrom(request);
  if (!sessionId) return null;
  const row = db
    .select({ userId: users.id, email: users.email, role: users.role, username: profiles.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now())))
    .get();
  return row ?? null;
}

/** The name a member's scores are saved under: their profile's, else the part of the e-mail before the @. */
export function publicNameOf(user: SessionUser): string {
  const fromProfile = user.username?.trim();
  if (fromProfile) return fromProfile;
  const local = user.email?.split("@")[0]?.trim();
  return local || "Player";
}
