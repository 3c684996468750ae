import fc from "fast-check";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { serverForFile } from "./server-for-file";

/*
 * The request guard (server/request-guard.ts, docs/product.md#not-found-and-errors) on the real server: no value of
 * the headers that Express and Remix read to build a request's URL or to check a POST's origin gets a 5xx. Remix's
 * own CSRF check throws (a 500 with a stack trace) where a POST's Origin differs from X-Forwarded-Host or Host, and
 * Remix's Express adapter throws where those make no URL: the guard answers every such request with a 4xx first.
 */

/** Ports for the server this file starts (crash 3500-3509, shutdown 3510-3519, replica 3520-3529, headers 3530-3539). */
const PORTS: [number, number] = [3540, 3549];
let host: string;

const real = serverForFile({ name: "guard", ports: PORTS });

beforeAll(() => {
  host = new URL(real.server.baseUrl).host;
});

type Sent = { method: string; path: string; headers: Record<string, string> };

/** A request with exactly these headers (fetch would not let a test set Host), answered with its status. */
function send({ method, path: urlPath, headers }: Sent) {
  const { port } = new URL(real.server.baseUrl);
  return new Promise<number>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent: false });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    if (method === "POST") request.end("name=&email=");
    else request.end();
  });
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };

describe("the request guard", () => {
  it("refuses a POST whose Origin is null, malformed or another site's with 403, never a 500", async () => {
    for (const origin of [
      "null",
      "not a url",
      "",
      "file://",
      "data:text/html,x",
      "https://evil.example",
      `http://${host}, http://${host}`,
      `http://${host.toUpperCase()}x`,
    ]) {
      for (const urlPath of ["/contact", "/contact.data", "/game/finish"]) {
        const status = await send({ method: "POST", path: urlPath, headers: { Host: host, Origin: origin, ...form } });
        expect(status, `${urlPath} with Origin ${JSON.stringify(origin)}`).toBe(403);
      }
    }
    // An Origin that matches X-Forwarded-Host (what Remix compares it with) but not Host passes, and the other way
    // round is refused: Remix would throw on it.
    const proxied = { Host: "internal:8081", "X-Forwarded-Host": host, ...form };
    expect(await send({ method: "POST", path: "/contact", headers: { ...proxied, Origin: `http://${host}` } })).toBe(
      400,
    );
    expect(
      await send({ method: "POST", path: "/contact", headers: { ...proxied, Origin: "http://internal:8081" } }),
    ).toBe(403);
  });

  it("refuses a Host or X-Forwarded-Host that makes no URL, and an X-Forwarded-Proto that is not http(s), with 400", async () => {
    const malformed: Record<string, string>[] = [
      { Host: "localhost:99999" },
      { Host: "[1.2.3.4::]" },
      { Host: host, "X-Forwarded-Host": "a b" },
      { Host: host, "X-Forwarded-Host": "a, b:99999" },
      { Host: host, "X-Forwarded-Host": "[::1" },
      { Host: host, "X-Forwarded-Proto": "a b" },
      { Host: host, "X-Forwarded-Proto": ", https" },
    ];
    for (const headers of malformed) {
      expect(await send({ method: "GET", path: "/about", headers }), JSON.stringify(headers)).toBe(400);
    }
    expect(await send({ method: "GET", path: "/about", headers: { Host: host, "X-Forwarded-Proto": "https" } })).toBe(
      200,
    );
  });

  it("never answers 5xx, whatever the Origin, Host, X-Forwarded-Host, X-Forwarded-Proto, Sec-Fetch-Site and Referer", async () => {
    // Every value Node's client lets a header carry: tab, printable ASCII and the bytes 0x80-0xff.
    const headerChar = fc.oneof(
      fc.constantFrom(..."\t :/[],.-_null@?#%"),
      fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)),
    );
    const junk = fc.string({ unit: headerChar, maxLength: 24 }).map((value) => value.trim());
    const hostLike = fc.oneof(
      fc.constant(() => host),
      fc
        .constantFrom("localhost", "127.0.0.1:1", "a:65536", "[::1]", "[::1]:3000", "[1:99999::]", "evil.example")
        .map((value) => () => value),
      junk.map((value) => () => value),
    );
    const originLike = fc.oneof(
      fc.constant(() => `http://${host}`),
      fc.constantFrom("null", "file://", "https://evil.example", "http://[::1]:3000").map((value) => () => value),
      hostLike.map((value) => () => `http://${value()}`),
      junk.map((value) => () => value),
    );
    const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          method: fc.constantFrom("GET", "POST"),
          path: fc.constantFrom("/contact", "/contact.data", "/about", "/game/finish"),
          host: optional(hostLike),
          origin: optional(originLike),
          forwardedHost: optional(hostLike),
          forwardedProto: optional(fc.oneof(fc.constantFrom("http", "https", "HTTPS", "https, http"), junk)),
          fetchSite: optional(fc.constantFrom("same-origin", "same-site", "cross-site", "none")),
          referer: optional(originLike),
        }),
        async (drawn) => {
          const headers: Record<string, string> = { ...form };
          // Node's client always sends a Host; an empty one is the nearest to none.
          headers.Host = drawn.host?.() ?? "";
          if (drawn.origin) headers.Origin = drawn.origin();
          if (drawn.forwardedHost) headers["X-Forwarded-Host"] = drawn.forwardedHost();
          if (drawn.forwardedProto !== undefined) headers["X-Forwarded-Proto"] = drawn.forwardedProto;
          if (drawn.fetchSite) headers["Sec-Fetch-Site"] = drawn.fetchSite;
          if (drawn.referer) headers.Referer = drawn.referer();
          const status = await send({ method: drawn.method, path: drawn.path, headers });
          expect(status, JSON.stringify({ ...drawn, headers })).toBeLessThan(500);
        },
      ),
      { numRuns: 400 },
    );
    expect(real.server.output()).not.toMatch(/Aborting the action|Invalid URL/);
  }, 120_000);
});
