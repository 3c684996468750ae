import { redirect } from "@remix-run/node";
import { memberOfSession, type SessionMember } from "~/models/sessions.server";
import { now } from "~/utils/clock.server";
import type { WithHeaders } from "~/utils/request.server";
import { signedCookie } from "~/utils/signing.server";

/** How long a sign-in lasts (docs/product.md#sessions). */
export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

/** The one server-side session cookie: it names a row of the sessions table, nothing more. */
export const sessionCookie = signedCookie("__session", SESSION_MS / 1000);

export type SessionUser = SessionMember;

/** The session row this browser names, if its cookie is genuine. */
export async function sessionIdFrom(request: WithHeaders): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The signed-in member behind this request, if any. */
export async function getSessionUser(request: WithHeaders): Promise<SessionUser | null> {
  const sessionId = await sessionIdFrom(request);
  if (!sessionId) return null;
  return memberOfSession(sessionId, now()) ?? null;
}

/** The signed-in member, or a redirect to sign in (loaders and actions of members' pages call this first). */
export async function requireMember(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/auth");
  return user;
}

/** The name a member's scores are saved under: their profile's, else the part of the e-mail before the @. */
export function publicNameOf(user: { username: string | null; email: string | null }): string {
  const fromProfile = user.username?.trim();
  if (fromProfile) return fromProfile;
  return greetingNameOf(user);
}

/** The members' home greets with the part of the e-mail before the at-sign, else 'Player'. */
export function greetingNameOf(user: { email: string | null }): string {
  const local = user.email?.split("@")[0]?.trim();
  return local || "Player";
}
