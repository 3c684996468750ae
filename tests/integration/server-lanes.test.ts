import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { guards, lanes } from "../../server/lanes";
import { productionBuild, startServer } from "./server-process";
import { serverForFile } from "./server-for-file";

/*
 * The one server entry and its table of lanes (server/lanes.ts, docs/decisions/0040-one-server-entry.md): every
 * lane, in front of Express or in it, passes the same guards in the same order, on the real server.
 */

/**
 * Ports for the servers this file starts (crash 3500-3509 … live feed cap 3560-3569, first start 3580-3589, address
 * groups 3590-3599).
 */
const PORTS: [number, number] = [3570, 3579];
const real = serverForFile({ name: "lanes", ports: PORTS });

const GUARDS = [
  "connection close while stopping",
  "security headers",
  "request guard",
  "writes on primary",
  "canonical origin",
];

/** One request on a connection of its own, the Host header as given; its answer with the body as text. */
function send(method: string, urlPath: string, headers: Record<string, string> = {}, body?: string) {
  const { port } = new URL(real.server.baseUrl);
  return new Promise<http.IncomingMessage & { text: string }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent: false });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      // An event stream never ends by itself: its headers are what this test reads.
      if (response.headers["content-type"]?.startsWith("text/event-stream")) {
        response.destroy();
        return resolve(Object.assign(response, { text }));
      }
      response.on("end", () => resolve(Object.assign(response, { text })));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A request each lane takes. */
const SAMPLES: Record<string, { method: string; path: string; body?: string }> = {
  "live feed": { method: "GET", path: "/leaderboard/events?board=normal" },
  "live game": { method: "GET", path: "/live/00000000000/events" },
  finish: { method: "POST", path: "/game/finish", body: "{}" },
  "static files": { method: "GET", path: "/favicon.svg" },
  pages: { method: "GET", path: "/about" },
};

describe("the table of lanes", () => {
  it("lists each lane, where it runs, and the guards it passes, in order", () => {
    const config = parseConfig({});
    const table = lanes({
      config,
      loadApp: () => Promise.reject(new Error("not called")),
      staticFiles: { path: () => false, handle: (_req, _res, next) => next() },
      pages: (_req, _res, next) => next(),
    });
    // The dispatcher runs these for every request before it picks a lane: one list, one order, for all.
    expect(guards(config, false).map((guard) => guard.name)).toEqual(GUARDS);
    expect(table.map((lane) => [lane.name, lane.where])).toEqual([
      ["live feed", "before Express"],
      ["live game", "before Express"],
      ["finish", "Express"],
      ["static files", "Express"],
      ["pages", "Express"],
    ]);
    expect(Object.keys(SAMPLES)).toEqual(table.map((lane) => lane.name));
  });

  it("gives every lane's answers the security headers", async () => {
    for (const [lane, { method, path: urlPath, body }] of Object.entries(SAMPLES)) {
      const headers: Record<string, string> = { Host: "127.0.0.1", "Content-Type": "application/json" };
      const response = await send(method, urlPath, headers, body);
      expect(response.statusCode, lane).toBeLessThan(500);
      expect(response.headers["content-security-policy"], lane).toContain("default-src 'self'");
      expect(response.headers["x-frame-options"], lane).toBe("DENY");
      expect(response.headers["x-content-type-options"], lane).toBe("nosniff");
    }
  });

  it("serves the built assets from the static files lane, kept for a year", async () => {
    const page = await send("GET", "/about", { Host: "127.0.0.1" });
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(page.text)?.[1];
    expect(stylesheet).toBeDefined();
    const asset = await send("GET", stylesheet!, { Host: "127.0.0.1" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toMatch(/^text\/css/);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("puts every lane behind the request guard's refusals", async () => {
    for (const [lane, { path: urlPath }] of Object.entries(SAMPLES)) {
      const badHost = await send("GET", urlPath, { Host: "a:99999" });
      expect([badHost.statusCode, badHost.text], lane).toEqual([400, "Bad Request\n"]);
      const badProto = await send("GET", urlPath, { Host: "127.0.0.1", "X-Forwarded-Proto": "ftp" });
      expect(badProto.statusCode, lane).toBe(400);
      const undecodable = await send("GET", urlPath.replace(/^\/[^/?]*/, "$&%E0%A4%A"), { Host: "127.0.0.1" });
      expect(undecodable.statusCode, lane).toBe(400);
      const trace = await send("TRACE", urlPath, { Host: "127.0.0.1" });
      expect([trace.statusCode, trace.headers.allow], lane).toEqual([405, "GET, HEAD, POST"]);
      const crossSite = await send("POST", urlPath, { Host: "127.0.0.1", "Sec-Fetch-Site": "cross-site" }, "{}");
      expect(crossSite.statusCode, lane).toBe(403);
    }
  });

  it("answers the live feed's path once, whatever the method: a POST gets the feed's own 405", async () => {
    const post = await send("POST", "/leaderboard/events?board=normal", { Host: "127.0.0.1" });
    expect([post.statusCode, post.headers.allow, post.text]).toEqual([
      405,
      "GET, HEAD",
      "The live feed is read with GET.\n",
    ]);
    expect(post.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});

describe("the server's settings", () => {
  it("stops at start with one clear line when a setting is malformed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-lanes-config-"));
    try {
      const buildDir = await productionBuild();
      for (const [name, value] of [
        ["SHUTDOWN_GRACE_MS", "soon"],
        ["CANONICAL_ORIGIN", "ftp://mathssprint.example"],
        ["HOST", ""],
      ]) {
        const started = startServer({
          buildDir,
          databasePath: path.join(dir, "app.db"),
          ports: PORTS,
          env: { [name!]: value! },
        });
        await expect(started, name).rejects.toThrow(new RegExp(`The server exited:\\nConfiguration error: ${name} `));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
