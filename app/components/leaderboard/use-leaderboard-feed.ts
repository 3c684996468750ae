import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { LIVE_FEED_PATH } from "~/types/leaderboard";

/**
 * Follows one board on the live feed and refetches the page's data when it has new entries, unless `paused`
 * (a game in play). EventSource reconnects by itself after a drop; if the browser gives up (a refusal, a
 * server going away), this starts again with a growing delay. A full server sends it back once a minute with an
 * entry each time, so the page refreshes slowly (docs/decisions/0022-live-feed.md). Without EventSource the page
 * updates on reload.
 */
export function useLeaderboardFeed(board: string, { paused = false }: { paused?: boolean } = {}) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let retryTimer: number | undefined;
    let refetchTimer: number | undefined;
    let delay = 1000;
    let stopped = false;

    const connect = () => {
      source = new EventSource(`${LIVE_FEED_PATH}?board=${encodeURIComponent(board)}`);
      source.addEventListener("open", () => {
        delay = 1000;
      });
      source.addEventListener("entry", () => {
        if (pausedRef.current) return;
        // Two ticks in a row cost one refetch.
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
  }, [board]);
}
