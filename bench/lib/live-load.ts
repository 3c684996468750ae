// The load generator of bench/live-game.bench.ts, a child process of its own (so that its work is not the server's,
// and it can run on another core). Raw TCP sockets and a minimal HTTP/1.1 client (status line, headers, chunked or
// Content-Length bodies, SSE messages), all in one event loop:
//  - `open`: every game's big screen stream and every player's own stream (one connection each, at most `window`
//    waiting for their first bytes at a time), then a pool of keep-alive connections for the answers, as Fly's
//    proxy pools its connections to a machine (one request in flight on each; a request waits for a free one).
//  - `run`: each player POSTs an answer every `periodMs`, the N players spread evenly over the period (player j's
//    answer k is due at start + (j / N + k) × period). For every answer sent after the warm-up it records the time
//    from its write to the moment its game's screen receives a race update that counts it (the update's count
//    for that player reaches the answer's number), and to its ack (on the player's stream when `ackEvent` is set,
//    and the answer's own response).
// All times on the monotonic clock every process on the machine shares (process.hrtime). Driven over IPC.
import net from "node:net";

export type StreamSpec = { path: string; headers?: string };
export type PlayerSpec = {
  game: number;
  /** The player's key in the race update (see RaceFormat.key). */
  key: string;
  stream: StreamSpec;
  answerPath: string;
  /** Extra request header lines for the answers (each ending in \r\n), e.g. a cookie. */
  answerHeaders?: string;
};
export type RaceFormat = {
  /** The SSE event name of a race update. */
  event: string;
  /** Where the players' array is in the update's JSON (a dotted path; "" for the top level). */
  list: string;
  /** The field of a player entry that names them (matched with PlayerSpec.key), and the field that counts. */
  key: string;
  count: string;
};
export type OpenCommand = {
  type: "open";
  host: string;
  port: number;
  screens: (StreamSpec & { game: number })[];
  players: PlayerSpec[];
  window: number;
  pool: number;
  race: RaceFormat;
  /** The SSE event that acks an answer on the player's stream, if the protocol has one. */
  ackEvent: string | null;
};
export type RunCommand = {
  type: "run";
  periodMs: number;
  warmUpMs: number;
  measureMs: number;
  /** After the last answer, how long to wait for the updates still on their way. */
  drainMs: number;
  /**
   * The answer's body; `{k}` becomes the answer's number (0, 1, …), `{answer}` the game's answer k, `{t}` the ms
   * since the game's start (`startsAt`, epoch ms) when it is written.
   */
  bodyTemplate: string;
  contentType: string;
  /** Per game, its answers in order (`{answer}`); empty when the template does not use it. */
  answers: Record<number, string[]>;
  startsAt: Record<number, number>;
};
export type LoadCommand = OpenCommand | RunCommand | { type: "states" } | { type: "close" } | { type: "exit" };

export type Opened = {
  type: "opened";
  ms: number;
  open: number;
  refused: Record<string, number>;
  errors: Record<string, number>;
  /** The first race update's body length in bytes, from the first screen that had one (null if none yet). */
  raceBytes: number | null;
};
export type Summary = { n: number; p50: number; p99: number; max: number };
export type Ran = {
  type: "ran";
  /** Answers due in the measured window, and those of them written (the rest waited for a free connection). */
  due: number;
  sent: number;
  /** Responses received to answers written in the window (CPU per answer), and to answers due in it (served share). */
  responses: number;
  servedDue: number;
  /** Answer write → the screen's update that counts it. */
  race: Summary;
  /** Answer due (the player's moment) → the screen's update: includes any wait for a free pool connection. */
  raceFromDue: Summary;
  /** Answer write → the answer's response. */
  response: Summary;
  /** Answer write → the ack on the player's stream (n = 0 without one). */
  ack: Summary;
  /** Measured answers no screen update counted within drainMs after the last. */
  missing: number;
  statuses: Record<string, number>;
  unexpectedCloses: number;
  raceBytes: { min: number; max: number; mean: number } | null;
  raceUpdates: number;
  /** How far behind its schedule the sender fell at worst (ms): the load generator's own lag. */
  maxSendLagMs: number;
};
export type Closed = { type: "closed"; unexpectedCloses: number };
/** Per game, the data of the last `state` event any of its players' streams received (JSON text). */
export type States = { type: "states"; states: Record<number, string> };
export type LoadReply = Opened | Ran | States | Closed | { type: "error"; message: string };

/** Monotonic ms, comparable between processes on one machine (CLOCK_MONOTONIC). */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

const OPEN_TIMEOUT_MS = 30_000;

/* A minimal HTTP/1.1 reader: the head, then a chunked or Content-Length body. */

type Reader = {
  raw: string;
  headRead: boolean;
  status: string;
  head: string;
  chunked: boolean;
  /** Content-Length bodies: bytes left; chunked: bytes left in the chunk (-1 between a chunk and its CRLF, 0 before a size line). */
  left: number;
  done: boolean;
};
const newReader = (): Reader => ({
  raw: "",
  headRead: false,
  status: "",
  head: "",
  chunked: false,
  left: 0,
  done: false,
});

/** Feeds bytes (latin1) in; returns the body text decoded so far (to append), or null while the head is incomplete. */
function read(r: Reader, chunk: string): string | null {
  r.raw += chunk;
  if (!r.headRead) {
    const end = r.raw.indexOf("\r\n\r\n");
    if (end === -1) return null;
    r.head = r.raw.slice(0, end);
    r.status = /^HTTP\/1\.1 (\d{3})/.exec(r.head)?.[1] ?? "???";
    r.chunked = /^transfer-encoding: chunked/im.test(r.head);
    r.left = r.chunked ? 0 : Number(/^content-length: (\d+)/im.exec(r.head)?.[1] ?? -2);
    r.headRead = true;
    r.raw = r.raw.slice(end + 4);
    if (!r.chunked && r.left === 0) r.done = true;
  }
  let text = "";
  if (!r.chunked) {
    // -2: no length, a body that lasts until the connection closes (an event stream without chunks).
    text = r.raw;
    r.raw = "";
    if (r.left >= 0) {
      r.left -= text.length;
      if (r.left <= 0) r.done = true;
    }
    return text;
  }
  for (;;) {
    if (r.left === 0) {
      const eol = r.raw.indexOf("\r\n");
      if (eol === -1) return text;
      r.left = parseInt(r.raw.slice(0, eol), 16);
      r.raw = r.raw.slice(eol + 2);
      if (!(r.left > 0)) {
        r.done = true; // the last chunk (its trailing CRLF is dropped with the reader)
        return text;
      }
    } else if (r.left === -1) {
      if (r.raw.length < 2) return text;
      r.raw = r.raw.slice(2);
      r.left = 0;
    } else {
      if (r.raw.length === 0) return text;
      const take = Math.min(r.left, r.raw.length);
      text += r.raw.slice(0, take);
      r.raw = r.raw.slice(take);
      r.left -= take;
      if (r.left === 0) r.left = -1;
    }
  }
}

/* The streams */

type Player = PlayerSpec & {
  index: number;
  /** Write time and due time of each answer sent, by number. */
  sentAt: number[];
  dueAt: number[];
  /** How many of its answers a screen update has counted, and how many its stream has acked. */
  shown: number;
  acked: number;
};
type Stream = {
  socket: net.Socket;
  startedAt: number;
  state: 0 | 1 | 2; // waiting for the first bytes, open, closed
  closedByUs: boolean;
  reader: Reader;
  text: string;
  onMessage: (event: string, data: string, at: number) => void;
};

let config: OpenCommand | null = null;
let streams: Stream[] = [];
let players: Player[] = [];
const playersByGameKey = new Map<string, Player>();
let unexpectedCloses = 0;
let statuses: Record<string, number> = {};
let measuring: { from: number; to: number } | null = null;
const samples = { race: [] as number[], raceFromDue: [] as number[], response: [] as number[], ack: [] as number[] };
let raceSizes: number[] = [];
let firstRaceBytes: number | null = null;
/** Per game, the last `state` event any of its players received. */
const lastState = new Map<number, string>();

const send = (reply: LoadReply) => process.send!(reply);
const inWindow = (at: number) => measuring !== null && at >= measuring.from && at < measuring.to;

function dig(value: unknown, path: string): unknown {
  if (path === "") return value;
  for (const part of path.split(".")) value = (value as Record<string, unknown> | null)?.[part];
  return value;
}

function onRace(game: number, data: string, at: number) {
  const bytes = Buffer.byteLength(data);
  firstRaceBytes ??= bytes;
  if (measuring) raceSizes.push(bytes);
  const race = config!.race;
  const list = dig(JSON.parse(data), race.list);
  if (!Array.isArray(list)) return;
  for (const entry of list as Record<string, unknown>[]) {
    const player = playersByGameKey.get(`${game}:${String(entry[race.key])}`);
    if (!player) continue;
    const count = Math.min(Number(entry[race.count]), player.sentAt.length);
    while (player.shown < count) {
      const k = player.shown++;
      const sentAt = player.sentAt[k]!;
      if (inWindow(sentAt)) {
        samples.race.push(at - sentAt);
        samples.raceFromDue.push(at - player.dueAt[k]!);
      }
    }
  }
}

function onText(stream: Stream, at: number) {
  let end: number;
  while ((end = stream.text.indexOf("\n\n")) !== -1) {
    const message = stream.text.slice(0, end);
    stream.text = stream.text.slice(end + 2);
    let event = "message";
    let data = "";
    for (const line of message.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data += (data ? "\n" : "") + line.slice(6);
    }
    if (data) stream.onMessage(event, data, at);
  }
}

function openStreams(command: OpenCommand): Promise<Omit<Opened, "raceBytes">> {
  const specs: { spec: StreamSpec; onMessage: Stream["onMessage"] }[] = [
    ...command.screens.map((screen) => ({
      spec: screen,
      onMessage: (event: string, data: string, at: number) => {
        if (event === command.race.event) onRace(screen.game, data, at);
      },
    })),
    ...players.map((player) => ({
      spec: player.stream,
      onMessage: (event: string, data: string, at: number) => {
        if (event === "state") lastState.set(player.game, data);
        if (event !== command.ackEvent) return;
        const k = player.acked++;
        const sentAt = player.sentAt[k];
        if (sentAt !== undefined && inWindow(sentAt)) samples.ack.push(at - sentAt);
      },
    })),
  ];
  const refused: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const start = monotonicMs();
  let launched = 0;
  let pending = 0;
  let settled = 0;
  let open = 0;
  return new Promise((resolve) => {
    const settle = (stream: Stream, outcome: "open" | "refused" | "error", code: string) => {
      if (stream.state !== 0) return;
      stream.state = outcome === "open" ? 1 : 2;
      if (outcome === "open") open++;
      else {
        (outcome === "refused" ? refused : errors)[code] = ((outcome === "refused" ? refused : errors)[code] ?? 0) + 1;
        stream.closedByUs = true;
        stream.socket.destroy();
      }
      pending--;
      settled++;
      if (settled === specs.length) resolve({ type: "opened", ms: monotonicMs() - start, open, refused, errors });
      else launch();
    };
    const launchOne = ({ spec, onMessage }: (typeof specs)[number]) => {
      const socket = net.connect({ host: command.host, port: command.port });
      const stream: Stream = {
        socket,
        startedAt: monotonicMs(),
        state: 0,
        closedByUs: false,
        reader: newReader(),
        text: "",
        onMessage,
      };
      streams.push(stream);
      socket.setEncoding("latin1");
      socket.setNoDelay(true);
      socket.setTimeout(OPEN_TIMEOUT_MS, () => settle(stream, "error", "timeout"));
      socket.on("connect", () =>
        socket.write(
          `GET ${spec.path} HTTP/1.1\r\nHost: ${command.host}:${command.port}\r\nAccept: text/event-stream\r\n` +
            `User-Agent: live-game-bench\r\n${spec.headers ?? ""}\r\n`,
        ),
      );
      socket.on("data", (chunk: string) => {
        const at = monotonicMs();
        const text = read(stream.reader, chunk);
        if (text === null) return;
        if (stream.state === 0) {
          const head = stream.reader.head;
          if (stream.reader.status !== "200" || !/^content-type: text\/event-stream/im.test(head)) {
            return settle(stream, "refused", stream.reader.status);
          }
        }
        stream.text += Buffer.from(text, "latin1").toString("utf8");
        if (stream.state === 0) {
          if (stream.text.length === 0) return;
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
          stream.state = 2;
        }
      });
    };
    const launch = () => {
      while (launched < specs.length && pending < command.window) {
        pending++;
        launchOne(specs[launched++]!);
      }
    };
    launch();
  });
}

/* The answers' connection pool */

type Job = { player: Player; k: number; body: string; dueAt: number };
type PoolConnection = { socket: net.Socket; busy: Job | null; reader: Reader; writtenAt: number; alive: boolean };
let pool: PoolConnection[] = [];
const queue: Job[] = [];
let poolNext = 0;
let bodyContentType = "application/json";
/** Responses received to answers due in the measured window. */
let servedDue = 0;

function openPool(command: OpenCommand): Promise<void> {
  pool = [];
  const opening = Array.from({ length: command.pool }, () => {
    const connection: PoolConnection = {
      socket: net.connect({ host: command.host, port: command.port }),
      busy: null,
      reader: newReader(),
      writtenAt: 0,
      alive: true,
    };
    pool.push(connection);
    const { socket } = connection;
    socket.setEncoding("latin1");
    socket.setNoDelay(true);
    socket.on("data", (chunk: string) => {
      const at = monotonicMs();
      read(connection.reader, chunk);
      if (!connection.reader.done || !connection.busy) return;
      const job = connection.busy;
      statuses[connection.reader.status] = (statuses[connection.reader.status] ?? 0) + 1;
      if (inWindow(connection.writtenAt)) samples.response.push(at - connection.writtenAt);
      if (inWindow(job.dueAt)) servedDue++;
      connection.busy = null;
      connection.reader = newReader();
      pump();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      connection.alive = false;
      if (connection.busy) {
        statuses["closed"] = (statuses["closed"] ?? 0) + 1;
        connection.busy = null;
      }
    });
    return new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    });
  });
  return Promise.all(opening).then(() => undefined);
}

function write(connection: PoolConnection, job: Job) {
  const { host, port } = config!;
  const now = monotonicMs();
  connection.busy = job;
  connection.writtenAt = now;
  job.player.sentAt[job.k] = now;
  job.player.dueAt[job.k] = job.dueAt;
  const length = Buffer.byteLength(job.body);
  connection.socket.write(
    `POST ${job.player.answerPath} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: ${bodyContentType}\r\n` +
      `Content-Length: ${length}\r\nUser-Agent: live-game-bench\r\n${job.player.answerHeaders ?? ""}\r\n${job.body}`,
  );
}

/** Gives queued answers to free connections, round robin. */
function pump() {
  for (let tries = 0; queue.length > 0 && tries < pool.length; tries++) {
    const connection = pool[poolNext]!;
    poolNext = (poolNext + 1) % pool.length;
    if (connection.busy || !connection.alive) continue;
    write(connection, queue.shift()!);
    tries = -1;
  }
}

/* The run */

function summary(xs: number[]): Summary {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: sorted.length, p50: r(at(0.5)), p99: r(at(0.99)), max: r(sorted[sorted.length - 1] ?? NaN) };
}

function run(command: RunCommand): Promise<Ran> {
  bodyContentType = command.contentType;
  for (const key of Object.keys(samples) as (keyof typeof samples)[]) samples[key] = [];
  raceSizes = [];
  statuses = {};
  servedDue = 0;
  const n = players.length;
  const rounds = Math.ceil((command.warmUpMs + command.measureMs) / command.periodMs);
  const start = monotonicMs() + 50;
  measuring = { from: start + command.warmUpMs, to: start + command.warmUpMs + command.measureMs };
  let next = 0; // answer event e: player e % n, its answer number floor(e / n)
  const total = rounds * n;
  const dueAt = (e: number) => start + ((e % n) / n + Math.floor(e / n)) * command.periodMs;
  let maxLag = 0;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = monotonicMs();
      while (next < total && dueAt(next) <= now) {
        const player = players[next % n]!;
        const k = Math.floor(next / n);
        const due = dueAt(next);
        maxLag = Math.max(maxLag, now - due);
        const body = command.bodyTemplate
          .replaceAll("{k}", String(k))
          .replaceAll("{answer}", command.answers[player.game]?.[k] ?? "")
          .replaceAll("{t}", String(Date.now() - (command.startsAt[player.game] ?? 0)));
        queue.push({ player, k, body, dueAt: due });
        next++;
      }
      pump();
      if (next < total) return;
      clearInterval(timer);
      setTimeout(() => {
        let sent = 0;
        let due = 0;
        let missing = 0;
        for (const player of players) {
          player.dueAt.forEach((at) => {
            if (inWindow(at)) due++;
          });
          player.sentAt.forEach((at, k) => {
            if (!inWindow(at)) return;
            sent++;
            if (k >= player.shown) missing++;
          });
        }
        due += queue.filter((job) => inWindow(job.dueAt)).length;
        const sizes = raceSizes;
        resolve({
          type: "ran",
          due,
          sent,
          responses: samples.response.length,
          servedDue,
          race: summary(samples.race),
          raceFromDue: summary(samples.raceFromDue),
          response: summary(samples.response),
          ack: summary(samples.ack),
          missing,
          statuses,
          unexpectedCloses,
          raceBytes:
            sizes.length === 0
              ? null
              : {
                  min: Math.min(...sizes),
                  max: Math.max(...sizes),
                  mean: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length),
                },
          raceUpdates: sizes.length,
          maxSendLagMs: Math.round(maxLag),
        });
        measuring = null;
      }, command.drainMs);
    }, 5);
  });
}

function closeAll(): Closed {
  for (const stream of streams) {
    stream.closedByUs = true;
    stream.socket.destroy();
  }
  for (const connection of pool) connection.socket.destroy();
  const reply: Closed = { type: "closed", unexpectedCloses };
  streams = [];
  pool = [];
  queue.length = 0;
  players = [];
  playersByGameKey.clear();
  unexpectedCloses = 0;
  firstRaceBytes = null;
  lastState.clear();
  return reply;
}

async function open(command: OpenCommand): Promise<Opened> {
  closeAll();
  config = command;
  players = command.players.map((spec, index) => ({ ...spec, index, sentAt: [], dueAt: [], shown: 0, acked: 0 }));
  for (const player of players) playersByGameKey.set(`${player.game}:${player.key}`, player);
  const opened = await openStreams(command);
  await openPool(command);
  return { ...opened, raceBytes: firstRaceBytes };
}

process.on("message", (command: LoadCommand) => {
  const act = async (): Promise<LoadReply | null> => {
    switch (command.type) {
      case "open":
        return open(command);
      case "run":
        return run(command);
      case "states":
        return { type: "states", states: Object.fromEntries(lastState) };
      case "close":
        return closeAll();
      case "exit":
        closeAll();
        process.disconnect();
        return null;
    }
  };
  act().then(
    (reply) => reply && send(reply),
    (error: unknown) => send({ type: "error", message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
