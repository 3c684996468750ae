import { useEffect, useState } from "react";

/*
 * A device's view of the server's clock (docs/decisions/0064-live-class-game.md): every event carries the server's
 * `now`; the offset is the smallest `now - Date.now()` seen, the one least delayed by the network.
 */
export type ServerClock = { heard(serverNow: number): void; serverNow(): number };

function serverClock(): ServerClock {
  let offset: number | null = null;
  return {
    heard(serverNow) {
      const seen = serverNow - Date.now();
      if (offset === null || seen < offset) offset = seen;
    },
    serverNow: () => Date.now() + (offset ?? 0),
  };
}

/** One clock for the page's life. */
export function useServerClock(): ServerClock {
  return useState(serverClock)[0];
}

/** Re-renders every `ms` while `on` (a countdown, the time left). */
export function useTicking(on: boolean, ms = 200): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(timer);
  }, [on, ms]);
  return tick;
}

/** Whole seconds left until `at` (server time), never below 0. */
export const secondsUntil = (at: number | null, serverNow: number) =>
  at === null ? 0 : Math.max(0, Math.ceil((at - serverNow) / 1000));
