import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionBuild, startServer, type ServerProcess } from "./server-process";

/*
 * A server whose live feed is full (LIVE_FEED_MAX_STREAMS=1, one page open) refuses no one
 * (docs/product.md#live-feed): a new visitor gets the board pages, and their stream a slow refresh, never a 503.
 */

/** Ports for the server this file starts (the others' are in server-headers.test.ts and the files beside it). */
const PORTS: [number, number] = [3560, 3569];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-feed-cap-"));
let server: ServerProcess;
let open: http.IncomingMessage | undefined;

beforeAll(async () => {
  const buildDir = await productionBuild();
  server = await startServer({
    buildDir,
    databasePath: path.join(dir, "app.db"),
    ports: PORTS,
    env: { LIVE_FEED_MAX_STREAMS: "1" },
  });
}, 180_000);

afterAll(() => {
  open?.destroy();
  server?.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a full live feed", () => {
  it("still serves every board page, and sends a new page's stream to a slow refresh instead of a 503", async () => {
    // The one place this process has, taken by a page that stays open.
    open = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${server.baseUrl}/leaderboard/events?board=normal`, { agent: false }, resolve).on("error", reject),
    );
    expect(open.statusCode).toBe(200);

    for (const page of ["/leaderboard", "/leaderboard?difficulty=hard", "/", "/daily-challenge"]) {
      const response = await fetch(`${server.baseUrl}${page}`);
      expect(response.status, page).toBe(200);
      await response.arrayBuffer();
    }
    const stream = await fetch(`${server.baseUrl}/leaderboard/events?board=normal`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await stream.text()).toBe("retry: 60000\nid: slow\n\n");
    const again = await fetch(`${server.baseUrl}/leaderboard/events?board=normal`, {
      headers: { "Last-Event-ID": "slow" },
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("event: entry\n");
  });
});
