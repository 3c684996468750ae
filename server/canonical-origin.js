// One public address (docs/product.md#sessions): with CANONICAL_ORIGIN set, a page opened on any other host (the
// fly.dev name, a preview address) moves there for good, so sessions, cookies and links live on one origin. The
// app reads the same setting through app/config.server.ts; this server cannot import it, so it checks it too.

/** Fly's health checks reach the machine by its private address: they are answered wherever they land. */
const EXEMPT = /^\/healthcheck(\/|$)/;
/** How long a browser may keep the redirect: permanent, but a wrong setting does not haunt a browser forever. */
const REDIRECT_MAX_AGE = 24 * 60 * 60;
const DEFAULT_PORT = { "http:": "80", "https:": "443" };

/**
 * The canonical origin a CANONICAL_ORIGIN value names: its scheme, host and port (any path is dropped, as the
 * app's config does), or undefined when unset. Throws with a one-line message when the value is not an http(s) URL.
 * @param {string | undefined} value
 * @returns {{ origin: string, host: string, protocol: string } | undefined}
 */
export function parseCanonicalOrigin(value) {
  if (value === undefined) return undefined;
  let url;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
    throw new Error(
      `Configuration error: CANONICAL_ORIGIN must be an http(s) origin such as https://mathssprint.example, not ${JSON.stringify(value)}`,
    );
  }
  return { origin: url.origin, host: url.host.toLowerCase(), protocol: url.protocol };
}

/** A Host header compared as a host: lower case, and the scheme's default port left off (as URL.host does). */
function normalHost(header, protocol) {
  const host = (header ?? "").toLowerCase();
  const port = DEFAULT_PORT[protocol];
  return host.endsWith(`:${port}`) ? host.slice(0, -port.length - 1) : host;
}

/**
 * Redirects GET and HEAD requests on any other host to the same path and query on the canonical origin (301).
 * Other methods pass untouched (a form posted to a preview address is answered there, never dropped by a redirect),
 * and so does /healthcheck. Unset, it does nothing. A malformed value logs one line and stops the process, as the
 * app's own configuration check does.
 * @param {Record<string, string | undefined>} [env]
 * @returns {import("express").RequestHandler}
 */
export function canonicalOrigin(env = process.env) {
  let target;
  try {
    target = parseCanonicalOrigin(env.CANONICAL_ORIGIN);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (!target) return (_req, _res, next) => next();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (EXEMPT.test(req.path)) return next();
    if (normalHost(req.headers.host, target.protocol) === target.host) return next();
    res.writeHead(301, {
      Location: `${target.origin}${req.originalUrl}`,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": `public, max-age=${REDIRECT_MAX_AGE}`,
    });
    res.end("Moved Permanently\n");
  };
}
