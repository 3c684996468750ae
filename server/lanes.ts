// The request path of every request, in one file (docs/decisions/0040-one-server-entry.md): the guards every
// request passes, in order, then the first lane that takes it. Two lanes answer in front of Express, because
// Express's routing and compression cost an open stream more than its own work (the live feed:
// docs/decisions/0022-live-feed.md; the live class game's streams and answers: docs/decisions/0064-live-class-game.md);
// Express reads the rest of this table. The finishes' lane skips Remix, not
// Express: in front of Express it saved 2 % of a finish, too little for a lane of its own
// (docs/speed-shortcuts.md#the-finish-lane-in-express-finish-lane-removed). tests/integration/server-lanes.test.ts lists the guards per
// lane.
import { STATUS_CODES, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { ErrorRequestHandler, Express } from "express";
import type { Config } from "~/config.server";
import { instanceInfo, replayToPrimary } from "~/db/litefs.server";
import { FINISH_PATHS } from "~/runs/finish-paths";
import { LIVE_LANE_PATH, LIVE_MACHINE_PATH, LIVE_PREFIX, LIVE_PRIMARY_PATH } from "~/live/protocol";
import { addressGroupOf } from "~/utils/address-group";
import { canonicalOrigin } from "./canonical-origin";
import type { Guard, GuardedResponse } from "./guard";
import { requestGuard } from "./request-guard";
import { securityHeaders } from "./security-headers";
import { closeWhileStopping } from "./shutdown";

/** What the lanes call in the app's build (app/entry.server.tsx exports them). */
export type AppEntry = Pick<
  typeof import("../app/entry.server"),
  "handleFinish" | "handleLeaderboardEvents" | "handleLiveRequest" | "lifecycle" | "routeLiveRequest"
>;

/**
 * Express-style middleware. A method signature, so that Express's own handlers (static files, Remix), which take
 * Express's request and response, fit the Express lanes.
 */
type Handler = { handle(req: IncomingMessage, res: GuardedResponse, next: (error?: unknown) => void): void };

export type Lane = {
  name: string;
  /** The methods it takes ("any": it answers the others itself, e.g. with a 405). */
  methods: readonly string[] | "any";
  /** Whether a request's path (its URL without the query) is this lane's. */
  path: (path: string) => boolean;
  where: "before Express" | "Express";
} & Handler;

/** Methods that never write: everything else is a write and belongs on the primary. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A request of a live game: /live and everything under it. */
function isLivePath(path: string): boolean {
  return path === LIVE_PREFIX || path.startsWith(`${LIVE_PREFIX}/`);
}

/**
 * On a LiteFS replica, every request that may write goes to the primary before its body is read
 * (docs/decisions/0023-replicas-and-the-primary.md). LiteFS's proxy does the same for the requests it routes; this
 * covers the rest and makes sure a replica never tries to write. A live game's requests, reads included, go to the
 * machine that holds the game: the primary on a cluster without machine ids (docs/decisions/0064-live-class-game.md),
 * else the game's own machine (docs/decisions/0088-live-games-on-every-machine.md), which the app decides.
 */
function writesOnPrimary(config: Config, loadApp?: () => Promise<AppEntry>): Guard {
  return {
    name: "writes on primary",
    run(req, res, next) {
      const live = isLivePath(pathOf(req.url));
      if (live && config.liveMachine && loadApp) {
        loadApp()
          .then((app) => app.routeLiveRequest(req, res, next))
          .catch((error) => failed(res, "live routing", error));
        return;
      }
      if (READS.has(req.method ?? "") && !live) return next();
      const { currentIsPrimary, primaryInstance } = instanceInfo();
      if (currentIsPrimary) return next();
      const { status, headers, body } = replayToPrimary(primaryInstance);
      res.writeHead(status, headers).end(body);
    },
  };
}

/**
 * What every request passes before its lane, in this order. While shutting down, every answer closes its
 * connection. The security headers next, so that every answer carries them: the guards' refusals, the replica's
 * fly-replay and the canonical 301 too. Then the request guard's refusals (docs/product.md#not-found-and-errors),
 * writes sent to the primary, and pages on another host sent to the canonical origin.
 */
export function guards(config: Config, dev: boolean, loadApp?: () => Promise<AppEntry>): Guard[] {
  return [
    closeWhileStopping,
    securityHeaders({ dev, config }),
    requestGuard,
    writesOnPrimary(config, loadApp),
    canonicalOrigin(config.canonicalOrigin),
  ];
}

/**
 * The client's address group for rate limits, boards, logins and streams: on Fly, Fly-Client-IP (set by Fly's edge, which overwrites whatever the
 * client sent); elsewhere the connection's own address. Never X-Forwarded-For, whose first entry a client writes.
 */
export function clientAddress(req: IncomingMessage, onFly: boolean): string | null {
  const fly = req.headers["fly-client-ip"];
  const address = onFly && typeof fly === "string" && fly ? fly : (req.socket.remoteAddress ?? null);
  // Every rule downstream counts the address's group: an IPv6 address by its /64 (app/utils/address-group.ts).
  return address === null ? null : addressGroupOf(address);
}

/**
 * End-to-end suite only (ENABLE_TEST_ROUTES=1, never in production): the address a test says it comes from, in
 * `X-Test-Client-Address`, so that one machine can be a new browser at a new place (tests/e2e/login-lockouts.spec.ts).
 */
export function testClientAddress(req: IncomingMessage): string | null {
  const named = req.headers["x-test-client-address"];
  return typeof named === "string" && /^[0-9.]{7,15}$/.test(named) ? named : null;
}

/** The lanes, first match wins; the last takes everything. */
export function lanes({
  config,
  loadApp,
  staticFiles,
  pages,
}: {
  config: Config;
  /** The app's build: loaded once in production, from Vite on every request in development. */
  loadApp: () => Promise<AppEntry>;
  /** The built client's files (in development, Vite's middleware, which passes what is not its own). */
  staticFiles: { path: (path: string) => boolean } & Handler;
  /** Remix's request handler. */
  pages: Handler["handle"];
}): Lane[] {
  return [
    {
      // Any method, so that the feed's path is handled once: the handler answers all but GET and HEAD with 405.
      name: "live feed",
      methods: "any",
      path: (path) => path === "/leaderboard/events",
      where: "before Express",
      handle: (req, res, next) => {
        loadApp()
          .then((app) => app.handleLeaderboardEvents(req, res, clientAddress(req, config.onFly)))
          .catch(next);
      },
    },
    {
      // A live game's event streams and answers (docs/decisions/0064-live-class-game.md), and the machines' requests
      // to the primary (docs/decisions/0088-live-games-on-every-machine.md): any method, the handler answers the
      // wrong ones with 405.
      name: "live game",
      methods: "any",
      path: (path) => LIVE_LANE_PATH.test(path) || path === LIVE_PRIMARY_PATH || path === LIVE_MACHINE_PATH,
      where: "before Express",
      handle: (req, res, next) => {
        loadApp()
          .then((app) => app.handleLiveRequest(req, res, clientAddress(req, config.onFly)))
          .catch(next);
      },
    },
    {
      // Other methods on these paths reach the Remix routes, which answer 405.
      name: "finish",
      methods: ["POST"],
      path: (path) => FINISH_PATHS.includes(path),
      where: "Express",
      handle: (req, res, next) => {
        loadApp()
          .then((app) => app.handleFinish(req, res, clientAddress(req, config.onFly)))
          .catch(next);
      },
    },
    { name: "static files", methods: ["GET", "HEAD"], where: "Express", ...staticFiles },
    { name: "pages", methods: "any", path: () => true, where: "Express", handle: pages },
  ];
}

function takes(lane: Lane, method: string | undefined, path: string): boolean {
  return (lane.methods === "any" || lane.methods.includes(method ?? "")) && lane.path(path);
}

const pathOf = (url: string | undefined) => (url ?? "/").split("?")[0]!;

/** A fault in a lane or guard: logged, and a plain 500 if nothing was sent yet. */
function failed(res: ServerResponse, what: string, error: unknown): void {
  console.error(what, error);
  if (!res.headersSent)
    res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error\n");
}

/**
 * A request the server cannot even read (an undecodable path, say) is the client's mistake: it gets its 4xx
 * without Express's default stack trace in the log. Every other error still goes to Express's own handler.
 */
const clientErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = error?.status ?? error?.statusCode;
  if (res.headersSent || !Number.isInteger(status) || status < 400 || status >= 500) return next(error);
  res
    .status(status)
    .type("text/plain")
    .send(STATUS_CODES[status] ?? "Bad Request");
};

/** Express, built from the table's Express lanes, behind compression. */
export function expressFrom(express: Express, all: Lane[]): Express {
  express.disable("x-powered-by");
  // Fly's proxy (and LiteFS's) sit in front: the request's protocol comes from X-Forwarded-Proto. (The client's
  // address does not come from X-Forwarded-For: see clientAddress.)
  express.set("trust proxy", true);
  for (const lane of all.filter((each) => each.where === "Express")) {
    express.use((req, res, next) => (takes(lane, req.method, req.path) ? lane.handle(req, res, next) : next()));
  }
  express.use(clientErrors);
  return express;
}

/**
 * The server's one request listener: the guards in order, then the first lane in front of Express that takes the
 * request, else Express (which runs the rest of the table).
 */
export function dispatcher(allGuards: Guard[], all: Lane[], express: Express): RequestListener {
  const front = all.filter((lane) => lane.where === "before Express");
  return (req, plain) => {
    const res = plain as GuardedResponse;
    // As Express has it: the security headers guard leaves the CSP nonce here for the pages.
    res.locals = {};
    let at = 0;
    const next = () => {
      const guard = allGuards[at++];
      if (guard) return guard.run(req, res, next);
      const path = pathOf(req.url);
      const lane = front.find((each) => takes(each, req.method, path));
      if (!lane) return void express(req, res);
      lane.handle(req, res, (error) => failed(res, lane.name, error));
    };
    try {
      next();
    } catch (error) {
      failed(res, "request", error);
    }
  };
}
