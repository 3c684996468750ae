import { describe, expect, it } from "vitest";
import { MAX_FORM_BYTES, isJsonRequest, readBodyText, readForm, readJsonBody } from "~/utils/request.server";

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
