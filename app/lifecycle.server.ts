// The app's side of a graceful shutdown (docs/decisions/0020-backups-and-shutdown.md). The app owns it: the
// server (server/index.ts) calls the build it loaded, through entry.server's `lifecycle`, so there is one copy of
// this state per process and no bridge between the server's bundle and the app's.

type Stage = "streams" | "close";

let stopping = false;
const hooks: Record<Stage, Set<() => number | void>> = { streams: new Set(), close: new Set() };

/**
 * Registers work for a shutdown. "streams" runs as soon as it starts: end long-lived responses (event streams),
 * returning how many were ended. "close" runs after the last request has finished: release resources (the
 * database). Returns a function that unregisters it.
 */
export function onShutdown(stage: Stage, hook: () => number | void): () => void {
  hooks[stage].add(hook);
  return () => hooks[stage].delete(hook);
}

/** True once a shutdown has begun: new long-lived responses should not start. */
export function isShuttingDown(): boolean {
  return stopping;
}

/** How long a browser told to reconnect waits: 1 to 5 s, so a machine's clients do not all return at once. */
export function reconnectDelayMs(): number {
  return 1000 + Math.floor(Math.random() * 4000);
}

function runHooks(stage: Stage): number {
  let count = 0;
  for (const hook of hooks[stage]) {
    try {
      count += Number(hook()) || 0;
    } catch (error) {
      console.error(`shutdown: a "${stage}" hook failed`, error);
    }
  }
  return count;
}

/** What the server calls on SIGTERM: the app stops starting long-lived work and ends its streams. */
export const lifecycle = {
  /** Marks the app as stopping and ends its event streams; returns how many were open. */
  beginShutdown(): number {
    stopping = true;
    return runHooks("streams");
  },
  /** After the last request: releases the app's resources (the database, the housekeeping timer). */
  finishShutdown(): void {
    runHooks("close");
  },
};

export type AppLifecycle = typeof lifecycle;
