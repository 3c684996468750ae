import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { serverForFile } from "./server-for-file";

/*
 * A server whose live feed is full (LIVE_FEED_MAX_STREAMS=1, one page open) refuses no one
 * (docs/product.md#live-feed): a new visitor gets the board pages, and their stream a slow refresh, never a 503.
 */

/** Ports for the server this file starts (the others' are in server-headers.test.ts and the files beside it). */
const PORTS: [number, number] = [3560, 3569];
let open: http.IncomingMessage | undefined;

const real = serverForFile({ name: "feed-cap", ports: PORTS, env: () => ({ LIVE_FEED_MAX_STREAMS: "1" }) });

afterAll(() => open?.destroy());

describe("a full live feed", () => {
  it("still serves every board page, and sends a new page's stream to a slow refresh instead of a 503", async () => {
    // The one place this process has, taken by a page that stays open.
    open = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${real.server.baseUrl}/leaderboard/events?board=normal`, { agent: false }, resolve).on("error", reject),
    );
    expect(open.statusCode).toBe(200);

    for (const page of ["/leaderboard", "/leaderboard?difficulty=hard", "/", "/daily-challenge"]) {
      const response = await fetch(`${real.server.baseUrl}${page}`);
      expect(response.status, page).toBe(200);
      await response.arrayBuffer();
    }
    const stream = await fetch(`${real.server.baseUrl}/leaderboard/events?board=normal`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await stream.text()).toBe("retry: 60000\nid: slow\n\n");
    const again = await fetch(`${real.server.baseUrl}/leaderboard/events?board=normal`, {
      headers: { "Last-Event-ID": "slow" },
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("event: entry\n");
  });
});
