import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "~/config.server";
import { flyReplay, instanceInfo } from "~/db/litefs.server";
import { liveRoute, type LiveRoute } from "~/live/machine-route";
import { LIVE_MACHINE_PATH } from "~/live/protocol";
import {
  classGameElsewhere,
  hostGamesElsewhere,
  liveGamePlace,
  machineWithRoom,
  otherLiveMachines,
  type PlacedGame,
} from "~/models/live-machines.server";
import { askPrimary, readSigned, reply, signedPost } from "./primary-link.server";
import {
  findLiveGame,
  forgetPupilHere,
  liveCodes,
  liveStats,
  onLiveGameClosed,
  onLiveGameOpened,
  onPupilForgotten,
  openGameOfClass,
} from "./registry.server";

/*
 * Live games on every machine (docs/decisions/0088-live-games-on-every-machine.md,
 * docs/decisions/0094-every-machine-holds-a-lease.md). A game lives on the machine whose process opened it; the
 * primary notes code → machine (with its host and class) in the replicated database, and every machine sends a
 * request for a code it does not hold to the machine that does, with `fly-replay: instance=…`. Every machine renews
 * a lease of its own while it runs, games or none (how many it holds and may hold); a game whose machine is lost is
 * answered as stopped. On a single node (no FLY_MACHINE_ID) none of this runs.
 */

/** Whose game it is, as the rows keep it (a host's cap counts every machine's games). */
export const hostKeyOf = (host: { kind: "teacher"; teacherId: string } | { kind: "member"; userId: string }): string =>
  host.kind === "teacher" ? `teacher:${host.teacherId}` : `member:${host.userId}`;

/** How long the primary must have been taking renewals before a lease run out means a machine lost (decision 0094). */
const settleMs = (leaseMs: number) => Math.floor(leaseMs / 2);

const placedGame = (code: string): PlacedGame | undefined => {
  const game = findLiveGame(code);
  if (!game) return undefined;
  return { code, hostKey: hostKeyOf(game.host), classId: game.host.kind === "teacher" ? game.host.classId : null };
};

/** The primary's answer to each game's placing, while it is awaited. */
const placing = new Map<string, Promise<unknown>>();
/** Games whose placing failed (the primary away): sent again with the next renewal. */
const unplaced = new Set<string>();

/** A game just opened here: the primary is told its machine, host and class. */
export function announceLiveGame(code: string): void {
  const machine = config.liveMachine;
  const game = placedGame(code);
  if (!machine || !game) return;
  const placed = askPrimary({ op: "place", ...game, machineId: machine.id })
    .then((answer) => void (answer.ok || unplaced.add(code)))
    .finally(() => placing.delete(code));
  placing.set(code, placed);
}

onLiveGameOpened(announceLiveGame);

/** Longest a host waits for the primary to note a new game's machine before its code is shown anyway. */
const PLACE_WAIT_MS = 3_000;

/**
 * Resolves once the primary has noted the game's machine (or failed to, or after a few seconds): the code is shown
 * only then, so that a pupil's request landing anywhere finds the game's row at the primary at least (decision 0094).
 */
export async function liveGamePlaced(code: string): Promise<void> {
  const placed = placing.get(code);
  if (!placed) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([placed, new Promise((resolve) => (timer = setTimeout(resolve, PLACE_WAIT_MS)))]);
  clearTimeout(timer);
}

// A game closed here: its row goes at once, so that its host's cap and the class's Join see it gone on every machine.
onLiveGameClosed((code) => {
  const machine = config.liveMachine;
  if (machine) void askPrimary({ op: "forget", code, machineId: machine.id });
});

/** This machine's lease, renewed at a third of it whether it holds games or not: one small write each time. */
function renew() {
  const machine = config.liveMachine;
  if (!machine) return;
  const codes = liveCodes();
  const games: PlacedGame[] = [];
  for (const code of unplaced) {
    const game = placedGame(code);
    if (game) games.push(game);
    else unplaced.delete(code);
  }
  void askPrimary({
    op: "renew",
    machineId: machine.id,
    region: machine.region,
    capacity: config.liveGame.maxGames,
    codes,
    games,
  }).then((answer) => {
    if (answer.ok) for (const game of games) unplaced.delete(game.code);
  });
}

if (config.liveMachine) {
  renew();
  setInterval(renew, Math.max(200, Math.floor(config.liveMachine.leaseMs / 3))).unref?.();
}

/** Where a request under /live goes: here, another machine, or nowhere (its machine stopped). */
export function liveRouteOf(req: IncomingMessage): LiveRoute {
  const machine = config.liveMachine;
  if (!machine) return { kind: "here" };
  const source = req.headers["fly-replay-src"];
  const settle = settleMs(machine.leaseMs);
  const { currentIsPrimary, primaryInstance } = instanceInfo();
  return liveRoute({
    machineId: machine.id,
    method: req.method ?? "GET",
    url: req.url ?? "/",
    replaySource: typeof source === "string" ? source : undefined,
    full: liveStats().games >= config.liveGame.maxGames,
    roomOn: () => machineWithRoom(machine.id, machine.region, settle),
    holds: (code) => findLiveGame(code) !== undefined,
    placeOf: (code) => liveGamePlace(code, settle),
    primary: currentIsPrimary ? undefined : primaryInstance,
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
// A host's games and a class's game, on every machine (decision 0094)

/** The codes of this host's games on other machines (none on a single node). */
export function hostGamesOnOtherMachines(hostKey: string): string[] {
  const machine = config.liveMachine;
  return machine ? hostGamesElsewhere(hostKey, machine.id, settleMs(machine.leaseMs)) : [];
}

/**
 * The open game a teacher hosts for this class, for the pupils' dashboard's one-tap Join (docs/product.md#live-game):
 * this machine's (the newest, when there are several), else the newest on another machine; null when there is none.
 */
export function classGameAnywhere(classId: string): string | null {
  const here = openGameOfClass(classId);
  const machine = config.liveMachine;
  if (here || !machine) return here;
  return classGameElsewhere(classId, machine.id, settleMs(machine.leaseMs)) ?? null;
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
  for (const other of otherLiveMachines(machine.id, settleMs(machine.leaseMs)))
    void tellMachine(other, { op: "forget-pupil", studentId });
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
