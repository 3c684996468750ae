import { addressBlockOf, countGameOpened } from "~/limits/live-limits.server";
import type { LimitRefusal } from "~/limits/rate-limit.server";
import { emailConfirmedOf } from "~/models/users.server";
import type { LiveGame, LiveHost } from "~/live/game";
import { hostGamesOnOtherMachines, hostKeyOf } from "./machines.server";
import { findLiveGame } from "./registry.server";
import { HOSTING_LIMITS } from "~/live/protocol";
import { LIVE_MESSAGES as M } from "~/live/messages";

/*
 * Who may hold how many live games (docs/product.md#live-game, docs/decisions/0072-live-games-closed-to-strangers.md),
 * so that no one can spend the process's games on purpose: a host holds at most 3 open games; a member needs a
 * confirmed e-mail address to host, holds at most 6 games from one address, opens at most 20 an hour from one, and
 * members' games together leave 200 of the process's 500 to teachers, so a flood of members closes no school's game.
 * A host's games are counted on every machine (docs/decisions/0094-every-machine-holds-a-lease.md); a member's
 * address and the members' share, per process.
 */

type Held = { game: LiveGame; hostKey: string; block: string | null; member: boolean };

/** The games opened through hostGame, by code; a game closed since (or a code used again) is dropped when read. */
const held = new Map<string, Held>();

function openHeld(): Held[] {
  for (const [code, each] of held) if (findLiveGame(code) !== each.game) held.delete(code);
  return [...held.values()];
}

/** A refusal of the form (403), or a wait (a 429: the address's openings, or members' games all taken). */
export type HostingRefusal = { status: 403; message: string } | { wait: LimitRefusal };

/** Members' games all taken: the wait is a lobby's idle time at most (docs/decisions/0072). */
const MEMBERS_FULL_RETRY_SECONDS = 15 * 60;

/** Whether a member may host at all: a confirmed e-mail address (a teacher always may). */
export const memberMayHost = (userId: string): boolean => emailConfirmedOf(userId);

/** Why this host may not open a game now from this address, or null (a hit on the opens' limit when null). */
export function hostingRefusal(host: LiveHost, address: string | null): HostingRefusal | null {
  const member = host.kind === "member";
  if (member && !memberMayHost(host.userId)) return { status: 403, message: M.confirmToHost };
  const open = openHeld();
  const key = hostKeyOf(host);
  // This machine's games and the host's games on every other machine (decision 0094).
  const hosted = open.filter((each) => each.hostKey === key).length + hostGamesOnOtherMachines(key).length;
  if (hosted >= HOSTING_LIMITS.gamesPerHost) {
    return { status: 403, message: M.tooManyOpen };
  }
  if (!member) return null;
  const block = addressBlockOf(address);
  const fromHere = open.filter((each) => each.member && each.block !== null && each.block === block).length;
  if (fromHere >= HOSTING_LIMITS.memberGamesPerAddress) return { status: 403, message: M.tooManyFromHere };
  if (open.filter((each) => each.member).length >= HOSTING_LIMITS.memberGames) {
    return { wait: { ok: false, message: M.tooManyGames, retryAfterSeconds: MEMBERS_FULL_RETRY_SECONDS } };
  }
  const opened = countGameOpened(address);
  return opened.ok ? null : { wait: opened };
}

/** Counts a game just opened against its host (and a member's address). */
export function holdGame(code: string, host: LiveHost, address: string | null): void {
  const game = findLiveGame(code);
  if (game)
    held.set(code, { game, hostKey: hostKeyOf(host), block: addressBlockOf(address), member: host.kind === "member" });
}

/**
 * The codes of the games this host holds open, on this machine and then on every other (the host's page links
 * them, so one can be closed).
 */
export function openGamesOf(
  host: { kind: "teacher"; teacherId: string } | { kind: "member"; userId: string },
): string[] {
  const key = hostKeyOf(host);
  const here = openHeld()
    .filter((each) => each.hostKey === key)
    .map((each) => each.game.code);
  return [...here, ...hostGamesOnOtherMachines(key)];
}
