import type { Guard } from "./guard";

// One public address (docs/product.md#sessions): with CANONICAL_ORIGIN set (validated by app/config.server.ts), a
// page opened on any other host (the fly.dev name, a preview address) moves there for good, so sessions, cookies
// and links live on one origin.

/** Fly's health checks reach the machine by its private address: they are answered wherever they land. */
const EXEMPT = /^\/healthcheck(\/|\?|$)/;
/** How long a browser may keep the redirect: permanent, but a wrong setting does not haunt a browser forever. */
const REDIRECT_MAX_AGE = 24 * 60 * 60;
const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

/** A Host header compared as a host: lower case, and the scheme's default port left off (as URL.host does). */
function normalHost(header: string | undefined, protocol: string): string {
  const host = (header ?? "").toLowerCase();
  const port = DEFAULT_PORT[protocol]!;
  return host.endsWith(`:${port}`) ? host.slice(0, -port.length - 1) : host;
}

/**
 * Redirects GET and HEAD requests on any other host to the same path and query on the canonical origin (301).
 * Other methods pass untouched (a form posted to a preview address is answered there, never dropped by a redirect),
 * and so does /healthcheck. Unset, it lets everything pass.
 */
export function canonicalOrigin(origin: string | undefined): Guard {
  const name = "canonical origin";
  if (!origin) return { name, run: (_req, _res, next) => next() };
  const target = new URL(origin);
  const host = target.host.toLowerCase();
  return {
    name,
    run(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const url = req.url ?? "/";
      if (EXEMPT.test(url)) return next();
      if (normalHost(req.headers.host, target.protocol) === host) return next();
      res.writeHead(301, {
        Location: `${target.origin}${url}`,
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": `public, max-age=${REDIRECT_MAX_AGE}`,
      });
      res.end("Moved Permanently\n");
    },
  };
}
