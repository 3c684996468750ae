import type { IncomingMessage } from "node:http";
/** Largest body a game finish may send (a five-minute run's answers fit many times over). */
export const MAX_JSON_BYTES = 256 * 1024;
/** Largest form any page here accepts: forms hold a few fields and a sealed game state. */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * What reading a request's cookies and media type needs of it: a Fetch `Request` is one, and so is the light
 * request the finish lane (server/lanes.ts) makes from Node's (docs/decisions/0034-finishes-in-front-of-express.md).
 */
export type WithHeaders = { headers: Pick<Headers, "get"> };

/**
 * Exactly a JSON body: the media type before any parameter, so `text/plain;charset=application/json` (which a
 * browser may send cross-site without asking first) is not JSON.
 */
export function isJsonRequest(request: WithHeaders): boolean {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  return mediaType === "application/json";
}

/**
 * A body refused for its size is still read on and thrown away up to this much, so that its sender gets the 413
 * instead of a connection reset (closing a socket with unread data resets it). Past this, the connection is cut.
 */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * The one size limit on request bodies, for a Fetch request's body and for Node's request alike: the body as text,
 * kept no further than `maxBytes` (a chunked upload declares no length), or null when it is larger or its sender cut
 * the connection. A body declared too large is answered at once and read away behind the answer; one found too large
 * as it arrives is read away first. Either way reading stops, and the connection is cut, past DRAIN_BYTES. The two
 * readers below only feed it chunks.
 */
class LimitedBody {
  private kept: Uint8Array[] = [];
  private size = 0;
  constructor(private readonly maxBytes: number) {}

  /** Whether a declared length already refuses the body. */
  static refuses(declaredLength: string | null | undefined, maxBytes: number): boolean {
    return Number(declaredLength ?? "0") > maxBytes;
  }

  /** Takes a chunk; false once reading must stop (past DRAIN_BYTES). */
  add(chunk: Uint8Array): boolean {
    this.size += chunk.byteLength;
    if (this.size <= this.maxBytes) this.kept.push(chunk);
    return this.size <= DRAIN_BYTES;
  }

  text(): string | null {
    return this.size > this.maxBytes ? null : Buffer.concat(this.kept).toString("utf8");
  }
}

/** A Fetch body (an async iterable of bytes) through LimitedBody. */
async function readLimited(
  declaredLength: string | null | undefined,
  body: AsyncIterable<Uint8Array> | null,
  maxBytes: number,
): Promise<string | null> {
  if (LimitedBody.refuses(declaredLength, maxBytes)) {
    if (body) void drain(body);
    return null;
  }
  if (!body) return "";
  const limited = new LimitedBody(maxBytes);
  try {
    for await (const chunk of body) {
      if (!limited.add(chunk)) break; // Leaving the loop cancels the body: its connection is cut.
    }
  } catch {
    return null;
  }
  return limited.text();
}

/** Reads a refused body away, up to DRAIN_BYTES. */
async function drain(body: AsyncIterable<Uint8Array>): Promise<void> {
  const limited = new LimitedBody(0);
  try {
    for await (const chunk of body) if (!limited.add(chunk)) break;
  } catch {
    // The sender went away: nothing left to drain.
  }
}

/**
 * Node's request through LimitedBody by its events, as Node reads a stream, not as an async iterable: making an
 * iterator for each request was 9 % of a live game's answer (docs/decisions/0065-live-game-capacity.md). Past
 * DRAIN_BYTES the request is destroyed (its connection cut), as leaving readLimited's loop does.
 */
export function readNodeLimited(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  const refused = LimitedBody.refuses(req.headers["content-length"], maxBytes);
  const limited = new LimitedBody(refused ? 0 : maxBytes);
  return new Promise((resolve) => {
    const settle = (text: string | null) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      resolve(text);
    };
    const onData = (chunk: Buffer) => {
      if (!limited.add(chunk)) {
        req.destroy();
        settle(null);
      }
    };
    const onEnd = () => settle(refused ? null : limited.text());
    const onError = () => settle(null);
    // Closed before its end: the sender went away.
    const onClose = () => settle(null);
    if (refused) {
      // Answered at once; the body is read away behind the answer, up to DRAIN_BYTES.
      req.on("data", (chunk: Buffer) => {
        if (!limited.add(chunk)) req.destroy();
      });
      return resolve(null);
    }
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

/** A Fetch request's body as text within `maxBytes`, or null when it is larger (readLimited). */
export function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  return readLimited(request.headers.get("Content-Length"), request.body as AsyncIterable<Uint8Array> | null, maxBytes);
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: "too-large" | "malformed" };

function parseJsonText(text: string | null): JsonBody {
  if (text === null) return { ok: false, reason: "too-large" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

/** The JSON body; or why not: larger than MAX_JSON_BYTES (answer 413), or not JSON at all (400). */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  return parseJsonText(await readBodyText(request, MAX_JSON_BYTES));
}

/**
 * readJsonBody for a request still in Node's hands (the finish lane, server/lanes.ts), through the same reader
 * without making a web stream of it. A request cut before it is read settles as too large: no one is left to answer.
 */
export async function readNodeJsonBody(req: IncomingMessage, maxBytes = MAX_JSON_BYTES): Promise<JsonBody> {
  if (req.destroyed || req.readableAborted) return { ok: false, reason: "too-large" };
  return parseJsonText(await readNodeLimited(req, maxBytes));
}

/** A form post's fields, read within MAX_FORM_BYTES; anything larger is answered 413. */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const text = await readBodyText(request, MAX_FORM_BYTES);
  if (text === null) throw new Response("This form is too large.", { status: 413 });
  return new URLSearchParams(text);
}
