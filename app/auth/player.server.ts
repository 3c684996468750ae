import { signedCookie, timeOrderedId } from "~/utils/signing.server";
import { getSessionUser, publicNameOf } from "./session.server";
import type { WithHeaders } from "~/utils/request.server";
import type { Player } from "~/models/player.server";

// Who plays is defined beside the models that store it; auth reads it from a request.
export {
  boardNameOf,
  isOwnRow,
  isStudentOwner,
  ownerOf,
  playerColumns,
  type Player,
  type PlayerColumns,
} from "~/models/player.server";

/**
 * A visitor's own scores are recognised by a signed, random anonymous-player id in a cookie: it works
 * without JavaScript and names no one.
 */
const anonCookie = signedCookie("__player", 60 * 60 * 24 * 400);

/** The visitor's anonymous-player id, if their cookie is genuine. */
export async function readAnonId(request: WithHeaders): Promise<string | null> {
  const value: unknown = await anonCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{16,64}$/.test(value) ? value : null;
}

/**
 * The player behind a request, creating an anonymous id for a new visitor; `headers` carries the
 * cookie for that new id and must be sent with the response.
 */
export async function getOrCreatePlayer(request: Request): Promise<{ player: Player; headers: Headers }> {
  const headers = new Headers();
  const existing = await getPlayer(request);
  if (existing) return { player: existing, headers };
  const anonId = timeOrderedId();
  headers.append("Set-Cookie", await anonCookie.serialize(anonId));
  return { player: { kind: "anon", anonId }, headers };
}

/** The player behind a request, or null for a visitor who has never started a game. */
export async function getPlayer(request: WithHeaders): Promise<Player | null> {
  const user = await getSessionUser(request);
  if (user) return { kind: "member", userId: user.userId, username: publicNameOf(user) };
  const anonId = await readAnonId(request);
  return anonId ? { kind: "anon", anonId } : null;
}

/** A Set-Cookie value that removes the anonymous-player cookie (its scores now belong to a member). */
export function forgetAnonId(): Promise<string> {
  return anonCookie.serialize("", { maxAge: 0 });
}
