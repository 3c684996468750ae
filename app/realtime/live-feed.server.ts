import { config } from "~/config.server";
import { getChallenge } from "~/game/daily";
import { SOLO_DIFFICULTIES, normalizeGameType } from "~/game/types";
import { latestEntryId, newestEntriesAfter } from "~/models/leaderboard.server";
import { onShutdown, reconnectDelayMs } from "~/lifecycle.server";

/*
 * The live feed's hub (docs/decisions/0022-live-feed.md). Each process watches its own database, so entries written
 * by another process or replicated by LiteFS from the primary reach its pages too: one query per tick while any
 * page listens, at most one event per board per tick, written only to the pages watching that board. A page
 * costs a set entry and its response, nothing more: no timer or closure of its own.
 */

/** Where a page's events go: an HTTP response (tests may pass any stream with the same four members). */
export interface FeedSink {
  write(chunk: Buffer): boolean;
  end(): void;
  destroy(): void;
  readonly writableLength: number;
}

type Stream = { sink: FeedSink; address: string; boards: readonly string[] };

/** Proxies close idle connections (Fly's after 60 s): a comment line now and then keeps every stream open. */
const KEEP_ALIVE_MS = 25_000;
/**
 * Bytes a page may leave unread in our buffer (beyond the kernel's) before it is dropped: about a thousand events,
 * so a slow phone rides out a burst while a client that never reads cannot grow the process without bound.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024;

const PING = Buffer.from(": ping\n\n");
const streams = new Set<Stream>();
const watchers = new Map<string, Set<Stream>>();
const perAddress = new Map<string, number>();
let tickTimer: ReturnType<typeof setInterval> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let lastSeenId = 0;
let failing = false;

/** A board a page may follow: a solo difficulty or a daily challenge. */
export function isFeedBoard(board: string): boolean {
  return (SOLO_DIFFICULTIES as readonly string[]).includes(board) || getChallenge(board) !== undefined;
}

/** Whether one more page from this address may open a stream now; the caps are per process. */
export function admission(address: string): "ok" | "process-full" | "address-full" {
  if (streams.size >= config.liveFeed.maxStreams) return "process-full";
  if ((perAddress.get(address) ?? 0) >= config.liveFeed.maxPerAddress) return "address-full";
  return "ok";
}

/** Starts sending a board's events to a page; returns the function that stops it (safe to call twice). */
export function addStream(sink: FeedSink, address: string, boards: readonly string[]): () => void {
  const stream: Stream = { sink, address, boards };
  if (streams.size === 0) start();
  streams.add(stream);
  perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
  for (const board of boards) {
    let set = watchers.get(board);
    if (!set) watchers.set(board, (set = new Set()));
    set.add(stream);
  }
  return () => remove(stream);
}

function remove(stream: Stream) {
  if (!streams.delete(stream)) return;
  const left = (perAddress.get(stream.address) ?? 1) - 1;
  if (left > 0) perAddress.set(stream.address, left);
  else perAddress.delete(stream.address);
  for (const board of stream.boards) {
    const set = watchers.get(board);
    set?.delete(stream);
    if (set?.size === 0) watchers.delete(board);
  }
  if (streams.size === 0) stop();
}

function start() {
  lastSeenId = latestEntryId();
  tickTimer = setInterval(tick, config.liveFeed.tickMs);
  pingTimer = setInterval(() => broadcast(streams, PING), KEEP_ALIVE_MS);
  tickTimer.unref?.();
  pingTimer.unref?.();
}

function stop() {
  clearInterval(tickTimer);
  clearInterval(pingTimer);
  tickTimer = pingTimer = undefined;
}

/** One database check: the newest new entry of each game type, sent as one event to that board's watchers. */
export function tick() {
  let fresh: { id: number; gameType: string }[];
  try {
    fresh = newestEntriesAfter(lastSeenId);
    failing = false;
  } catch (error) {
    // Logged once per outage, not four times a second.
    if (!failing) console.error("live feed: reading new entries failed", error);
    failing = true;
    return;
  }
  const newest = new Map<string, number>();
  for (const { id, gameType } of fresh) {
    lastSeenId = Math.max(lastSeenId, id);
    const board = normalizeGameType(gameType);
    newest.set(board, Math.max(newest.get(board) ?? 0, id));
  }
  for (const [board, id] of newest) {
    const set = watchers.get(board);
    if (set) broadcast(set, Buffer.from(`event: entry\ndata: ${JSON.stringify({ board, id })}\n\n`));
  }
}

function broadcast(to: Iterable<Stream>, chunk: Buffer) {
  // A copy: dropping a stream changes the sets while they are walked.
  for (const stream of [...to]) {
    stream.sink.write(chunk);
    if (stream.sink.writableLength > MAX_BUFFERED_BYTES) {
      remove(stream);
      stream.sink.destroy();
    }
  }
}

/** Ends every open stream (its pages reconnect, after `retryMs()` when given); returns how many were open. */
export function disconnectAll(retryMs?: () => number): number {
  const open = [...streams];
  for (const stream of open) {
    remove(stream);
    if (retryMs) stream.sink.write(Buffer.from(`retry: ${retryMs()}\n\n`));
    stream.sink.end();
  }
  return open.length;
}

export function openStreamCount(): number {
  return streams.size;
}

// A shutting-down server ends every stream with a reconnect hint, spread out so that its pages do not all return
// to the other machines at once (docs/decisions/0020-backups-and-shutdown.md).
onShutdown("streams", () => disconnectAll(reconnectDelayMs));
