import { isShuttingDown, reconnectDelayMs } from "../../server/shutdown.js";
import { subscribe } from "./leaderboard-feed.server";

/** Proxies close idle connections (Fly's after 60 s): a comment line now and then keeps the stream open. */
const KEEP_ALIVE_MS = 25_000;
const encoder = new TextEncoder();

/**
 * The `/leaderboard/events` response: an event stream with one `entry` event per new leaderboard entry. When the
 * server shuts down the stream ends with a `retry:` hint, and one asked for during a shutdown ends at once with
 * it, so browsers reconnect to another machine (docs/decisions/0020-backups-and-shutdown.md).
 */
export function leaderboardEventStream(signal: AbortSignal): Response {
  let open = true;
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const end = (retryMs?: number) => {
        if (!open) return;
        if (retryMs !== undefined) write(`retry: ${retryMs}\n\n`);
        open = false;
        stop();
        controller.close();
      };
      if (isShuttingDown()) return end(reconnectDelayMs());
      const unsubscribe = subscribe((event) => write(`event: entry\ndata: ${JSON.stringify(event)}\n\n`), end);
      const keepAlive = setInterval(() => write("event: ping\ndata: \n\n"), KEEP_ALIVE_MS);
      const onAbort = () => end();
      stop = () => {
        clearInterval(keepAlive);
        unsubscribe();
        signal.removeEventListener("abort", onAbort);
      };
      signal.addEventListener("abort", onAbort);
      if (signal.aborted) end();
    },
    // The client went away before the request's signal said so.
    cancel() {
      open = false;
      stop();
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
}
