// Everything the app knows about LiteFS, in one module (docs/decisions/0023-replicas-and-the-primary.md): where the
// primary is, and the answer that sends a request there. Without LITEFS_DIR the process is a single node and its
// own primary, so the app runs unchanged without LiteFS, and moving to another replication means editing this file
// and the deploy files.
import { getInstanceInfoSync } from "litefs-js";

/**
 * This machine and the primary's, read from LiteFS's `.primary` file on every call: with a Consul lease the
 * primary can move at any time.
 */
export function instanceInfo(litefsDir = process.env.LITEFS_DIR) {
  if (!litefsDir) return { currentIsPrimary: true, primaryInstance: undefined };
  const { currentIsPrimary, primaryInstance } = getInstanceInfoSync(litefsDir);
  return { currentIsPrimary, primaryInstance };
}

export function isPrimary() {
  return instanceInfo().currentIsPrimary;
}

/** Methods that never write: everything else is a write and belongs on the primary. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Answers a request with Fly's `fly-replay` to the primary (Fly's proxy then sends it there), without reading its
 * body: a large upload is answered while it is still arriving. 409 for anything that is not Fly's proxy.
 */
export function replayToPrimary(res, primaryInstance) {
  res.writeHead(409, {
    "fly-replay": `instance=${primaryInstance}`,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
  });
  res.end("This request belongs to the primary server; Fly's proxy sends it there.\n");
}

/**
 * Express middleware: on a replica, every request that may write (any method but GET, HEAD and OPTIONS) goes to
 * the primary before the app sees it. LiteFS's proxy does the same for the requests it routes; this covers the
 * rest and makes sure a replica never tries to write.
 */
export function writesOnPrimary() {
  return (req, res, next) => {
    if (READS.has(req.method)) return next();
    const { currentIsPrimary, primaryInstance } = instanceInfo();
    if (currentIsPrimary) return next();
    replayToPrimary(res, primaryInstance);
  };
}
