import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { subscribe } from "~/realtime/leaderboard-feed.server";

/** Proxies close idle connections (Fly's after 60 s): a comment line now and then keeps the stream open. */
const KEEP_ALIVE_MS = 25_000;

export function loader({ request }: LoaderFunctionArgs) {
  return eventStream(request.signal, (send, close) => {
    const unsubscribe = subscribe((event) => send({ event: "entry", data: JSON.stringify(event) }), close);
    const keepAlive = setInterval(() => send({ event: "ping", data: "" }), KEEP_ALIVE_MS);
    return () => {
      clearInterval(keepAlive);
      unsubscribe();
    };
  });
}
