import { entriesAfter, latestEntryId } from "~/models/leaderboard.server";

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
/** How to end each open stream: its client then reconnects (to this process or, after a deploy, another). */
const closers = new Map<Listener, () => void>();
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

export function subscribe(listener: Listener, close?: () => void): () => void {
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

/** Ends every open stream (its clients reconnect). */
export function disconnectAll() {
  for (const close of [...closers.values()]) close();
}

export function listenerCount(): number {
  return listeners.size;
}
