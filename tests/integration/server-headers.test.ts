import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { serverForFile } from "./server-for-file";

/*
 * Every answer of the real server carries the security headers (docs/product.md#every-page), the ones Express
 * gives before Remix is reached included: the canonical origin's 301 and the request guard's refusals.
 */

/** Ports for the servers this file starts (crash 3500-3509, shutdown 3510-3519, replica 3520-3529). */
const PORTS: [number, number] = [3530, 3539];

const real = serverForFile({
  name: "headers",
  ports: PORTS,
  env: () => ({ CANONICAL_ORIGIN: "https://mathssprint.example" }),
});

/** A request with the Host header as given (fetch would not let a test set it), and its body as text. */
function send(
  method: string,
  urlPath: string,
  host: string,
  headers: Record<string, string> = {},
  body?: string | Buffer[],
) {
  const { port } = new URL(real.server.baseUrl);
  return new Promise<http.IncomingMessage & { text: string }>((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      method,
      path: urlPath,
      headers: { Host: host, ...headers },
      // A connection of its own: a request answered before its body was sent leaves its connection unusable.
      agent: false,
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve(Object.assign(response, { text })));
    });
    request.on("error", reject);
    if (Array.isArray(body)) for (const chunk of body) request.write(chunk);
    else if (body !== undefined) request.write(body);
    request.end();
  });
}

function expectSecurityHeaders(response: http.IncomingMessage, what: string) {
  expect(response.headers["content-security-policy"], what).toContain("default-src 'self'");
  expect(response.headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(response.headers["x-content-type-options"], what).toBe("nosniff");
  expect(response.headers["x-frame-options"], what).toBe("DENY");
  expect(response.headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
}

describe("security headers before Remix", () => {
  it("are on the canonical origin's 301", async () => {
    const moved = await send("GET", "/leaderboard", "maths-sprint.fly.dev");
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe("https://mathssprint.example/leaderboard");
    expectSecurityHeaders(moved, "301");
  });

  it("are on the request guard's refusals", async () => {
    const host = "mathssprint.example";
    const wrongMethod = await send("PUT", "/", host);
    expect(wrongMethod.statusCode).toBe(405);
    expectSecurityHeaders(wrongMethod, "405");
    const crossSite = await send("POST", "/contact", host, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    expectSecurityHeaders(crossSite, "403");
  });

  it("are on a page, as before", async () => {
    const page = await send("GET", "/about", "mathssprint.example");
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page, "page");
  });

  it("send no address on from a parent page or the parent letters, whose addresses and pages hold links", async () => {
    // docs/product.md#parents: a link that opens nothing is the parent page's 404, with the same headers.
    const parent = await send("GET", `/parent/${"A".repeat(43)}`, "mathssprint.example");
    expect(parent.statusCode).toBe(404);
    expect(parent.headers["referrer-policy"]).toBe("no-referrer");
    expect(parent.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(parent.headers["cache-control"]).toBe("no-store");
    expect(parent.headers["set-cookie"]).toBeUndefined();
    const letters = await send("GET", "/teacher-dashboard/parent-letters", "mathssprint.example");
    expect(letters.headers["referrer-policy"]).toBe("no-referrer");
  });
});

// POST /game/finish and /student-game/finish are answered by the finish lane, not Remix, after the same guards
// (docs/decisions/0034-finishes-in-front-of-express.md): the answers a finish gets through Remix, with the headers.
describe("the finishes, answered by their own lane", () => {
  const host = "mathssprint.example";
  const json = { "Content-Type": "application/json" };
  const messageOf = (text: string) => (JSON.parse(text) as { message: string }).message;

  it("refuse what is not a finish with the finish's own messages, security headers on", async () => {
    const notJson = await send("POST", "/game/finish", host, { "Content-Type": "text/plain" }, "{}");
    expect(notJson.statusCode).toBe(415);
    expect(messageOf(notJson.text)).toBe("Send the answers as JSON.");
    expect(notJson.headers["cache-control"]).toBe("no-store");
    expect(notJson.headers["content-type"]).toMatch(/^application\/json/);
    expectSecurityHeaders(notJson, "415");

    const broken = await send("POST", "/game/finish?x=1", host, json, "{not json");
    expect(broken.statusCode).toBe(400);
    expect(messageOf(broken.text)).toBe("The answers sent were not in the expected form.");
    expectSecurityHeaders(broken, "400");

    const forged = await send("POST", "/game/finish", host, json, JSON.stringify({ token: "x.y", answers: [] }));
    expect(forged.statusCode).toBe(400);
    expect(messageOf(forged.text)).toBe("This game could not be recognised. Please start a new game.");

    const noPupil = await send("POST", "/student-game/finish", host, json, JSON.stringify({ token: "x", answers: [] }));
    expect(noPupil.statusCode).toBe(401);
    expect(messageOf(noPupil.text)).toBe(
      "You are not logged in any more, so this game cannot be saved. Please log in again.",
    );
    expectSecurityHeaders(noPupil, "401");
  });

  it("refuse a body past the limit, chunked or declared, with 413", async () => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    const chunked = await send("POST", "/game/finish", host, json, [chunk, chunk, chunk, chunk, chunk]);
    expect(chunked.statusCode).toBe(413);
    expect(messageOf(chunked.text)).toBe("These answers are too large to be a game.");
    const declared = await send("POST", "/game/finish", host, { ...json, "Content-Length": String(400 * 1024) });
    expect(declared.statusCode).toBe(413);
  });

  it("outlive a sender who hangs up halfway through the body, and read a body that comes in pieces", async () => {
    const { port } = new URL(real.server.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST /game/finish HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"token":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
      socket.on("error", reject);
    });
    // The same server answers on: a body sent in pieces is read whole (a forged token, so refused as one).
    const pieces = [Buffer.from('{"token":"x.'), Buffer.from('y","answers'), Buffer.from('":[]}')];
    const forged = await send("POST", "/game/finish", host, json, pieces);
    expect(forged.statusCode).toBe(400);
    expect(messageOf(forged.text)).toBe("This game could not be recognised. Please start a new game.");
  });

  it("pass the request guard first: a cross-site finish is refused before the app reads it", async () => {
    const crossSite = await send("POST", "/game/finish", host, { ...json, "Sec-Fetch-Site": "cross-site" }, "{}");
    expect(crossSite.statusCode).toBe(403);
    expectSecurityHeaders(crossSite, "403");
    const otherOrigin = await send(
      "POST",
      "/student-game/finish",
      host,
      { ...json, Origin: "https://evil.example" },
      "{}",
    );
    expect(otherOrigin.statusCode).toBe(403);
  });

  it("leave other methods on those paths to Remix, which says to use POST", async () => {
    const get = await send("GET", "/game/finish", host);
    expect(get.statusCode).toBe(405);
    expect(messageOf(get.text)).toBe("Use POST.");
    expectSecurityHeaders(get, "405");
  });
});
