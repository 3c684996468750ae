import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";
import { randomId } from "~/utils/signing.server";
import { getSessionUser, publicNameOf } from "./session.server";

/**
 * A visitor's own scores are recognised by a signed, random anonymous-player id in a cookie: it works
 * without JavaScript and names no one.
 */
const anonCookie = createCookie("__player", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.secureCookies,
  secrets: [config.sessionSecret],
  maxAge: 60 * 60 * 24 * 400,
});

/** Who is playing: a signed-in member or an anonymous visitor. */
export type Player = { kind: "member"; userId: string; username: string } | { kind: "anon"; anonId: string };

/** How a player is stored on a run or an entry: a member's user id, or else a visitor's anonymous id. */
export type PlayerColumns = { userId: string | null; anonId: string | null };

export function playerColumns(player: Player): PlayerColumns {
  return player.kind === "member" ? { userId: player.userId, anonId: null } : { userId: null, anonId: player.anonId };
}

/** Whether a stored run or entry is this player's own. */
export function isOwnRow(player: Player | null, row: PlayerColumns): boolean {
  if (!player) return false;
  return player.kind === "member" ? row.userId === player.userId : row.anonId === player.anonId;
}

/** The name a player's scores are shown under: a member's public name; visitors have none. */
export function boardNameOf(player: Player): string | null {
  return player.kind === "member" ? player.username : null;
}

/** The owner string carried in a run token. */
export function ownerOf(player: Player): string {
  const { userId, anonId } = playerColumns(player);
  return userId ? `u:${userId}` : `a:${anonId}`;
}

/** The visitor's anonymous-player id, if their cookie is genuine. */
export async function readAnonId(request: Request): Promise<string | null> {
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
  const anonId = randomId();
  headers.append("Set-Cookie", await anonCookie.serialize(anonId));
  return { player: { kind: "anon", anonId }, headers };
}

/** The player behind a request, or null for a visitor who has never started a game. */
export async function getPlayer(request: Request): Promise<Player | null> {
  const user = await getSessionUser(request);
  if (user) return { kind: "member", userId: user.userId, username: publicNameOf(user) };
  const anonId = await readAnonId(request);
  return anonId ? { kind: "anon", anonId } : null;
}

/** A Set-Cookie value that removes the anonymous-player cookie (its scores now belong to a member). */
export function forgetAnonId(): Promise<string> {
  return anonCookie.serialize("", { maxAge: 0 });
}
