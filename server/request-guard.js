import http from "node:http";

/** The methods the site answers. HTML forms send GET and POST; HEAD comes with GET. */
const ALLOWED = new Set(["GET", "HEAD", "POST"]);
const ALLOW_HEADER = "GET, HEAD, POST";
// A host name or address with an optional port: nothing else belongs in a Host header.
const HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

function refuse(res, status, extra = {}) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra });
  res.end(`${http.STATUS_CODES[status]}\n`);
}

/**
 * A state-changing request from another site: the browser says so (`Sec-Fetch-Site: cross-site`), or its
 * Origin names another host. Forms and the game post from this site's own pages only.
 */
function isCrossSite(req, siteHost) {
  if (req.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = req.headers.origin;
  if (origin === undefined || origin === "null") return false;
  try {
    const from = new URL(origin).host;
    // The site's public host (SITE_URL) counts too, in case a proxy in front rewrites Host.
    return from !== req.headers.host && from !== siteHost;
  } catch {
    return true;
  }
}

function hostOf(url) {
  try {
    return url ? new URL(url).host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Requests the app has no use for are answered here, in front of Remix, with a plain 4xx and nothing
 * logged: other methods (TRACE, PUT, …: 405; OPTIONS: 204 with Allow, so no route runs for it), a request
 * target that is not a path (absolute or authority form), a Host header that is not a host, and a POST
 * sent from another site (403).
 */
export function requestGuard({ siteUrl } = {}) {
  const siteHost = hostOf(siteUrl);
  return (req, res, next) => {
    if (req.method === "OPTIONS") return refuse(res, 204, { Allow: ALLOW_HEADER });
    if (!ALLOWED.has(req.method)) return refuse(res, 405, { Allow: ALLOW_HEADER });
    if (!req.url.startsWith("/")) return refuse(res, 400);
    const host = req.headers.host;
    if (host !== undefined && !HOST.test(host)) return refuse(res, 400);
    if (req.method === "POST" && isCrossSite(req, siteHost)) return refuse(res, 403);
    next();
  };
}
