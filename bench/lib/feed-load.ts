// The load generator of bench/feed.bench.ts, a child process of its own (so that its work is not the server's, and
// it can run on another core). It opens N event streams over raw TCP sockets (one connection each, a minimal HTTP/1.1
// client: status line, headers, chunked body, SSE messages), at most `window` of them still waiting for their
// first bytes at any time, and records when each stream receives each event, on the monotonic clock that every
// process on the machine shares (process.hrtime). It is driven over the IPC channel: see LoadCommand/LoadReply.
import net from "node:net";

export type OpenCommand = { type: "open"; host: string; port: number; path: string; n: number; window: number };
export type LoadCommand =
  OpenCommand | { type: "await"; id: number; timeoutMs: number } | { type: "close" } | { type: "exit" };

export type Opened = {
  type: "opened";
  /** From the first connect to the last stream's first bytes (status 200 and the first body bytes). */
  ms: number;
  open: number;
  /** Answers other than 200 text/event-stream, by status. */
  refused: Record<string, number>;
  /** Connections that failed or closed before their first bytes, by error code. */
  errors: Record<string, number>;
  /** Each stream's own time from connect() to its first bytes, ascending. */
  perStreamMs: number[];
};
export type EventReceipts = {
  type: "event";
  id: number;
  /** How many open streams received it (all of them, unless it timed out). */
  received: number;
  expected: number;
  /** Receive times (monotonic ms) of the first, median and last stream. */
  first: number;
  p50: number;
  last: number;
  /** The floor's own send time (monotonic ms), when the event said it. */
  sentAt: number | null;
};
export type Closed = { type: "closed"; unexpectedCloses: number; pings: number };
export type LoadReply = Opened | EventReceipts | Closed | { type: "error"; message: string };

/** Monotonic ms, comparable between processes on one machine (CLOCK_MONOTONIC). */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

type Stream = {
  socket: net.Socket;
  startedAt: number;
  /** 0: waiting for the head, 1: open (counted), 2: closed or refused. */
  state: 0 | 1 | 2;
  closedByUs: boolean;
  headRead: boolean;
  raw: string; // undecoded bytes (latin1): the head, then the chunked body
  chunkLeft: number; // bytes left in the current chunk; -1 between a chunk and its CRLF; 0 before a size line
  text: string; // decoded body not yet split into SSE messages
};

const OPEN_TIMEOUT_MS = 30_000;
let streams: Stream[] = [];
let openCount = 0;
let unexpectedCloses = 0;
let pings = 0;
const receipts = new Map<number, { times: number[]; sentAt: number | null }>();
let waiting: { id: number; resolve: () => void } | null = null;

const send = (reply: LoadReply) => process.send!(reply);

function receive(id: number, sentAt: number | null, at: number) {
  let r = receipts.get(id);
  if (!r) receipts.set(id, (r = { times: [], sentAt }));
  r.times.push(at);
  if (waiting?.id === id && r.times.length >= openCount) waiting.resolve();
}

/** Splits decoded body text into SSE messages and records the events. */
function onText(stream: Stream, at: number) {
  let end: number;
  while ((end = stream.text.indexOf("\n\n")) !== -1) {
    const message = stream.text.slice(0, end);
    stream.text = stream.text.slice(end + 2);
    if (message.startsWith(": ping")) pings++;
    const data = /^data: (.*)$/m.exec(message)?.[1];
    if (data === undefined || !/^event: entry$/m.test(message)) continue;
    const event = JSON.parse(data) as { id: number; sentAt?: number };
    receive(event.id, event.sentAt ?? null, at);
  }
}

/** Decodes what the chunked body has so far into `stream.text`. */
function decodeChunks(stream: Stream) {
  for (;;) {
    if (stream.chunkLeft === 0) {
      const eol = stream.raw.indexOf("\r\n");
      if (eol === -1) return;
      stream.chunkLeft = parseInt(stream.raw.slice(0, eol), 16);
      stream.raw = stream.raw.slice(eol + 2);
      if (!(stream.chunkLeft > 0)) return; // the last chunk (or garbage): nothing more to read
    } else if (stream.chunkLeft === -1) {
      if (stream.raw.length < 2) return;
      stream.raw = stream.raw.slice(2);
      stream.chunkLeft = 0;
    } else {
      if (stream.raw.length === 0) return;
      const take = Math.min(stream.chunkLeft, stream.raw.length);
      stream.text += stream.raw.slice(0, take);
      stream.raw = stream.raw.slice(take);
      stream.chunkLeft -= take;
      if (stream.chunkLeft === 0) stream.chunkLeft = -1;
    }
  }
}

function open(command: OpenCommand): Promise<Opened> {
  streams = [];
  openCount = 0;
  unexpectedCloses = 0;
  pings = 0;
  receipts.clear();
  const refused: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const perStreamMs: number[] = [];
  const request = `GET ${command.path} HTTP/1.1\r\nHost: ${command.host}:${command.port}\r\nAccept: text/event-stream\r\nUser-Agent: feed-bench\r\n\r\n`;
  const start = monotonicMs();
  let launched = 0;
  let pending = 0;
  let settled = 0;

  return new Promise((resolve) => {
    const settle = (stream: Stream, outcome: "open" | "refused" | "error", code: string) => {
      if (stream.state !== 0) return;
      const at = monotonicMs();
      stream.state = outcome === "open" ? 1 : 2;
      if (outcome === "open") {
        openCount++;
        perStreamMs.push(at - stream.startedAt);
      } else if (outcome === "refused") refused[code] = (refused[code] ?? 0) + 1;
      else errors[code] = (errors[code] ?? 0) + 1;
      if (outcome !== "open") {
        stream.closedByUs = true;
        stream.socket.destroy();
      }
      pending--;
      settled++;
      if (settled === command.n) {
        perStreamMs.sort((a, b) => a - b);
        resolve({ type: "opened", ms: at - start, open: openCount, refused, errors, perStreamMs });
      } else launch();
    };

    const launchOne = () => {
      const socket = net.connect({ host: command.host, port: command.port });
      const stream: Stream = {
        socket,
        startedAt: monotonicMs(),
        state: 0,
        closedByUs: false,
        headRead: false,
        raw: "",
        chunkLeft: 0,
        text: "",
      };
      streams.push(stream);
      socket.setEncoding("latin1");
      // A stream that has not opened within this long counts as failed (an open one never times out).
      socket.setTimeout(OPEN_TIMEOUT_MS, () => settle(stream, "error", "timeout"));
      socket.on("connect", () => socket.write(request));
      socket.on("data", (chunk: string) => {
        const at = monotonicMs();
        stream.raw += chunk;
        if (!stream.headRead) {
          const headEnd = stream.raw.indexOf("\r\n\r\n");
          if (headEnd === -1) return;
          const head = stream.raw.slice(0, headEnd);
          const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? "???";
          if (status !== "200" || !/^content-type: text\/event-stream/im.test(head)) {
            return settle(stream, "refused", status);
          }
          if (!/^transfer-encoding: chunked/im.test(head)) return settle(stream, "error", "not-chunked");
          stream.headRead = true;
          stream.raw = stream.raw.slice(headEnd + 4);
        }
        decodeChunks(stream);
        if (stream.state === 0) {
          if (stream.text.length === 0) return; // the head alone: the stream is open once its first bytes are here
          socket.setTimeout(0);
          settle(stream, "open", "");
        }
        onText(stream, at);
      });
      socket.on("error", (error: NodeJS.ErrnoException) => settle(stream, "error", error.code ?? error.message));
      socket.on("close", () => {
        if (stream.state === 0) settle(stream, "error", "closed-before-first-bytes");
        else if (stream.state === 1 && !stream.closedByUs) {
          unexpectedCloses++;
          openCount--;
          stream.state = 2;
        }
      });
    };

    const launch = () => {
      while (launched < command.n && pending < command.window) {
        launched++;
        pending++;
        launchOne();
      }
    };
    launch();
  });
}

function awaitEvent(id: number, timeoutMs: number): Promise<EventReceipts> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting = null;
      const r = receipts.get(id) ?? { times: [], sentAt: null };
      const times = [...r.times].sort((a, b) => a - b);
      resolve({
        type: "event",
        id,
        received: times.length,
        expected: openCount,
        first: times[0] ?? NaN,
        p50: times[Math.max(0, Math.ceil(times.length / 2) - 1)] ?? NaN,
        last: times[times.length - 1] ?? NaN,
        sentAt: r.sentAt,
      });
    };
    const timer = setTimeout(done, timeoutMs);
    waiting = { id, resolve: done };
    if ((receipts.get(id)?.times.length ?? 0) >= openCount) done();
  });
}

function closeAll(): Closed {
  for (const stream of streams) {
    stream.closedByUs = true;
    stream.socket.destroy();
  }
  const reply: Closed = { type: "closed", unexpectedCloses, pings };
  streams = [];
  openCount = 0;
  receipts.clear();
  return reply;
}

process.on("message", (command: LoadCommand) => {
  const run = async (): Promise<LoadReply | null> => {
    switch (command.type) {
      case "open":
        return open(command);
      case "await":
        return awaitEvent(command.id, command.timeoutMs);
      case "close":
        return closeAll();
      case "exit":
        closeAll();
        process.disconnect();
        return null;
    }
  };
  run().then(
    (reply) => reply && send(reply),
    (error: unknown) => send({ type: "error", message: error instanceof Error ? error.message : String(error) }),
  );
});
// The bench going away takes this process with it.
process.on("disconnect", () => process.exit(0));
