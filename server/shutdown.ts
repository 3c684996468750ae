// The server's side of a graceful shutdown (docs/decisions/0020-backups-and-shutdown.md): its connections. The
// app's side (ending streams, closing the database) is the app's own, app/lifecycle.server.ts, called here
// through the build the server loaded.
import type { Server } from "node:http";
import type { AppLifecycle } from "~/lifecycle.server";
import type { Guard } from "./guard";

let stopping = false;

/** While shutting down, every answer closes its connection: the client's next request goes to another machine. */
export const closeWhileStopping: Guard = {
  name: "connection close while stopping",
  run(_req, res, next) {
    if (stopping) res.setHeader("Connection", "close");
    next();
  },
};

/** True once a shutdown has begun (a second signal then exits at once). */
export function isStopping(): boolean {
  return stopping;
}

/**
 * Stops the HTTP server gracefully: no new connections; the app ends its open event streams with a reconnect hint;
 * the requests in flight may finish within `graceMs`, after which their connections are cut; then the app releases
 * its resources. Resolves with how many connections had to be cut.
 */
export async function shutDownGracefully(
  server: Server,
  { graceMs, app }: { graceMs: number; app: AppLifecycle },
): Promise<{ cut: number }> {
  if (stopping) return { cut: 0 };
  stopping = true;
  const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
  const streams = app.beginShutdown();
  console.log(`Shutting down: no new connections, ${streams} event stream(s) told to reconnect.`);
  // A keep-alive connection whose last response has just ended holds the server open: close each as it idles.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  const finished = await Promise.race([closed, timedOut]);
  clearInterval(sweep);
  clearTimeout(timer);
  let cut = 0;
  if (!finished) {
    cut = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)));
    console.warn(`Shutting down: ${cut} connection(s) still busy after ${graceMs} ms were cut.`);
    server.closeAllConnections();
  }
  app.finishShutdown();
  return { cut };
}
