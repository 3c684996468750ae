// The floor for bench/live-game.bench.ts: the least a Node process can do to run live class games' fan-out, on the
// same addresses, cookies and messages as the real server (app/live/protocol.ts), with none of its rules. A bare
// node:http server: no Express, no Remix, no database, no checks of an answer but its number.
//   POST /floor/setup                 {"games":[{"code","host","players":[{"token","id","name"}]}]}: the games, playing
//   GET  /live/<code>/events          the big screen's stream (cookie live_host_<code>) or a player's (cookie live_player_<code>)
//   POST /live/<code>/answer          {"answers":[{"i","value","t"}]} with live_player_<code>: the next answers counted
//                                     right; 200 {"now","held","right"}
// The big screen gets `event: race` (every line: name, right, answered, place, online) once per tick while its game
// changed: one process-wide timer every LIVE_FLOOR_TICK_MS (250 ms) builds each changed game's event once and
// writes it to the game's screens. A player's stream gets `event: state` on connect. Keep-alive comments every 25 s.
// GET /healthcheck answers 200 "ok". Run: PORT=3627 node bench/lib/live-floor-server.js
import http from "node:http";

const port = Number(process.env.PORT ?? 3627);
const host = process.env.HOST ?? "127.0.0.1";
const tickMs = Number(process.env.LIVE_FLOOR_TICK_MS ?? 250);

const HEADERS = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform" };
const PING = Buffer.from(": ping\n\n");

/** code → game; token → { game, player } or { game, host: true } */
const games = new Map();
const tokens = new Map();
const dirty = new Set();

function setup({ games: list }) {
  const now = Date.now();
  for (const { code, host: hostToken, players } of list) {
    const game = { code, screens: new Set(), players: [], startsAt: now, endsAt: now + 60 * 60_000 };
    games.set(code, game);
    tokens.set(hostToken, { game, host: true });
    for (const { token, id, name } of players) {
      const player = { id, name, right: 0, answered: 0, reachedAt: 0, streams: new Set() };
      game.players.push(player);
      tokens.set(token, { game, player });
    }
  }
}

function raceEvent(game) {
  const sorted = [...game.players].sort((a, b) => b.right - a.right || a.reachedAt - b.reachedAt);
  const lines = sorted.map((p, i) => ({
    id: p.id,
    name: p.name,
    kind: "guest",
    right: p.right,
    answered: p.answered,
    place: i + 1,
    online: p.streams.size > 0,
  }));
  const race = {
    now: Date.now(),
    code: game.code,
    phase: "playing",
    startsAt: game.startsAt,
    endsAt: game.endsAt,
    durationSeconds: 60,
    lines,
  };
  return Buffer.from(`event: race\ndata: ${JSON.stringify(race)}\n\n`);
}

function tick() {
  for (const game of dirty) {
    const chunk = raceEvent(game);
    for (const res of game.screens) res.write(chunk);
  }
  dirty.clear();
}
setInterval(tick, tickMs);
setInterval(() => {
  for (const game of games.values()) {
    for (const res of game.screens) res.write(PING);
    for (const player of game.players) for (const res of player.streams) res.write(PING);
  }
}, 25_000);

function tokenOf(req, name) {
  const cookie = req.headers.cookie ?? "";
  const at = cookie.indexOf(`${name}=`);
  return at === -1 ? undefined : cookie.slice(at + name.length + 1, at + name.length + 33);
}

function readBody(req, then) {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => then(body));
}

function answer(req, res, who) {
  readBody(req, (body) => {
    let answers;
    try {
      answers = JSON.parse(body).answers;
    } catch {
      return void res.writeHead(400).end();
    }
    const { game, player } = who;
    for (const { i } of answers) {
      if (i !== player.answered) continue;
      player.answered++;
      player.right++;
      player.reachedAt = Date.now();
      dirty.add(game);
    }
    const reply = JSON.stringify({ now: Date.now(), held: player.answered, right: player.right });
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(reply) });
    res.end(reply);
  });
}

const server = http.createServer((req, res) => {
  const url = req.url ?? "/";
  if (url === "/healthcheck") return void res.end("ok");
  if (req.method === "POST" && url === "/floor/setup") {
    return readBody(req, (body) => {
      setup(JSON.parse(body));
      res.end("ok");
    });
  }
  const [, live, code, action] = url.split("?")[0].split("/");
  const game = live === "live" ? games.get(code) : undefined;
  if (!game) return notFound(res);
  const who = tokens.get(tokenOf(req, `live_player_${code}`)) ?? tokens.get(tokenOf(req, `live_host_${code}`));
  if (!who || who.game !== game) {
    res.writeHead(403, { "Content-Type": "text/plain" });
    return void res.end("Not your game\n");
  }
  if (req.method === "GET" && action === "events") {
    res.writeHead(200, HEADERS);
    if (who.host) {
      res.write(raceEvent(game));
      game.screens.add(res);
      return void res.on("close", () => game.screens.delete(res));
    }
    const { player } = who;
    const state = {
      now: Date.now(),
      phase: "playing",
      name: player.name,
      startsAt: game.startsAt,
      endsAt: game.endsAt,
      spec: null,
      seed: "floor",
      answered: player.answered,
      right: player.right,
      place: null,
      of: game.players.length,
    };
    res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
    player.streams.add(res);
    return void res.on("close", () => player.streams.delete(res));
  }
  if (req.method === "POST" && action === "answer" && !who.host) return answer(req, res, who);
  notFound(res);
});

function notFound(res) {
  res.writeHead(404, { "Content-Type": "text/plain" });
  res.end("Not found\n");
}

server.keepAliveTimeout = 65_000;
server.listen(port, host, () => console.log(`live floor listening on http://${host}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.closeAllConnections();
    process.exit(0);
  });
}
