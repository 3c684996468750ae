import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionBuild, startServer, type ServerProcess } from "./server-process";

/*
 * Every answer of the real server carries the security headers (docs/product.md#every-page), the ones Express
 * gives before Remix is reached included: the canonical origin's 301 and the request guard's refusals.
 */

/** Ports for the servers this file starts (crash 3500-3509, shutdown 3510-3519, replica 3520-3529). */
const PORTS: [number, number] = [3530, 3539];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-headers-"));
let server: ServerProcess;

beforeAll(async () => {
  const buildDir = await productionBuild();
  server = await startServer({
    buildDir,
    databasePath: path.join(dir, "app.db"),
    ports: PORTS,
    env: { CANONICAL_ORIGIN: "https://mathssprint.example" },
  });
}, 180_000);

afterAll(() => {
  server?.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A request with the Host header as given (fetch would not let a test set it). */
function send(method: string, urlPath: string, host: string, headers: Record<string, string> = {}) {
  const { port } = new URL(server.baseUrl);
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      method,
      path: urlPath,
      headers: { Host: host, ...headers },
    });
    request.on("response", (response) => {
      response.resume();
      resolve(response);
    });
    request.on("error", reject);
    request.end();
  });
}

function expectSecurityHeaders(response: http.IncomingMessage, what: string) {
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
});
