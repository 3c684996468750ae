import { getInstanceInfoSync } from "litefs-js";
import { config } from "~/config.server";

/*
 * Everything the app and its server know about LiteFS, in one module (docs/decisions/0023-replicas-and-the-primary.md):
 * where the primary is, and the one answer that sends a request there. Without LITEFS_DIR the process is a single
 * node and its own primary, so the app runs unchanged without LiteFS.
 */

/**
 * This machine and the primary's, read from LiteFS's `.primary` file on every call: with a Consul lease the
 * primary can move at any time.
 */
export function instanceInfo(litefsDir = config.litefsDir): {
  currentIsPrimary: boolean;
  primaryInstance: string | undefined;
} {
  if (!litefsDir) return { currentIsPrimary: true, primaryInstance: undefined };
  const { currentIsPrimary, primaryInstance } = getInstanceInfoSync(litefsDir);
  return { currentIsPrimary, primaryInstance };
}

export function isPrimaryInstance(): boolean {
  return instanceInfo().currentIsPrimary;
}

/**
 * The one answer that sends a request to the primary: Fly's proxy replays it there on seeing `fly-replay`; anything
 * else gets the 409. Written without reading the request's body, so a large upload is answered while it arrives.
 */
export function replayToPrimary(primaryInstance: string | undefined) {
  return flyReplay(`instance=${primaryInstance}`);
}

/**
 * An answer Fly's proxy replays elsewhere, by the documented fields of `fly-replay` (`instance=`, `elsewhere=true`,
 * `state=`; docs/decisions/0088-live-games-on-every-machine.md): to the primary, to the machine that holds a live
 * game, or to another machine when this one is full.
 */
export function flyReplay(fields: string) {
  return {
    status: 409,
    headers: {
      "fly-replay": fields,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
    body: "This request belongs to another server; Fly's proxy sends it there.\n",
  };
}

/**
 * For the rare GET that must write (an OAuth callback signs a member in): on a replica, throws the replay to the
 * primary before anything is read or written. (Every other write is sent there by the server's "writes on primary"
 * guard, server/lanes.ts.)
 */
export function requirePrimary(): void {
  const { currentIsPrimary, primaryInstance } = instanceInfo();
  if (currentIsPrimary) return;
  const { status, headers, body } = replayToPrimary(primaryInstance);
  throw new Response(body, { status, headers });
}
