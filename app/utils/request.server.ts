import type { IncomingMessage } from "node:http";
/** Largest body a game finish may send (a five-minute run's answers fit many times over). */
export const MAX_JSON_BYTES = 256 * 1024;
/** Largest form any page here accepts: forms hold a few fields and a sealed game state. */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * What reading a request's cookies and media type needs of it: a Fetch `Request` is one, and so is the light
 * request server.js's finish lane makes from Node's (docs/decisions/0034-finishes-in-front-of-express.md).
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

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  while (budget > 0) {
    const { done, value } = await reader.read();
    if (done) return;
    budget -= value.byteLength;
  }
  await reader.cancel();
}

/**
 * The body as text, kept no further than `maxBytes` (a chunked upload declares no length), or null when it is
 * larger: a huge body is refused without being held in memory.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader, DRAIN_BYTES - size);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
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
 * readJsonBody for a request still in Node's hands (server.js's finish lane), without making a web stream of it:
 * the same limit, and a body too large (declared so, or found so as it arrives) is read on and thrown away up to
 * DRAIN_BYTES, then its connection cut, as readBodyText does. A declared one is answered at once.
 */
export function readNodeJsonBody(req: IncomingMessage): Promise<JsonBody> {
  const tooLarge: JsonBody = { ok: false, reason: "too-large" };
  // Cut before we listen (its "close" is gone): no one is left to answer.
  if (req.destroyed || req.readableAborted) return Promise.resolve(tooLarge);
  if (Number(req.headers["content-length"] ?? "0") > MAX_JSON_BYTES) {
    discardNode(req);
    return Promise.resolve(tooLarge);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_JSON_BYTES) return void chunks.push(chunk);
      req.off("data", onData);
      chunks.length = 0;
      discardNode(req, size);
    };
    req.on("data", onData);
    req.once("end", () =>
      resolve(size > MAX_JSON_BYTES ? tooLarge : parseJsonText(Buffer.concat(chunks).toString("utf8"))),
    );
    // A connection cut (by the sender, or past DRAIN_BYTES) or broken: no one is left to answer.
    const cut = () => resolve(tooLarge);
    req.once("close", cut).on("error", cut);
  });
}

/** Reads a refused body on and throws it away, cutting the connection once DRAIN_BYTES have come. */
function discardNode(req: IncomingMessage, alreadyRead = 0): void {
  let size = alreadyRead;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > DRAIN_BYTES) req.destroy();
  });
  req.on("error", () => {});
}

/** A form post's fields, read within MAX_FORM_BYTES; anything larger is answered 413. */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const text = await readBodyText(request, MAX_FORM_BYTES);
  if (text === null) throw new Response("This form is too large.", { status: 413 });
  return new URLSearchParams(text);
}
