import { describe, expect, it } from "vitest";
import { MAX_FORM_BYTES, readBodyText, readForm, readJsonBody } from "~/utils/request.server";

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
  it("stops reading a chunked body as soon as it passes the limit", async () => {
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

  it("reads JSON, and gives undefined for broken or huge bodies", async () => {
    expect(await readJsonBody(new Request("http://x/", { method: "POST", body: '{"a":1}' }))).toEqual({ a: 1 });
    expect(await readJsonBody(new Request("http://x/", { method: "POST", body: "{nope" }))).toBeUndefined();
    expect(await readJsonBody(chunked(1_000_000))).toBeUndefined();
  });
});
