import { countFailedJoinCode, mayTryJoinCode } from "~/limits/live-limits.server";
import type { LimitRefusal } from "~/limits/rate-limit.server";
import type { TurnedAway } from "~/live/admission";
import type { LiveGame, LivePlayer } from "~/live/game";
import { findLiveGame, joinLiveGame } from "./registry.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { PLAYER_COOKIE } from "~/live/protocol";
import { isLiveTokenFor } from "~/live/tokens.server";

/*
 * The join form's door (docs/product.md#live-game, docs/decisions/0072-live-games-closed-to-strangers.md). To anyone
 * a game is not already theirs, a code that opens no game (none has it, it is full, it would not seat them) is
 * answered the same way and counted against their address; while the address waits, no code is looked up. A
 * game is already theirs to know when they are a pupil of the class it is for, or their browser was in a game
 * with this code (it holds a secret made for the code): those get the game's own reason, and count nothing.
 */

export type DoorOutcome =
  | { ok: true; player: LivePlayer }
  | { ok: false; status: 403 | 404 | 409; message: string }
  /** The address waits: a 429 with Retry-After. */
  | { ok: false; wait: LimitRefusal };

type Who = { name: string; kind: LivePlayer["kind"]; studentId: string | null };

/** Why a join was turned away, in words, and its status, for those the game is theirs to know about. */
const TURNED_AWAY: Record<TurnedAway | "no-game", [string, 403 | 404 | 409]> = {
  full: [M.gameFull, 409],
  closed: [M.ended, 404],
  "no-game": [M.ended, 404],
  locked: [M.locked, 409],
  "class-only": [M.classOnly, 403],
  "address-full": [M.addressFull, 409],
  removed: [M.removed, 403],
};

export function joinByCode(input: {
  code: string;
  address: string | null;
  /** The browser's player cookie for this code, if any. */
  token: string | null;
  /** The class of the pupil joining (null: a guest). */
  pupilClassId: string | null;
  /** The player as this game seats them (a pupil's name depends on whose game it is). */
  who: (game: LiveGame) => Who;
  /** Where the join comes from: its class, browser and address group (docs/decisions/0071-live-seats-for-the-class.md). */
  from: Parameters<typeof joinLiveGame>[2];
}): DoorOutcome {
  const game = findLiveGame(input.code);
  const ownClass =
    game !== undefined &&
    input.pupilClassId !== null &&
    game.host.kind === "teacher" &&
    game.host.classId === input.pupilClassId;
  const known = ownClass || isLiveTokenFor(input.token, PLAYER_COOKIE, input.code);
  if (!known) {
    const door = mayTryJoinCode(input.address);
    if (!door.ok) return { ok: false, wait: door };
  }
  const joined = game
    ? joinLiveGame(input.code, input.who(game), input.from)
    : ({ ok: false, reason: "no-game" } as const);
  if (joined.ok) return { ok: true, player: joined.player };
  if (!known) {
    countFailedJoinCode(input.address);
    return { ok: false, status: 404, message: M.noGame };
  }
  const [message, status] = TURNED_AWAY[joined.reason];
  return { ok: false, status, message };
}
