import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { SLOW_REFRESH_MS, handleLeaderboardEvents } from "~/realtime/leaderboard-events.server";
import { MAX_BUFFERED_BYTES, addStream, disconnectAll, openStreamCount, tick } from "~/realtime/live-feed.server";

/*
 * The live feed (docs/decisions/0022-live-feed.md): the real handler on a real HTTP server, entries written by
 * another connection to the same database file (as LiteFS replication writes them on a replica).
 */

const other = openDatabase(process.env.DATABASE_PATH!, { migrate: false });
const insert = other.$client.prepare(
  "INSERT INTO daily_leaderboard_entries (score, total_questions, accuracy, game_type, created_at) VALUES (3, 4, 75, ?, ?)",
);
const addEntry = (gameType: string) => Number(insert.run(gameType, Date.now()).lastInsertRowid);

let server: http.Server;
let baseUrl: string;
/** Each test's requests come from an address of its own, as the caps count per address. */
let address = "192.0.2.1";

beforeAll(async () => {
  server = http.createServer((req, res) => handleLeaderboardEvents(req, res, address));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  disconnectAll();
  address = `192.0.2.${Math.floor(Math.random() * 200) + 2}`;
});
afterAll(() => {
  server.close();
  other.$client.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An open stream, read as it comes. */
async function follow(query: string) {
  const received: string[] = [];
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(`${baseUrl}/leaderboard/events${query}`, { agent: false }, resolve).on("error", reject),
  );
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => received.push(chunk));
  const events = () =>
    received
      .join("")
      .split("\n\n")
      .filter((block) => block.startsWith("event: entry"))
      .map((block) => JSON.parse(block.split("data: ")[1]!) as { board: string; id: number });
  return { response, events, close: () => response.destroy() };
}

async function until(check: () => boolean, ms = 1_500) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
  return check();
}

describe("the live feed", () => {
  it("sends a board's new entry, written by another connection, to the pages watching it within a second", async () => {
    const normal = await follow("?board=normal");
    const hard = await follow("?board=hard");
    expect(normal.response.statusCode).toBe(200);
    expect(normal.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    const id = addEntry("normal");
    const started = Date.now();
    expect(await until(() => normal.events().length > 0)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(normal.events()).toEqual([{ board: "normal", id }]);
    await sleep(config.liveFeed.tickMs * 2);
    expect(hard.events()).toEqual([]);
  });

  it("coalesces a burst into one event per board per tick, and counts the old 'standard' type as normal", async () => {
    const normal = await follow("?board=normal");
    const daily = await follow("?board=teen-trouble");
    let last = 0;
    other.$client.transaction(() => {
      for (let i = 0; i < 20; i += 1) last = addEntry(i % 2 ? "normal" : "standard");
      addEntry("teen-trouble");
    })();
    expect(await until(() => normal.events().length > 0 && daily.events().length > 0)).toBe(true);
    await sleep(config.liveFeed.tickMs * 2);
    expect(normal.events()).toEqual([{ board: "normal", id: last }]);
    expect(daily.events()).toEqual([{ board: "teen-trouble", id: last + 1 }]);
  });

  it("one page may follow several boards", async () => {
    const both = await follow("?board=hard&board=extreme");
    const hard = addEntry("hard");
    await sleep(config.liveFeed.tickMs * 2);
    const extreme = addEntry("extreme");
    expect(await until(() => both.events().length === 2)).toBe(true);
    expect(both.events()).toEqual([
      { board: "hard", id: hard },
      { board: "extreme", id: extreme },
    ]);
  });

  it("refuses a wrong method or board with a plain 4xx, keeping nothing open", async () => {
    const ask = (method: string, query: string) =>
      fetch(`${baseUrl}/leaderboard/events${query}`, { method }).then(async (r) => ({
        status: r.status,
        allow: r.headers.get("allow"),
        type: r.headers.get("content-type"),
        text: await r.text(),
      }));
    for (const query of [
      "",
      "?board=",
      "?board=nonsense",
      "?board=../normal",
      "?board=a&board=b&board=c&board=d&board=e",
    ]) {
      expect(await ask("GET", query), query).toEqual({
        status: 400,
        allow: null,
        type: "text/plain; charset=utf-8",
        text: "Name the board to follow, for example ?board=normal.\n",
      });
    }
    expect(await ask("POST", "?board=normal")).toMatchObject({ status: 405, allow: "GET, HEAD" });
    expect(await ask("HEAD", "?board=normal")).toMatchObject({ status: 200, type: "text/event-stream; charset=utf-8" });
    expect(openStreamCount()).toBe(0);
  });

  it("caps open pages per address (429, with Retry-After) and per process, and frees a place when one closes", async () => {
    const caps = { ...config.liveFeed };
    config.liveFeed.maxPerAddress = 2;
    config.liveFeed.maxStreams = 3;
    try {
      const first = await follow("?board=normal");
      await follow("?board=normal");
      const refused = await fetch(`${baseUrl}/leaderboard/events?board=normal`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(await refused.text()).toBe(
        "Too many live boards are open from your network. Close a few pages, then reload.\n",
      );

      address = "198.51.100.7";
      await follow("?board=hard");
      // Past the process's cap: no refusal, a slow refresh (next test).
      const full = await fetch(`${baseUrl}/leaderboard/events?board=hard`);
      expect(full.status).toBe(200);
      expect(await full.text()).toBe(`retry: ${SLOW_REFRESH_MS}\nid: slow\n\n`);
      expect(openStreamCount()).toBe(3);

      first.close();
      expect(await until(() => openStreamCount() === 2)).toBe(true);
      const again = await follow("?board=hard");
      expect(again.response.statusCode).toBe(200);
    } finally {
      Object.assign(config.liveFeed, caps);
    }
  });

  it("past the process's cap, sends the page to a slow refresh: back after a minute, then told to refetch each time", async () => {
    const caps = { ...config.liveFeed };
    config.liveFeed.maxStreams = 1;
    try {
      await follow("?board=normal");
      address = "198.51.100.8";
      const ask = (headers: Record<string, string> = {}, method = "GET") =>
        fetch(`${baseUrl}/leaderboard/events?board=hard&board=normal`, { headers, method }).then(async (r) => ({
          status: r.status,
          type: r.headers.get("content-type"),
          text: await r.text(),
        }));
      // The first time: when to come back, and the id the browser sends back then. Nothing to refetch yet.
      expect(await ask()).toEqual({
        status: 200,
        type: "text/event-stream; charset=utf-8",
        text: `retry: ${SLOW_REFRESH_MS}\nid: slow\n\n`,
      });
      expect(SLOW_REFRESH_MS).toBe(60_000);
      // Back a minute later (Last-Event-ID: slow), still over: an entry, so the page refetches, and the same again.
      const entry = `event: entry\ndata: ${JSON.stringify({ board: "hard" })}\n\n`;
      expect((await ask({ "Last-Event-ID": "slow" })).text).toBe(`retry: ${SLOW_REFRESH_MS}\nid: slow\n\n${entry}`);
      expect(await ask({ "Last-Event-ID": "slow" }, "HEAD")).toMatchObject({ status: 200, text: "" });
      expect(openStreamCount()).toBe(1);
      // Once there is room it follows live again, with one refetch for what it missed.
      config.liveFeed.maxStreams = 2;
      const back = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            `${baseUrl}/leaderboard/events?board=hard`,
            { agent: false, headers: { "Last-Event-ID": "slow" } },
            resolve,
          )
          .on("error", reject),
      );
      back.setEncoding("utf8");
      let text = "";
      back.on("data", (chunk: string) => (text += chunk));
      expect(await until(() => text.includes("event: entry"))).toBe(true);
      expect(text).toBe(`: open\n\n${entry}`);
      expect(openStreamCount()).toBe(2);
      back.destroy();
    } finally {
      Object.assign(config.liveFeed, caps);
    }
  });

  it("drops a page that stops reading once its unread events pass the bound", () => {
    let destroyed = false;
    // A client that never reads: nothing written is ever acknowledged.
    const stuck = new Writable({ highWaterMark: 1024, write: () => {} });
    stuck.destroy = () => {
      destroyed = true;
      return stuck;
    };
    addStream(stuck, "203.0.113.9", ["extreme"]);
    for (let i = 0; i < 5_000 && !destroyed; i += 1) {
      addEntry("extreme");
      tick();
    }
    expect(destroyed).toBe(true);
    expect(stuck.writableLength).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(stuck.writableLength).toBeLessThan(MAX_BUFFERED_BYTES + 1024);
    expect(openStreamCount()).toBe(0);
  });
});
