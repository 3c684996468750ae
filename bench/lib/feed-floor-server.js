// The floor for bench/feed.bench.ts: the least a Node process can do to serve the live feed's event streams.
// A bare node:http server, no Express, no Remix: GET /leaderboard/events answers 200 text/event-stream, writes one
// comment and keeps the response in a Set (dropped when it closes). Like the real feed it checks the same SQLite
// database once per tick (LIVE_FEED_TICK_MS, the same query) and, when there is a new entry, writes one prebuilt
// event to every open response; keep-alive comments every 25 s. The event carries `sentAt`, the monotonic clock
// (process.hrtime, shared by every process on the machine) when the tick found the entry, so the bench can time
// the broadcast itself, without the wait for the tick. GET /healthcheck answers 200 "ok".
// Run: PORT=3396 DATABASE_PATH=bench/.data/feed/app.db node bench/lib/feed-floor-server.js
import http from "node:http";
import Database from "better-sqlite3";

const port = Number(process.env.PORT ?? 3396);
const host = process.env.HOST ?? "127.0.0.1";
const tickMs = Number(process.env.LIVE_FEED_TICK_MS ?? 250);
const file = process.env.DATABASE_PATH;
if (!file) throw new Error("DATABASE_PATH is not set");

const sqlite = new Database(file, { fileMustExist: true });
sqlite.pragma("busy_timeout = 5000");
const latest = sqlite.prepare(`SELECT coalesce(max(id), 0) AS id FROM daily_leaderboard_entries`);
const newestPerGameType = sqlite.prepare(
  `SELECT game_type AS gameType, max(id) AS id FROM daily_leaderboard_entries WHERE id > ? GROUP BY game_type`,
);
let lastSeenId = latest.get().id;

const HEADERS = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform" };
const PING = Buffer.from(": ping\n\n");
const streams = new Set();

function broadcast(chunk) {
  for (const res of streams) res.write(chunk);
}

function tick() {
  let newest = 0;
  for (const { id } of newestPerGameType.all(lastSeenId)) newest = Math.max(newest, id);
  if (newest === 0) return;
  lastSeenId = newest;
  const sentAt = (Number(process.hrtime.bigint()) / 1e6).toFixed(3);
  broadcast(Buffer.from(`event: entry\ndata: {"board":"normal","id":${newest},"sentAt":${sentAt}}\n\n`));
}
setInterval(tick, tickMs);
setInterval(() => broadcast(PING), 25_000);

const server = http.createServer((req, res) => {
  const url = req.url ?? "/";
  if (url === "/healthcheck") return void res.end("ok");
  if (req.method !== "GET" || !url.startsWith("/leaderboard/events")) {
    res.writeHead(404, { "Content-Type": "text/plain" });
    return void res.end("Not found\n");
  }
  res.writeHead(200, HEADERS);
  res.write(": open\n\n");
  streams.add(res);
  res.on("close", () => streams.delete(res));
});

server.listen(port, host, () => console.log(`feed floor listening on http://${host}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const res of streams) res.end();
    sqlite.close();
    process.exit(0);
  });
}
