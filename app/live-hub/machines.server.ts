import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "~/config.server";
import { flyReplay } from "~/db/litefs.server";
import { isJoinCode } from "~/live/join-code";
import { LIVE_LIMITS, livePaths } from "~/live/protocol";
import { liveGamePlace } from "~/models/live-machines.server";
import { now } from "~/utils/clock.server";
import { askPrimary } from "./primary-link.server";
import { event, findLiveGame, liveCodes, liveStats, onLiveGameOpened } from "./registry.server";

/*
 * Live games on every machine (docs/decisions/0086-live-games-on-every-machine.md). A game lives on the machine
 * whose process opened it; the primary notes code → machine in the replicated database, and every machine sends a
 * request for a code it does not hold to the machine that does, with `fly-replay: instance=…`. The holding machine
 * renews its lease on its games while it runs; a game whose machine stopped renewing is answered as stopped. On a
 * single node (no FLY_MACHINE_ID) none of this runs.
 */

let renewTimer: ReturnType<typeof setInterval> | undefined;
let lastRenewedEmpty = true;

/** A game just opened here: the primary is told its machine, and the lease renewals run. */
export function announceLiveGame(code: string): void {
  const machine = config.liveMachine;
  if (!machine) return;
  void askPrimary({ op: "place", code, machineId: machine.id });
  lastRenewedEmpty = false;
  if (renewTimer) return;
  renewTimer = setInterval(renew, Math.max(200, Math.floor(machine.leaseMs / 3)));
  renewTimer.unref?.();
}

onLiveGameOpened(announceLiveGame);

function renew() {
  const machine = config.liveMachine;
  if (!machine) return;
  const codes = liveCodes();
  // Once more after the last game closed, so that its row goes; then quiet until a game opens.
  if (codes.length === 0) {
    if (lastRenewedEmpty) {
      clearInterval(renewTimer);
      renewTimer = undefined;
      return;
    }
    lastRenewedEmpty = true;
  }
  void askPrimary({ op: "renew", machineId: machine.id, codes });
}

/** The code a live request names: in its path (/live/<code>/…), or the join page's `?code=`. */
export function codeOfLiveRequest(path: string, query: string): string | null {
  const inPath = /^\/live\/(\d{11})(?:\/|$)/.exec(path)?.[1];
  if (inPath) return inPath;
  if (path !== livePaths.join) return null;
  const typed = new URLSearchParams(query).get("code")?.replace(/\D/g, "") ?? "";
  return isJoinCode(typed) ? typed : null;
}

/** The request's replay state (Fly's proxy writes `fly-replay-src: …;state=…` on a replayed request). */
function replayStateOf(req: IncomingMessage): string | null {
  const source = req.headers["fly-replay-src"];
  if (typeof source !== "string") return null;
  return /(?:^|;)\s*state=([^;]*)/.exec(source)?.[1] ?? null;
}

const HANDED_ON = "live-full";

export type LiveRoute =
  | { kind: "here" }
  | { kind: "replay"; fields: string }
  /** The game's machine stopped (its lease ran out): its streams are told so. */
  | { kind: "stopped" };

/** Where a request under /live goes: here, another machine, or nowhere (its machine stopped). */
export function liveRouteOf(req: IncomingMessage, at: number = now()): LiveRoute {
  const machine = config.liveMachine;
  if (!machine) return { kind: "here" };
  const [path = "/", query = ""] = (req.url ?? "/").split("?", 2);
  if (path === livePaths.host && req.method === "POST") {
    // A full machine hands a new game to another once; a game handed on that finds that one full too is refused
    // there, with the usual words.
    const full = liveStats().games >= LIVE_LIMITS.maxGames;
    return full && replayStateOf(req) !== HANDED_ON
      ? { kind: "replay", fields: `elsewhere=true;state=${HANDED_ON}` }
      : { kind: "here" };
  }
  const code = codeOfLiveRequest(path, query);
  if (!code || findLiveGame(code)) return { kind: "here" };
  const place = liveGamePlace(code);
  if (!place || place.machineId === machine.id) return { kind: "here" };
  if (place.aliveUntil < at) return { kind: "stopped" };
  return { kind: "replay", fields: `instance=${place.machineId}` };
}

/** The guard's side (server/lanes.ts): answers a request that is not this machine's, or lets it on. */
export function routeLiveRequest(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const route = liveRouteOf(req);
  if (route.kind === "here") return next();
  if (route.kind === "replay") {
    const { status, headers, body } = flyReplay(route.fields);
    res.writeHead(status, headers).end(body);
    return;
  }
  // A stopped machine's game: its event streams are told it stopped, as a restart tells them; the rest find no game.
  if (/^\/live\/\d{11}\/events$/.test((req.url ?? "").split("?")[0]!) && req.method === "GET") {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
    });
    res.end(`retry: 3600000\n\n${event("closed", { now: now(), reason: "restart" })}`);
    return;
  }
  next();
}
