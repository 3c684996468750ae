// The one way into the server (docs/decisions/0040-one-server-entry.md): `npm start` runs its bundle
// (build/server.js, vite.server.config.ts), `npm run dev` this source with --dev, which serves the app through Vite's
// middleware with hot reload and never reads a build. What a request passes is server/lanes.ts.
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";

// `--dev` always means development: the app's config, Vite and Remix's error reporting all read NODE_ENV, so a
// NODE_ENV=production left in the shell cannot half-apply. Without it this is the production server (`npm start`),
// unless NODE_ENV says otherwise (docs/decisions/0077-npm-start-runs-production.md). Set before the config is read,
// hence the imports below.
const dev = process.argv.includes("--dev");
if (dev) process.env.NODE_ENV = "development";
else process.env.NODE_ENV ||= "production";

const { config } = await import("~/config.server");
const { dispatcher, expressFrom, guards, lanes, clientAddress, testClientAddress } = await import("./lanes");
const { isStopping, shutDownGracefully } = await import("./shutdown");
const { default: express } = await import("express");
const { default: compression } = await import("compression");
const { createRequestHandler } = await import("@remix-run/express");
const { shortcutOn } = await import("~/utils/shortcuts.server");

// The guards come first; Express is created now so that Vite's hot-reload websocket can share this server's port.
const app = express();
const server = http.createServer();

// Databases, builds and test output are not source: the watcher leaves them alone.
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
const productionBuild: ServerBuild | undefined = vite
  ? undefined
  : await import(pathToFileURL(path.resolve(config.buildDir, "server", "index.js")).href);
const loadBuild = async (): Promise<ServerBuild> =>
  productionBuild ?? ((await vite!.ssrLoadModule("virtual:remix/server-build")) as ServerBuild);
const loadApp = async () => (await loadBuild()).entry.module as unknown as import("./lanes").AppEntry;

/** The built client's files: fingerprinted assets kept for a year, the rest of public/ revalidated hourly. */
function staticFiles(): { path: (path: string) => boolean; handle: RequestHandler } {
  if (vite) return { path: () => true, handle: vite.middlewares as unknown as RequestHandler };
  const client = path.join(config.buildDir, "client");
  const assets = express.static(client, { immutable: true, maxAge: "1y" });
  // Only the files that are there: a page request never waits for a file-system lookup of a file that cannot exist.
  const publicFiles = new Set(
    readdirSync(client, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(client, path.join(entry.parentPath ?? entry.path, entry.name))}`)
      .filter((file) => !file.startsWith("/assets/")),
  );
  const servePublic = express.static(client, { maxAge: "1h" });
  return {
    // Switched off (docs/speed-shortcuts.md), every GET asks the file system first, as express.static alone would.
    path: (file) => !shortcutOn("public-files") || file.startsWith("/assets/") || publicFiles.has(file),
    handle: (req, res, next) =>
      req.path.startsWith("/assets/") ? assets(req, res, next) : servePublic(req, res, next),
  };
}

// Every Express lane behind compression (the live feed, in front of Express, is never compressed).
app.use(compression());
const table = lanes({
  config,
  loadApp,
  staticFiles: staticFiles(),
  pages: createRequestHandler({
    build: vite ? loadBuild : productionBuild!,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      clientAddress: (config.enableTestRoutes && testClientAddress(req)) || clientAddress(req, config.onFly),
    }),
  }),
});
server.on("request", dispatcher(guards(config, dev, loadApp), table, expressFrom(app, table)));

server.listen(config.port, config.host, () => {
  console.log(
    `${config.siteName} listening on http://localhost:${config.port}${dev ? " (development, hot reload)" : ""}`,
  );
});

// On SIGTERM (Fly's kill_signal) or SIGINT: stop accepting, end the event streams with a reconnect hint, let the
// requests in flight finish (cut after SHUTDOWN_GRACE_MS), close the database, exit 0. A second signal exits at
// once. docs/decisions/0020-backups-and-shutdown.md
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (isStopping()) {
      console.warn(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    console.log(`${signal} received.`);
    loadApp()
      .then(({ lifecycle }) =>
        shutDownGracefully(server, {
          graceMs: config.shutdownGraceMs,
          // In development Vite's hot-reload socket would hold the server open: it closes with the streams.
          app: {
            beginShutdown: () => (vite && void vite.close(), lifecycle.beginShutdown()),
            finishShutdown: lifecycle.finishShutdown,
          },
        }),
      )
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
