import http from "node:http";

/*
 * A small stand-in for Fly's proxy in front of several machines (docs/decisions/0088-live-games-on-every-machine.md),
 * doing what Fly documents and nothing more (https://fly.io/docs/networking/dynamic-request-routing/): a request
 * lands on a machine (the one a `fly-force-instance-id` header names, else the next healthy one in turn); an answer
 * carrying `fly-replay` is not passed on but the original request is replayed to `instance=` that machine, or, for
 * `elsewhere=true`, to another than the one that answered, or, for `region=`, to any (every machine here is in one
 * region); the replayed request carries `fly-replay-src` with the answering machine and the `state=`. A replay to a
 * machine that is down is an error (a 502), as Fly's proxy throws one.
 */

export type FrontMachine = { id: string; baseUrl: string };

export type FlyFront = {
  url: string;
  /** Every request a machine answered itself (not with fly-replay): machine id and path. */
  served: { machine: string; method: string; path: string }[];
  /** Every `fly-replay` answer: the machine that gave it, the request's path, and its fields. */
  replays: { machine: string; path: string; fields: string }[];
  close: () => Promise<void>;
};

/** Most replays one request may take (Fly's own limit is not documented; a loop must not spin). */
const MAX_REPLAYS = 3;

function fields(header: string): Map<string, string> {
  const parsed = new Map<string, string>();
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0)
      parsed.set(
        part.slice(0, at).trim(),
        part
          .slice(at + 1)
          .trim()
          .replace(/^"|"$/g, ""),
      );
  }
  return parsed;
}

export async function startFlyFront(machines: () => FrontMachine[], port: number): Promise<FlyFront> {
  const served: FlyFront["served"] = [];
  const replayed: FlyFront["replays"] = [];
  let turn = 0;

  /** One try at one machine: its answer, or null if it could not be reached. */
  function send(
    machine: FrontMachine,
    req: http.IncomingMessage,
    body: Buffer,
    extra: Record<string, string>,
  ): Promise<http.IncomingMessage | null> {
    const target = new URL(machine.baseUrl);
    return new Promise((resolve) => {
      const upstream = http.request({
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...extra, "content-length": String(body.length) },
        agent: false,
      });
      upstream.on("response", resolve);
      upstream.on("error", () => resolve(null));
      upstream.end(body);
    });
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const all = machines();
    const forced = req.headers["fly-force-instance-id"];
    // The landing: the named machine, else the healthy machines in turn.
    let candidates: FrontMachine[];
    if (typeof forced === "string") candidates = all.filter((each) => each.id === forced);
    else {
      turn = (turn + 1) % all.length;
      candidates = [...all.slice(turn), ...all.slice(0, turn)];
    }
    let extra: Record<string, string> = {};
    for (let replays = 0; ;) {
      let answered: { machine: FrontMachine; response: http.IncomingMessage } | null = null;
      for (const machine of candidates) {
        const response = await send(machine, req, body, extra);
        if (response) {
          answered = { machine, response };
          break;
        }
      }
      if (!answered) {
        res.writeHead(502, { "Content-Type": "text/plain" }).end("No healthy machine to take the request.\n");
        return;
      }
      const { machine, response } = answered;
      const replay = response.headers["fly-replay"];
      if (typeof replay !== "string" || replays >= MAX_REPLAYS) {
        served.push({ machine: machine.id, method: req.method ?? "", path: req.url ?? "" });
        const headers = { ...response.headers };
        delete headers["fly-replay"];
        res.writeHead(response.statusCode ?? 502, headers);
        response.pipe(res);
        // A machine that dies mid-answer ends the client's connection too.
        response.on("aborted", () => res.destroy());
        response.on("error", () => res.destroy());
        res.on("close", () => response.destroy());
        return;
      }
      response.resume();
      replays += 1;
      replayed.push({ machine: machine.id, path: req.url ?? "", fields: replay });
      const wanted = fields(replay);
      const instance = wanted.get("instance");
      if (instance) candidates = all.filter((each) => each.id === instance);
      else if (wanted.get("elsewhere") === "true") candidates = all.filter((each) => each.id !== machine.id);
      else candidates = all;
      const state = wanted.get("state");
      extra = {
        "fly-replay-src": `instance=${machine.id};region=tst;t=${Date.now()}${state ? `;state=${state}` : ""}`,
      };
      // A replay to a named machine that is down is an error, never another machine.
      if (instance && candidates.length === 0) {
        res.writeHead(502, { "Content-Type": "text/plain" }).end("The machine to replay to is not there.\n");
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    replays: replayed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
