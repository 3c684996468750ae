import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";
import { TOKEN_PATTERN, type HOST_COOKIE, type PLAYER_COOKIE } from "./protocol";

/*
 * A live game's secrets (docs/decisions/0072-live-games-closed-to-strangers.md): 16 random hex digits and 16 of
 * their HMAC with the server's secret over the kind and the game's code. A browser's token is checked against the
 * code before any game is looked up, so a request without a token made for that code gets the same answer whether
 * a game has that code or not (it never reaches the games), and a token taken from one game says nothing of another.
 */

type Kind = typeof PLAYER_COOKIE | typeof HOST_COOKIE;

const macOf = (kind: Kind, code: string, random: string) =>
  createHmac("sha256", config.sessionSecret).update(`live-token:${kind}:${code}:${random}`).digest("hex").slice(0, 16);

/** A new secret for one player or host of the game with this code. */
export function newLiveToken(kind: Kind, code: string): string {
  const random = randomBytes(8).toString("hex");
  return random + macOf(kind, code, random);
}

/** Whether a token was made by this server for this kind and code (the game may have ended since). */
export function isLiveTokenFor(token: string | null, kind: Kind, code: string): token is string {
  if (token === null || !TOKEN_PATTERN.test(token)) return false;
  const expected = Buffer.from(macOf(kind, code, token.slice(0, 16)));
  return timingSafeEqual(expected, Buffer.from(token.slice(16)));
}
