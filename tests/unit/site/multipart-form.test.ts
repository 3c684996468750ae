import { describe, expect, it } from "vitest";
import { readMultipartForm } from "~/utils/multipart-form.server";

/*
 * The one reader of multipart forms (a logo: docs/product.md#logos): limits and refusals, chunk by chunk, with
 * bodies a browser would not send. The admin panel's own uploads are tested in tests/integration/admin-school.test.ts.
 */

const boundary = "----maths";
const limits = { fileField: "logo", maxFileBytes: 8000, maxBodyBytes: 30_000 };
const encoder = new TextEncoder();

const field = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, filename: string, bytes: number) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
  `Content-Type: image/png\r\n\r\n${"x".repeat(bytes)}\r\n`;
const end = `--${boundary}--\r\n`;

/** A request whose body comes in chunks of `chunkBytes`, counting how many were pulled. */
function request(body: string, chunkBytes = 64) {
  const bytes = encoder.encode(body);
  const pulled = { chunks: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const start = pulled.chunks++ * chunkBytes;
      if (start >= bytes.length) controller.close();
      else controller.enqueue(bytes.subarray(start, start + chunkBytes));
    },
  });
  const req = new Request("http://localhost/admin", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { req, pulled, totalChunks: Math.ceil(bytes.length / chunkBytes) };
}

describe("readMultipartForm", () => {
  it("reads the fields and the one file", async () => {
    const { req } = request(field("intent", "upload-logo") + file("logo", "a.png", 8000) + end);
    const read = await readMultipartForm(req, limits);
    expect(read.ok && read.fields.get("intent")).toBe("upload-logo");
    expect(read.ok && read.file.kind === "file" && read.file.bytes.length).toBe(8000);
  });

  it("reads a too-large file to its end and keeps the fields before it", async () => {
    const { req, pulled, totalChunks } = request(field("intent", "upload-logo") + file("logo", "a.png", 20_000) + end);
    const read = await readMultipartForm(req, limits);
    expect(read).toMatchObject({ ok: true, file: { kind: "too-large" } });
    expect(read.ok && read.fields.get("intent")).toBe("upload-logo");
    expect(pulled.chunks).toBeGreaterThanOrEqual(totalChunks);
  });

  it("stops reading a body past its limit: 413", async () => {
    const { req, pulled, totalChunks } = request(file("logo", "a.png", 200_000) + end);
    expect(await readMultipartForm(req, limits)).toMatchObject({ ok: false, status: 413 });
    expect(pulled.chunks).toBeLessThan(totalChunks);
  });

  it.each([
    ["an unfinished body", field("intent", "x")],
    ["no opening boundary", `garbage\r\n${end}`],
    ["a part with no name", `--${boundary}\r\nX-Other: y\r\n\r\nvalue\r\n${end}`],
    ["a text field past its limit", field("intent", "x".repeat(5000)) + end],
    ["a second file", file("logo", "a.png", 10) + file("logo", "b.png", 10) + end],
    ["a file in another field", file("other", "a.png", 10) + end],
    ["too many parts", field("a", "1").repeat(21) + end],
    ["part headers past their limit", `--${boundary}\r\nX-Long: ${"y".repeat(9000)}\r\n\r\n`],
  ])("refuses %s plainly: 400", async (_, body) => {
    expect(await readMultipartForm(request(body, 4096).req, { ...limits, maxBodyBytes: 100_000 })).toMatchObject({
      ok: false,
      status: 400,
      message: "This form could not be read.",
    });
  });

  it("refuses what is not multipart (415) and a declared length past the limit (413)", async () => {
    const form = new Request("http://localhost/admin", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    expect(await readMultipartForm(form, limits)).toMatchObject({ ok: false, status: 415 });
    const declared = new Request("http://localhost/admin", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": "40000" },
      body: end,
    });
    expect(await readMultipartForm(declared, limits)).toMatchObject({ ok: false, status: 413 });
  });
});
