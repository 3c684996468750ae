import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { describe, expect, it } from "vitest";
import {
  MAX_FORM_BYTES,
  isJsonRequest,
  readBodyText,
  readForm,
  readJsonBody,
  readNodeJsonBody,
  type JsonBody,
} from "~/utils/request.server";

/** A body sent in chunks with no declared length, as a chunked upload is. */
function chunked(totalBytes: number, chunk = 16 * 1024): Request {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunk, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("request body limits", () => {
  it("refuses a chunked body past the limit, reading the rest away without keeping it", async () => {
    expect(await readBodyText(chunked(10_000_000), 64 * 1024)).toBeNull();
    expect(await readBodyText(chunked(1000), 64 * 1024)).toBe("a".repeat(1000));
  });

  it("refuses a declared length over the limit without reading", async () => {
    const request = new Request("http://x/", {
      method: "POST",
      body: "x",
      headers: { "Content-Length": String(10_000_000) },
    });
    expect(await readBodyText(request, 1024)).toBeNull();
  });

  it("answers an oversized form with 413", async () => {
    await expect(readForm(chunked(MAX_FORM_BYTES + 1))).rejects.toMatchObject({ status: 413 });
    const form = await readForm(new Request("http://x/", { method: "POST", body: "a=1&b=two" }));
    expect(form.get("b")).toBe("two");
  });

  it("reads JSON, and says whether a body was broken or too large", async () => {
    const json = (body: string) => new Request("http://x/", { method: "POST", body });
    expect(await readJsonBody(json('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
    expect(await readJsonBody(json("{nope"))).toEqual({ ok: false, reason: "malformed" });
    expect(await readJsonBody(chunked(1_000_000))).toEqual({ ok: false, reason: "too-large" });
  });

  it("takes only exactly application/json as JSON", () => {
    const typed = (type: string) => new Request("http://x/", { method: "POST", headers: { "Content-Type": type } });
    expect(isJsonRequest(typed("application/json"))).toBe(true);
    expect(isJsonRequest(typed("Application/JSON; charset=utf-8"))).toBe(true);
    for (const type of ["text/plain;charset=application/json", "application/json-patch+json", "text/plain", ""]) {
      expect(isJsonRequest(typed(type)), type).toBe(false);
    }
  });
});

/*
 * readNodeJsonBody, the finish lane's reader of Node's own request (docs/decisions/0034-finishes-in-front-of-express.md),
 * on a real node:http server: what it resolves to, and that the client hears the answer.
 */
describe("a JSON body read from Node's request", () => {
  type Seen = { read: JsonBody | null };
  async function withServer(test: (port: number, seen: Seen) => Promise<void>, delayMs = 0) {
    const seen: Seen = { read: null };
    const server = http.createServer(async (req, res) => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      seen.read = await readNodeJsonBody(req);
      res.writeHead(seen.read.ok ? 200 : seen.read.reason === "too-large" ? 413 : 400).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await test((server.address() as AddressInfo).port, seen);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
  /** Posts `pieces` (chunked unless `length` is declared) and resolves to the status heard, or the error. */
  function post(port: number, pieces: Buffer[], length?: number) {
    return new Promise<number | string>((resolve) => {
      const request = http.request({
        host: "127.0.0.1",
        port,
        method: "POST",
        agent: false,
        headers: length === undefined ? {} : { "Content-Length": String(length) },
      });
      request.on("response", (response) => resolve(response.statusCode ?? 0));
      request.on("error", (error) => resolve(error.message));
      for (const piece of pieces) request.write(piece);
      if (length === undefined) request.end();
      else request.flushHeaders();
    });
  }

  it("reads a body sent in pieces, and tells malformed JSON apart", async () => {
    await withServer(async (port, seen) => {
      expect(await post(port, [Buffer.from('{"a":'), Buffer.from("[1,2]}")])).toBe(200);
      expect(seen.read).toEqual({ ok: true, value: { a: [1, 2] } });
      expect(await post(port, [Buffer.from("{not json")])).toBe(400);
      expect(seen.read).toEqual({ ok: false, reason: "malformed" });
    });
  });

  it("refuses a body past 256 KB, declared or found so as it arrives, and the sender hears 413", async () => {
    await withServer(async (port, seen) => {
      const piece = Buffer.alloc(64 * 1024, "a");
      expect(await post(port, [piece, piece, piece, piece, piece])).toBe(413);
      expect(seen.read).toEqual({ ok: false, reason: "too-large" });
      // Declared too large: answered before a byte of the body is sent.
      expect(await post(port, [], 10_000_000)).toBe(413);
    });
  });

  it("settles for a request cut before it is read, instead of waiting for ever", async () => {
    await withServer(async (port, seen) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{");
        setTimeout(() => socket.destroy(), 20);
      });
      const deadline = Date.now() + 2_000;
      while (!seen.read && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen.read).toEqual({ ok: false, reason: "too-large" });
    }, 200);
  });
});
