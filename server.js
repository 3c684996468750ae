// The production and development HTTP server: Express in front of Remix, for security headers,
// static caching and compression. `node server.js --dev` serves the app's source through Vite's
// middleware with hot reload, and never needs or reads a build.
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { BUILD_DIR } from "./server/build-dir.js";
import { canonicalOrigin } from "./server/canonical-origin.js";
import { writesOnPrimary } from "./server/litefs.js";
import { requestGuard } from "./server/request-guard.js";
import { securityHeaders } from "./server/security-headers.js";
import { DEFAULT_GRACE_MS, isShuttingDown, onShutdown, shutDownGracefully } from "./server/shutdown.js";
import { siteName } from "./server/site-name.js";

const dev = process.argv.includes("--dev");
// `--dev` always means development: the app's config (app/config.server.ts), Vite and Remix's error
// reporting all read NODE_ENV, so a NODE_ENV=production left in the shell cannot half-apply.
if (dev) process.env.NODE_ENV = "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
// How long a shutdown waits for requests in flight; fly.toml's kill_timeout leaves room for it.
const shutdownGraceMs = Number(process.env.SHUTDOWN_GRACE_MS || DEFAULT_GRACE_MS);

const app = express();
// Two kinds of request skip Express. The live feed's streams (GET or HEAD /leaderboard/events?board=…): an open page
// then costs what a plain Node response does, measured against one in bench/feed.bench.ts
// (docs/decisions/0022-live-feed.md). And the games' finishes (POST /game/finish, /student-game/finish), the busiest
// write, after the same guards as any request (docs/decisions/0034-finishes-in-front-of-express.md). Every other
// request, and any other method on those paths, goes through Express and its guards.
const server = http.createServer((req, res) => {
  if ((req.method === "GET" || req.method === "HEAD") && /^\/leaderboard\/events(\?|$)/.test(req.url ?? "")) {
    loadBuild()
      .then((build) => build.entry.module.handleLeaderboardEvents(req, res, clientAddress(req)))
      .catch((error) => {
        console.error("live feed", error);
        if (!res.headersSent) res.writeHead(500).end();
      });
    return;
  }
  if (req.method === "POST" && /^\/(student-)?game\/finish(\?|$)/.test(req.url ?? "")) {
    throughGuards(req, res, () =>
      loadBuild()
        .then((build) => build.entry.module.handleFinish(req, res, clientAddress(req)))
        .catch((error) => {
          console.error("finish", error);
          if (!res.headersSent)
            res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error\n");
        }),
    );
    return;
  }
  app(req, res);
});

// Vite's hot-reload websocket shares this server's port, so two dev servers never fight over Vite's
// default HMR port. Databases, builds and test output are not source: the watcher leaves them alone.
const vite = dev
  ? await import("vite").then((v) =>
      v.createServer({
        // Pre-bundle every dependency the app's modules import before the first page loads, so a fresh
        // clone's first visit is not reloaded (and its React duplicated) when Vite discovers them one by one.
        optimizeDeps: { entries: ["app/entry.client.tsx", "app/root.tsx", "app/routes/**/*.{ts,tsx}"] },
        server: {
          middlewareMode: true,
          hmr: { server },
          watch: {
            // Output folders, including each E2E_PORT's own (build-e2e-3460, test-results-3460, …).
            ignored: ["tmp", "data", "build", "build-e2e*", "test-results*", "playwright-report*", "bench/.data"].map(
              (dir) => `${path.resolve(dir)}/**`,
            ),
          },
        },
      }),
    )
  : undefined;

// In development every request loads the current server build from Vite (edits apply without a restart); only
// production imports the built files, once.
const productionBuild = vite ? undefined : import(`./${BUILD_DIR}/server/index.js`);
const loadBuild = () => (vite ? vite.ssrLoadModule("virtual:remix/server-build") : productionBuild);

/**
 * The client's address for rate limits: on Fly, Fly-Client-IP (set by Fly's edge, which overwrites whatever the
 * client sent); elsewhere the connection's own address. Never X-Forwarded-For, whose first entry a client writes.
 */
function clientAddress(req) {
  const fly = req.headers["fly-client-ip"];
  if (process.env.FLY_APP_NAME && typeof fly === "string" && fly) return fly;
  return req.socket.remoteAddress ?? null;
}

/**
 * What every request passes before the app, in order (plain Node middleware, so the finishes' lane in front of
 * Express runs the very same ones). While shutting down, every answer closes its connection: the client's next
 * request goes to another machine. The security headers first, so that every answer carries them: the guards'
 * refusals, the replica's fly-replay and the canonical 301 too. On a LiteFS replica, a write goes to the primary
 * before its body is read (docs/decisions/0023-replicas-and-the-primary.md).
 */
const guards = [
  (_req, res, next) => {
    if (isShuttingDown()) res.setHeader("Connection", "close");
    next();
  },
  securityHeaders({ dev, https: (process.env.SITE_URL ?? "").startsWith("https:") }),
  requestGuard(),
  writesOnPrimary(),
];

/** Runs the guards on a request outside Express, then `handle` unless one of them answered it. */
function throughGuards(req, res, handle) {
  // securityHeaders leaves the CSP nonce in res.locals, as Express has it.
  res.locals = {};
  let at = 0;
  const next = (error) => {
    if (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500).end();
      return;
    }
    const guard = guards[at++];
    if (guard) guard(req, res, next);
    else handle();
  };
  next();
}

app.disable("x-powered-by");
// Fly's proxy (and LiteFS's) sit in front: the request's protocol comes from X-Forwarded-Proto. (The client's
// address does not come from X-Forwarded-For: see clientAddress.)
app.set("trust proxy", true);
for (const guard of guards) app.use(guard);
app.use(canonicalOrigin());
// Other methods on the live feed's path (GET and HEAD never reach Express: see the server above) get its 405.
// The handler comes from the app's build, so it shares the app's database connection and the test routes' view
// of the open streams.
app.all("/leaderboard/events", (req, res, next) => {
  loadBuild()
    .then((build) => build.entry.module.handleLeaderboardEvents(req, res, clientAddress(req)))
    .catch(next);
});
app.use(compression());

if (vite) {
  app.use(vite.middlewares);
} else {
  // Fingerprinted assets never change; everything else in public/ is revalidated hourly.
  app.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  // Only the files that are there: a page request never waits for a file-system lookup of a file that cannot exist.
  const publicFiles = new Set(
    readdirSync(`${BUILD_DIR}/client`, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(`${BUILD_DIR}/client`, path.join(entry.parentPath ?? entry.path, entry.name))}`)
      .filter((file) => !file.startsWith("/assets/")),
  );
  const servePublic = express.static(`${BUILD_DIR}/client`, { maxAge: "1h" });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
}

app.all(
  "*",
  createRequestHandler({
    build: vite ? loadBuild : await loadBuild(),
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: clientAddress(req) }),
  }),
);

// A request the server cannot even read (an undecodable path, say) is the client's mistake: it gets its 4xx
// without Express's default stack trace in the log. Every other error still goes to Express's own handler.
app.use((error, _req, res, next) => {
  const status = error?.status ?? error?.statusCode;
  if (res.headersSent || !Number.isInteger(status) || status < 400 || status >= 500) return next(error);
  res
    .status(status)
    .type("text/plain")
    .send(http.STATUS_CODES[status] ?? "Bad Request");
});

server.listen(port, host, () => {
  console.log(`${siteName()} listening on http://localhost:${port}${dev ? " (development, hot reload)" : ""}`);
});

// In development Vite's hot-reload socket would hold the server open: it closes with the streams.
if (vite) onShutdown("streams", () => void vite.close());
// On SIGTERM (Fly's kill_signal) or SIGINT: stop accepting, end the event streams with a reconnect hint, let the
// requests in flight finish (cut after SHUTDOWN_GRACE_MS), close the database, exit 0. A second signal exits at
// once. docs/decisions/0020-backups-and-shutdown.md
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (isShuttingDown()) {
      console.warn(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    console.log(`${signal} received.`);
    shutDownGracefully(server, { graceMs: shutdownGraceMs })
      .then(() => {
        console.log("Shut down.");
        process.exit(0);
      })
      .catch((error) => {
        console.error("Shutdown failed", error);
        process.exit(1);
      });
  });
}
