import { config } from "~/config.server";
import { instanceInfo } from "../../server/litefs.js";

/*
 * The app's questions to LiteFS go through server/litefs.js, the one module that knows it
 * (docs/decisions/0023-replicas-and-the-primary.md). Without LITEFS_DIR the process is its own primary.
 */

export function isPrimaryInstance(): boolean {
  return instanceInfo(config.litefsDir).currentIsPrimary;
}

/**
 * For the rare GET that must write (an OAuth callback signs a member in): on a replica, throws the `fly-replay`
 * answer that sends the request to the primary before anything is read or written.
 */
export function requirePrimary(): void {
  const { currentIsPrimary, primaryInstance } = instanceInfo(config.litefsDir);
  if (currentIsPrimary) return;
  throw new Response("This request belongs to the primary server; Fly's proxy sends it there.\n", {
    status: 409,
    headers: { "fly-replay": `instance=${primaryInstance}`, "Content-Type": "text/plain; charset=utf-8" },
  });
}
