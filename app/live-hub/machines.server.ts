import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "~/config.server";
import { flyReplay } from "~/db/litefs.server";
import { liveRoute, type LiveRoute } from "~/live/machine-route";
import { LIVE_LIMITS, LIVE_MACHINE_PATH } from "~/live/protocol";
import { liveGamePlace, machineWithRoom, otherLiveMachines } from "~/models/live-machines.server";
import { now } from "~/utils/clock.server";
import { askPrimary, readSigned, reply, signedPost } from "./primary-link.server";
import {
  findLiveGame,
  forgetPupilHere,
  liveCodes,
  liveStats,
  onLiveGameOpened,
  onPupilForgotten,
} from "./registry.server";

/*
 * Live games on every machine (docs/decisions/0088-live-games-on-every-machine.md). A game lives on the machine
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

/** Where a request under /live goes: here, another machine, or nowhere (its machine stopped). */
export function liveRouteOf(req: IncomingMessage, at: number = now()): LiveRoute {
  const machine = config.liveMachine;
  if (!machine) return { kind: "here" };
  const source = req.headers["fly-replay-src"];
  return liveRoute({
    machineId: machine.id,
    method: req.method ?? "GET",
    url: req.url ?? "/",
    replaySource: typeof source === "string" ? source : undefined,
    full: liveStats().games >= LIVE_LIMITS.maxGames,
    roomOn: () => machineWithRoom(machine.id, LIVE_LIMITS.maxGames, at),
    holds: (code) => findLiveGame(code) !== undefined,
    placeOf: liveGamePlace,
    at,
  });
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
  // A stopped machine's game: answered here as no game, and its players' streams told it stopped
  // (./lane.server.ts), only to those holding a secret made for the code (docs/decisions/0072).
  next();
}

// ---------------------------------------------------------------------------------------------------------------
// An erased pupil leaves the games of every machine (docs/product.md#data-rights)

type MachineAsk = { op: "forget-pupil"; studentId: string };

const FORGET_RETRIES_MS = [500, 2_000, 10_000];

/**
 * The erasure runs on the primary, whose own games forget the pupil at once (./registry.server.ts); each other
 * machine holding games is asked to, by a signed request Fly's proxy takes to it (`fly-force-instance-id`).
 */
onPupilForgotten((studentId) => {
  const machine = config.liveMachine;
  if (!machine) return;
  for (const other of otherLiveMachines(machine.id, now())) void tellMachine(other, { op: "forget-pupil", studentId });
});

async function tellMachine(machineId: string, ask: MachineAsk): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(
        `${config.siteUrl}${LIVE_MACHINE_PATH}`,
        signedPost(ask, { "fly-force-instance-id": machineId }),
      );
      if (response.ok) return;
      console.warn(`live machines: machine ${machineId} answered ${ask.op} with ${response.status}`);
    } catch (error) {
      console.warn(`live machines: asking machine ${machineId} to ${ask.op} failed`, error);
    }
    const wait = FORGET_RETRIES_MS[attempt];
    if (wait === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, wait).unref?.());
  }
}

/** POST /live/machine: the primary's signed request to this machine. */
export async function handleMachineLink(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ask = await readSigned<MachineAsk>(req, res);
  if (!ask) return;
  if (ask.op === "forget-pupil") return reply(res, 200, { ok: true, seats: forgetPupilHere(ask.studentId) });
  reply(res, 400, { ok: false });
}
