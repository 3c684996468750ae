import { entriesAfter, latestEntryId } from "~/models/leaderboard.server";
import { onShutdown, reconnectDelayMs } from "../../server/shutdown.js";

/** What an open page hears: a new entry exists for this game type (it then refetches what it shows). */
export type EntryEvent = { id: number; gameType: string };
type Listener = (event: EntryEvent) => void;

/**
 * Each process watches its own database rather than relying on its own writes, so entries written by
 * another process, or replicated by LiteFS from the primary, reach this process's listeners too.
 * One cheap query per interval per process, and only while someone is listening.
 */
const POLL_MS = 400;

const listeners = new Set<Listener>();
/**
 * How to end each open stream: its client then reconnects (to this process or, after a deploy, another), after
 * `retryMs` when given (the event stream's `retry:` field).
 */
type Closer = (retryMs?: number) => void;
const closers = new Map<Listener, Closer>();
let timer: ReturnType<typeof setInterval> | undefined;
let lastSeenId = 0;

function poll() {
  try {
    const fresh = entriesAfter(lastSeenId);
    for (const entry of fresh) {
      lastSeenId = entry.id;
      for (const listener of listeners) listener({ id: entry.id, gameType: entry.gameType });
    }
  } catch (error) {
    console.error("leaderboard feed poll failed", error);
  }
}

export function subscribe(listener: Listener, close?: Closer): () => void {
  if (listeners.size === 0) {
    lastSeenId = latestEntryId();
    timer = setInterval(poll, POLL_MS);
    timer.unref?.();
  }
  listeners.add(listener);
  if (close) closers.set(listener, close);
  return () => {
    listeners.delete(listener);
    closers.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Ends every open stream (its clients reconnect, after `retryMs()` when given); returns how many were open. */
export function disconnectAll(retryMs?: () => number): number {
  const open = [...closers.values()];
  for (const close of open) close(retryMs?.());
  return open.length;
}

// A shutting-down server ends every stream with a reconnect hint, spread out so that its clients do not all
// return to the other machines at once (docs/decisions/0020-backups-and-shutdown.md).
onShutdown("streams", () => disconnectAll(reconnectDelayMs));

export function listenerCount(): number {
  return listeners.size;
}
