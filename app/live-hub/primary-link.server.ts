import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "~/config.server";
import { isPrimaryInstance } from "~/db/litefs.server";
import {
  forgetLiveGamePlace,
  placeLiveGame,
  renewLiveMachine,
  writtenRunIds,
  type PlacedGame,
  type Renewal,
} from "~/models/live-machines.server";
import { LIVE_PRIMARY_PATH } from "~/live/protocol";
import { saveLiveRuns, type LiveRound } from "~/runs/live.server";
import { now } from "~/utils/clock.server";
import { readNodeLimited } from "~/utils/request.server";
import { sign, verifySignature } from "~/utils/signing.server";

/*
 * What a machine holding live games asks of the primary (docs/decisions/0088-live-games-on-every-machine.md): to
 * note a game's machine, to renew the machine's lease, and to write a game's results. On the primary (and on a
 * single node) it is done at once, in this process; elsewhere it is a signed POST to the site's own origin, which
 * any machine answers with `fly-replay` to the primary (server/lanes.ts, "writes on primary"). Every machine signs
 * with the same secret (config.server.ts requires it on LiteFS), and no one else can.
 */

const SIGNATURE_HEADER = "x-live-signature";
/** A signed request older than this is refused: a copy cannot be sent again much later. */
const FRESH_MS = 5 * 60 * 1000;
/** The results of 30 pupils' 20-answer rounds are a few tens of kilobytes; Fly replays at most 1 MB. */
const MAX_BODY_BYTES = 1_000_000;

export type PrimaryAsk =
  | ({ op: "place"; machineId: string } & PlacedGame)
  | ({ op: "renew" } & Renewal)
  | { op: "forget"; code: string; machineId: string }
  | { op: "results"; round: LiveRound };

type Answer = { ok: true; runIds?: (string | null)[] } | { ok: false };

/** Since when this process, as the primary, has been taking renewals without a gap (decision 0094); in memory. */
let writing: { since: number; last: number } | undefined;

/**
 * Renewals come from every machine, this one included, at a third of the lease each: a gap of half the lease means
 * the primary was away (or is new), and the time without a gap starts again.
 */
function writingSince(at: number, leaseMs: number): number {
  if (!writing || at - writing.last > leaseMs / 2 || at < writing.last) writing = { since: at, last: at };
  else writing.last = at;
  return writing.since;
}

/** Does what was asked, on the primary. A results request sent again writes nothing and answers the same ids. */
export function answerOnPrimary(ask: PrimaryAsk, at: number = now()): Answer {
  const leaseMs = config.liveMachine?.leaseMs ?? 60_000;
  switch (ask.op) {
    case "place":
      placeLiveGame(
        { code: ask.code, machineId: ask.machineId, hostKey: ask.hostKey ?? null, classId: ask.classId ?? null },
        at,
        at + leaseMs,
      );
      return { ok: true };
    case "renew":
      renewLiveMachine(
        {
          machineId: ask.machineId,
          region: ask.region ?? null,
          capacity: ask.capacity ?? 0,
          codes: ask.codes,
          games: ask.games,
        },
        {
          at,
          aliveUntil: at + leaseMs,
          writingSince: writingSince(at, leaseMs),
          // A game closed sends its own forget; this catches one lost, a renewal period later.
          placedBefore: at - leaseMs / 3,
        },
      );
      return { ok: true };
    case "forget":
      forgetLiveGamePlace(ask.code, ask.machineId);
      return { ok: true };
    case "results": {
      const ids = ask.round.pupils.map((pupil) => pupil.runId ?? null);
      const written = writtenRunIds(ids.filter((id): id is string => id !== null));
      // The round is written in one transaction: any of its runs there means the whole round was written before.
      if (written.size > 0) return { ok: true, runIds: ids.map((id) => (id && written.has(id) ? id : null)) };
      return { ok: true, runIds: saveLiveRuns(ask.round) };
    }
  }
}

/** Retries of a results request: a podium outlives a primary that is away for a while (a failover takes seconds). */
const RESULT_RETRIES_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000];

/**
 * Asks the primary; resolves with its answer, or `{ ok: false }` once every try failed. Results are tried again
 * and again with the same run ids, so that a retry after a lost answer never writes twice.
 */
export async function askPrimary(ask: PrimaryAsk): Promise<Answer> {
  const waits = ask.op === "results" ? RESULT_RETRIES_MS : [];
  for (let attempt = 0; ; attempt++) {
    try {
      if (isPrimaryInstance()) return answerOnPrimary(ask);
      const response = await fetch(`${config.siteUrl}${LIVE_PRIMARY_PATH}`, signedPost(ask));
      if (response.ok) return (await response.json()) as Answer;
      console.warn(`live machines: the primary answered ${ask.op} with ${response.status}`);
    } catch (error) {
      console.warn(`live machines: asking the primary to ${ask.op} failed`, error);
    }
    const wait = waits[attempt];
    if (wait === undefined) return { ok: false };
    await new Promise((resolve) => setTimeout(resolve, wait).unref?.());
  }
}

export function reply(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(text);
}

/** POST /live-primary on the primary: a signed, fresh request from a machine of this app. */
export async function handlePrimaryLink(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ask = await readSigned<PrimaryAsk>(req, res);
  if (ask) reply(res, 200, answerOnPrimary(ask));
}

/** A signed POST to this app's own origin: the body as sent, and its headers. */
export function signedPost(ask: unknown, headers: Record<string, string> = {}): RequestInit {
  const body = JSON.stringify({ sentAt: now(), ask });
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: sign(`live-primary:${body}`), ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  };
}

/**
 * What a signed, fresh request of a machine of this app asks; anything else is answered here (405, 413, 403) and
 * gets null.
 */
export async function readSigned<T>(req: IncomingMessage, res: ServerResponse): Promise<T | null> {
  if (req.method !== "POST") {
    res.writeHead(405, { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" }).end("Method Not Allowed\n");
    return null;
  }
  const signature = req.headers[SIGNATURE_HEADER];
  // The body as sent: its signature covers these very bytes.
  const text = await readNodeLimited(req, MAX_BODY_BYTES);
  if (text === null) {
    reply(res, 413, { ok: false });
    return null;
  }
  if (typeof signature !== "string" || !verifySignature(`live-primary:${text}`, signature)) {
    reply(res, 403, { ok: false });
    return null;
  }
  // Signed by a machine of this app: its JSON is the app's own.
  const message = JSON.parse(text) as { sentAt?: unknown; ask?: T };
  if (typeof message.sentAt !== "number" || Math.abs(now() - message.sentAt) > FRESH_MS || !message.ask) {
    reply(res, 403, { ok: false });
    return null;
  }
  return message.ask;
}
