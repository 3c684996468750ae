import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

type EntryEvent = { id: number; gameType: string };

/**
 * Listens to the leaderboard event stream and refetches the page's data when an entry of interest
 * arrives. EventSource reconnects by itself after a drop; if the browser gives up, this starts again
 * with a growing delay. Without EventSource the page still updates on reload.
 */
export function useLeaderboardFeed(wants: (event: EntryEvent) => boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const wantsRef = useRef(wants);
  wantsRef.current = wants;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let retryTimer: number | undefined;
    let refetchTimer: number | undefined;
    let delay = 1000;
    let stopped = false;

    const connect = () => {
      source = new EventSource("/leaderboard/events");
      source.addEventListener("open", () => {
        delay = 1000;
      });
      source.addEventListener("entry", (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as EntryEvent;
        if (!wantsRef.current(event)) return;
        // Several entries in a burst cost one refetch.
        window.clearTimeout(refetchTimer);
        refetchTimer = window.setTimeout(() => revalidate.current(), 100);
      });
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        retryTimer = window.setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      });
    };
    connect();
    return () => {
      stopped = true;
      source?.close();
      window.clearTimeout(retryTimer);
      window.clearTimeout(refetchTimer);
    };
  }, []);
}
