import { redirect } from "@remix-run/node";
import { claimAnonymousScores } from "~/models/leaderboard.server";
import { deleteSession, insertMemberSession } from "~/models/sessions.server";
import { getMemberProfile, recordSignIn } from "~/models/users.server";
import { now } from "~/utils/clock.server";
import { flashHeaders, type Flash } from "~/utils/flash.server";
import { randomId } from "~/utils/signing.server";
import { forgetAnonId, readAnonId } from "./player.server";
import { SESSION_MS, sessionCookie, sessionIdFrom } from "./session.server";

/**
 * Signs a member in on this browser: a new session row (any earlier one of this browser is ended, so a planted
 * cookie cannot be carried into the account), and the scores this browser made as a visitor move to the
 * member, whose anonymous-player cookie is then forgotten (docs/product.md#sessions). Answers with a redirect.
 */
export async function signInAndRedirect(
  request: Request,
  userId: string,
  { to = "/", flash }: { to?: string; flash?: Flash } = {},
): Promise<Response> {
  const previous = await sessionIdFrom(request);
  if (previous) deleteSession(previous);
  const sessionId = randomId(24);
  const userAgent = request.headers.get("User-Agent")?.slice(0, 300) ?? null;
  insertMemberSession({ id: sessionId, userId, userAgent, expiresAt: now() + SESSION_MS });
  recordSignIn(userId);

  const headers = flash ? await flashHeaders(request, flash) : new Headers();
  headers.append("Set-Cookie", await sessionCookie.serialize(sessionId));
  await claimVisitorScores(request, userId, headers);
  return redirect(to, { headers });
}

/**
 * The scores this browser made as a visitor become the member's, and the anonymous-player cookie is forgotten
 * (`headers` gets its Set-Cookie), so the boards show one player and a shared computer's next visitor starts
 * afresh (docs/decisions/0014-accounts-and-sessions.md).
 */
export async function claimVisitorScores(request: Request, userId: string, headers: Headers): Promise<void> {
  const anonId = await readAnonId(request);
  const profile = anonId ? getMemberProfile(userId) : undefined;
  if (!anonId || !profile) return;
  claimAnonymousScores(anonId, { userId, username: profile.username });
  headers.append("Set-Cookie", await forgetAnonId());
}

/** Ends this browser's session (the row and the cookie) and leads to `to`. */
export async function signOutAndRedirect(request: Request, to: string, flash?: Flash): Promise<Response> {
  const sessionId = await sessionIdFrom(request);
  if (sessionId) deleteSession(sessionId);
  const headers = flash ? await flashHeaders(request, flash) : new Headers();
  headers.append("Set-Cookie", await sessionCookie.serialize("", { maxAge: 0 }));
  return redirect(to, { headers });
}
