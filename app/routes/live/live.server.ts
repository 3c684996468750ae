import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { PSEUDONYM_ADJECTIVES, PSEUDONYM_ANIMALS } from "~/accounts/pseudonym-words";
import { getSchoolUser } from "~/auth/school-session.server";
import { getSessionUser } from "~/auth/session.server";
import { config } from "~/config.server";
import { mostMissed, type ClassPupil } from "~/facts/summary";
import type { RunSpec } from "~/game";
import type { HostSettings } from "~/forms/live.server";
import type { LiveGame, LiveHost } from "~/live/game";
import { newAdmission, type Admission, type Knock } from "~/live/admission";
import { addressGroupOf } from "~/utils/address-group";
import { findLiveGame, isLiveHost, playerByTokenOf } from "~/live-hub/registry.server";
import { tokenFromCookie } from "~/live-hub/lane.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { HOST_COOKIE, JOIN_CODE_PATTERN, LIVE_PREFIX, PLAYER_COOKIE, cookieName, livePaths } from "~/live/protocol";
import { isLiveTokenFor } from "~/live/tokens.server";
import { listClassesOfTeacher, type TeacherClass } from "~/models/class-results.server";
import { factBooksOfClass } from "~/models/fact-records.server";
import { listStudentsOfClass } from "~/models/students.server";
import { httpError } from "~/utils/http.server";
import { addressKeyOf } from "~/utils/signing.server";
import type { WithHeaders } from "~/utils/request.server";

/* What the live game's pages share (docs/product.md#live-game): who hosts, the cookies, a pupil's shown name. */

export type Hosting =
  { kind: "teacher"; teacherId: string; classes: TeacherClass[] } | { kind: "member"; userId: string } | null;

/** Who may host from this browser: a teacher (their classes), else a signed-in member, else no one. */
export async function hostingOf(request: WithHeaders): Promise<Hosting> {
  const school = await getSchoolUser(request);
  if (school?.kind === "teacher") {
    return { kind: "teacher", teacherId: school.teacherId, classes: listClassesOfTeacher(school.teacherId) };
  }
  const member = await getSessionUser(request);
  return member ? { kind: "member", userId: member.userId } : null;
}

function sameHost(host: LiveHost, hosting: Hosting): boolean {
  if (!hosting) return false;
  return host.kind === "teacher"
    ? hosting.kind === "teacher" && hosting.teacherId === host.teacherId
    : hosting.kind === "member" && hosting.userId === host.userId;
}

/*
 * A request without the browser's secret made for this code gets the same answer whether a game has the code or not
 * (docs/decisions/0072-live-games-closed-to-strangers.md): the games are not looked at before the secret is checked.
 */

/** The game, for its host only: the host's cookie and the same teacher or member signed in; else a 403 or a 404. */
export async function requireHostedGame(request: Request, code: string | undefined): Promise<LiveGame> {
  const token = code ? tokenFromCookie(request.headers.get("Cookie"), cookieName(HOST_COOKIE, code)) : null;
  if (!code || !isLiveTokenFor(token, HOST_COOKIE, code)) throw httpError(403, M.hostOnly);
  const game = findLiveGame(code);
  if (!game) throw httpError(404, M.ended);
  if (!isLiveHost(game, token) || !sameHost(game.host, await hostingOf(request))) throw httpError(403, M.hostOnly);
  return game;
}

/** The player behind this browser's cookie, or a redirect to the join page with the code filled in. */
export function requirePlayer(request: Request, code: string | undefined) {
  if (!code || !JOIN_CODE_PATTERN.test(code)) throw httpError(404, M.ended);
  const token = tokenFromCookie(request.headers.get("Cookie"), cookieName(PLAYER_COOKIE, code));
  const toJoin = () => redirect(`${livePaths.join}?code=${code}`, { headers: { "Cache-Control": "no-store" } });
  if (!isLiveTokenFor(token, PLAYER_COOKIE, code)) throw toJoin();
  const game = findLiveGame(code);
  if (!game) throw httpError(404, M.ended);
  const player = playerByTokenOf(game, token);
  if (!player) throw toJoin();
  return { game, player, token };
}

const cookieOf = (kind: typeof HOST_COOKIE | typeof PLAYER_COOKIE, code: string, token: string) =>
  `${cookieName(kind, code)}=${token}; Path=${LIVE_PREFIX}; Max-Age=86400; HttpOnly; SameSite=Lax${config.secureCookies ? "; Secure" : ""}`;

export const hostCookie = (code: string, token: string) => cookieOf(HOST_COOKIE, code, token);
export const playerCookie = (code: string, token: string) => cookieOf(PLAYER_COOKIE, code, token);

/**
 * A browser's id for the live games (`live_browser`, a year): a removed player's browser stays out of that game
 * whatever other cookie it drops (docs/decisions/0071-live-seats-for-the-class.md). Path=/, not /live: the join
 * page's own data request is `/live.data`, which a cookie of Path=/live is not sent with.
 */
export const BROWSER_COOKIE = "live_browser";

export function browserIdOf(request: WithHeaders): string | null {
  return tokenFromCookie(request.headers.get("Cookie"), BROWSER_COOKIE);
}

export const browserCookie = (id: string) =>
  `${BROWSER_COOKIE}=${id}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${config.secureCookies ? "; Secure" : ""}`;

/**
 * Where a join comes from: the browser's id (a new one when it has none: `fresh`, for the caller to set) and the
 * address's group (an IPv6 /64), as a keyed hash: the address itself is kept nowhere.
 */
export function doorOf(
  request: WithHeaders,
  address: string | null,
  classId: string | null,
): { from: Omit<Knock, "kind" | "studentId">; fresh: string | null } {
  const known = browserIdOf(request);
  const browserId = known ?? randomBytes(16).toString("hex");
  const group = addressKeyOf(addressGroupOf(address));
  return {
    from: { classId, browserId, addressGroup: group === null ? null : String(group) },
    fresh: known ? null : browserId,
  };
}

/**
 * A game's door from the host's settings: a class's game is its pupils' unless the teacher lets guests in, and each
 * pupil of the class has a seat kept (docs/decisions/0071-live-seats-for-the-class.md).
 */
export function admissionOf(settings: HostSettings): Admission {
  return newAdmission({
    classId: settings.classId,
    rosterSize: settings.classId ? listStudentsOfClass(settings.classId).length : 0,
    guests: settings.guests,
  });
}

/** The address the big screen shows and its QR code holds. */
export const joinLink = (code: string) => `${config.siteUrl.replace(/\/$/, "")}${livePaths.join}?code=${code}`;

/**
 * A pupil's name on the big screen: their first name in their own teacher's class game; in anyone else's game a
 * made-up name (docs/decisions/0064-live-class-game.md), so no one outside the class learns it.
 */
export function pupilNameIn(game: LiveGame, pupil: { name: string; classId: string }, random = Math.random): string {
  if (game.host.kind === "teacher" && game.host.classId === pupil.classId) {
    return pupil.name.trim().split(/\s+/)[0] ?? pupil.name;
  }
  return madeUpName(random);
}

export function madeUpName(random = Math.random): string {
  const pick = (words: readonly string[]) => words[Math.floor(random() * words.length)]!;
  return `${pick(PSEUDONYM_ADJECTIVES)} ${pick(PSEUDONYM_ANIMALS)}`;
}

/** The game's run from the host's settings: the pupils' game, or practice on the class's weak facts (null: none). */
export function specOf(settings: HostSettings): RunSpec | null {
  if (settings.weakFacts && settings.classId) {
    const books = factBooksOfClass(settings.classId);
    const pupils: ClassPupil[] = listStudentsOfClass(settings.classId).map((pupil) => ({
      id: pupil.id,
      name: pupil.name,
      books: books.get(pupil.id) ?? {},
    }));
    const facts = mostMissed(pupils).map((fact) => fact.key);
    return facts.length > 0 ? { mode: "practice", facts } : null;
  }
  return { mode: "student", difficulty: settings.difficulty, operations: settings.operations, timesTables: [] };
}
