// The production and development HTTP server: Express in front of Remix, for security headers,
// static caching and compression. `node server.js --dev` serves through Vite with hot reload.
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { securityHeaders } from "./server/security-headers.js";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const vite = dev ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } })) : undefined;

const app = express();
app.disable("x-powered-by");
// Fly's proxy (and LiteFS's) sit in front: take the client address from X-Forwarded-For.
app.set("trust proxy", true);
app.use(securityHeaders({ dev, https: (process.env.SITE_URL ?? "").startsWith("https:") }));
// Event streams must reach the browser as they are written, so they are never compressed (buffered).
app.use(
  compression({
    filter: (req, res) => !req.path.endsWith("/events") && compression.filter(req, res),
  }),
);

if (vite) {
  app.use(vite.middlewares);
} else {
  // Fingerprinted assets never change; everything else in public/ is revalidated hourly.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}

const build = vite ? () => vite.ssrLoadModule("virtual:remix/server-build") : await import("./build/server/index.js");

app.all(
  "*",
  createRequestHandler({
    // @ts-expect-error - the dev loader returns the same build module asynchronously
    build,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(`Maths game listening on http://localhost:${port}${dev ? " (development)" : ""}`);
});

// On shutdown, stop accepting connections and let requests finish; open event streams would hold the
// process forever, so after a short grace every connection is closed (their clients reconnect elsewhere).
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2_000).unref();
  });
}
