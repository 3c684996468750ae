// Where a request under /live goes when live games live on every machine
// (docs/decisions/0088-live-games-on-every-machine.md): here, another machine (the `fly-replay` fields), or nowhere,
// its machine having stopped. Pure: the caller gives what this machine holds and the replicated code → machine row.

import { isJoinCode } from "./join-code";
import { livePaths } from "./protocol";

export type LiveRoute =
  | { kind: "here" }
  | { kind: "replay"; fields: string }
  /** The game's machine stopped (its lease ran out): its streams are told so. */
  | { kind: "stopped" };

/** The `state=` a full machine puts on a new game it hands on, read back from `fly-replay-src`. */
export const HANDED_ON = "live-full";

/**
 * The `state=` of a request for a code this replica has no row for, sent once to the primary, which has the newest
 * rows (docs/decisions/0094-every-machine-holds-a-lease.md): there it is answered, or sent on to the game's machine,
 * never back.
 */
export const ASK_PRIMARY = "live-find";

/** The code a live request names: in its path (/live/<code>/…), or the join page's `?code=`. */
export function codeOfLiveRequest(path: string, query: string): string | null {
  const inPath = /^\/live\/(\d{11})(?:\/|$)/.exec(path)?.[1];
  if (inPath) return inPath;
  if (path !== livePaths.join) return null;
  const typed = new URLSearchParams(query).get("code")?.replace(/\D/g, "") ?? "";
  return isJoinCode(typed) ? typed : null;
}

/** The `state=` of a replayed request's `fly-replay-src` header (Fly's proxy writes it), if any. */
export function replayStateOf(source: string | undefined): string | null {
  if (typeof source !== "string") return null;
  return /(?:^|;)\s*state=([^;]*)/.exec(source)?.[1] ?? null;
}

export function liveRoute(input: {
  machineId: string;
  method: string;
  /** The request's URL (path and query). */
  url: string;
  /** Its `fly-replay-src` header. */
  replaySource: string | undefined;
  /** Whether this machine holds as many games as it may. */
  full: boolean;
  /** Another machine known to have room (from the replicated rows), if any. */
  roomOn: () => string | undefined;
  holds: (code: string) => boolean;
  /** The replicated row of a code: its machine, and whether that machine is lost (decision 0094). */
  placeOf: (code: string) => { machineId: string; lost: boolean } | undefined;
  /** The primary's machine, when this machine is not the primary. */
  primary: string | undefined;
}): LiveRoute {
  const [path = "/", query = ""] = input.url.split("?", 2);
  if (path === livePaths.host && input.method === "POST") {
    // A full machine hands a new game on once: to a machine known to have room, else to any other (Fly's proxy
    // picks, leaving this one out); one handed on that finds that machine full too is refused there, with the usual
    // words.
    if (!input.full || replayStateOf(input.replaySource) === HANDED_ON) return { kind: "here" };
    const room = input.roomOn();
    return { kind: "replay", fields: `${room ? `instance=${room}` : "elsewhere=true"};state=${HANDED_ON}` };
  }
  const code = codeOfLiveRequest(path, query);
  if (!code || input.holds(code)) return { kind: "here" };
  const place = input.placeOf(code);
  if (!place) {
    // No row here yet (or none at all): the primary's rows are the newest. Asked once; a code the primary does not
    // know either is answered there as no game, as every machine answers it.
    const asked = replayStateOf(input.replaySource) === ASK_PRIMARY;
    return input.primary && !asked
      ? { kind: "replay", fields: `instance=${input.primary};state=${ASK_PRIMARY}` }
      : { kind: "here" };
  }
  if (place.machineId === input.machineId) return { kind: "here" };
  if (place.lost) return { kind: "stopped" };
  return { kind: "replay", fields: `instance=${place.machineId}` };
}
