import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "~/config.server";
import { canonicalOrigin } from "../../server/canonical-origin";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  vi.restoreAllMocks();
});

/** The real middleware in front of a stand-in for Remix that says what reached it, on a port of its own. */
async function serve(env: Record<string, string | undefined>): Promise<number> {
  const app = express();
  const guard = canonicalOrigin(parseConfig(env).canonicalOrigin);
  app.use((req, res, next) => guard.run(req, res as never, next));
  app.all("*", (req, res) => {
    res.type("text/plain").send(`app ${req.method} ${req.originalUrl}`);
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return (server.address() as AddressInfo).port;
}

type Reply = { status: number; location: string | undefined; body: string };

/** A request with the Host header as given (fetch would not let a test set it). */
function send(port: number, method: string, path: string, host: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: { Host: host } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, location: response.headers.location, body }));
    });
    request.on("error", reject);
    request.end(method === "POST" ? "a=1" : undefined);
  });
}

const CANONICAL = { CANONICAL_ORIGIN: "https://mathssprint.example" };

describe("canonical origin", () => {
  it("moves a GET or HEAD on another host to the same path and query on the canonical origin, for good", async () => {
    const port = await serve(CANONICAL);
    for (const host of [
      "maths-sprint.fly.dev",
      "pr-42.preview.example",
      "127.0.0.1:8081",
      "mathssprint.example:8443",
    ]) {
      const get = await send(port, "GET", "/leaderboard?tab=all-time&board=hard", host);
      expect(get.status, host).toBe(301);
      expect(get.location, host).toBe("https://mathssprint.example/leaderboard?tab=all-time&board=hard");
      const head = await send(port, "HEAD", "/", host);
      expect(head.status, host).toBe(301);
      expect(head.location, host).toBe("https://mathssprint.example/");
      expect(head.body).toBe("");
    }
    // An odd path stays a path on the canonical host.
    expect((await send(port, "GET", "//evil.example/x", "preview.example")).location).toBe(
      "https://mathssprint.example//evil.example/x",
    );
  });

  it("lets requests on the canonical host through, whatever the case of the Host header or its default port", async () => {
    const port = await serve(CANONICAL);
    for (const host of ["mathssprint.example", "MathsSprint.EXAMPLE", "mathssprint.example:443"]) {
      const reply = await send(port, "GET", "/about?x=1", host);
      expect(reply.status, host).toBe(200);
      expect(reply.body).toBe("app GET /about?x=1");
    }
  });

  it("compares ports when the canonical origin names one", async () => {
    const port = await serve({ CANONICAL_ORIGIN: "http://LocalHost:3000/ignored/path" });
    expect((await send(port, "GET", "/game", "localhost:3000")).status).toBe(200);
    for (const host of ["localhost:3001", "localhost", "127.0.0.1:3000"]) {
      const reply = await send(port, "GET", "/game", host);
      expect(reply.status, host).toBe(301);
      expect(reply.location).toBe("http://localhost:3000/game");
    }
  });

  it("never redirects a POST: the form or the game's finish is answered where it was sent", async () => {
    const port = await serve(CANONICAL);
    const reply = await send(port, "POST", "/game/finish", "maths-sprint.fly.dev");
    expect(reply.status).toBe(200);
    expect(reply.body).toBe("app POST /game/finish");
  });

  it("answers /healthcheck on any host, for Fly's checks on the machine's own address", async () => {
    const port = await serve(CANONICAL);
    for (const path of ["/healthcheck", "/healthcheck?probe=1"]) {
      const reply = await send(port, "GET", path, "172.19.4.2:8081");
      expect(reply.status, path).toBe(200);
      expect(reply.body).toBe(`app GET ${path}`);
    }
    expect((await send(port, "GET", "/healthchecks", "172.19.4.2:8081")).status).toBe(301);
  });

  it("does nothing when CANONICAL_ORIGIN is not set", async () => {
    const port = await serve({});
    for (const host of ["maths-sprint.fly.dev", "anything.example:1234"]) {
      const reply = await send(port, "GET", "/about", host);
      expect(reply.status, host).toBe(200);
      expect(reply.body).toBe("app GET /about");
    }
  });

  it("stops the server with one clear line when CANONICAL_ORIGIN is malformed (app/config.server.ts)", () => {
    for (const value of ["mathssprint.example", "not a url", "ftp://mathssprint.example", ""]) {
      expect(() => parseConfig({ CANONICAL_ORIGIN: value }), value).toThrow(
        /^Configuration error: CANONICAL_ORIGIN must be an http\(s\) origin/,
      );
    }
  });

  it("reads the origin as scheme, host and port, no path", () => {
    expect(parseConfig({}).canonicalOrigin).toBeUndefined();
    expect(parseConfig({ CANONICAL_ORIGIN: "https://MathsSprint.example/" }).canonicalOrigin).toBe(
      "https://mathssprint.example",
    );
    expect(parseConfig({ CANONICAL_ORIGIN: "https://mathssprint.example:443/x?y" }).canonicalOrigin).toBe(
      "https://mathssprint.example",
    );
  });
});
