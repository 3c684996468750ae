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
 * Requests the app has no use for are answered here, in front of Remix, with a plain 4xx and nothing
 * logged: other methods (TRACE, PUT, …: 405; OPTIONS: 204 with Allow, so no route runs for it), a request
 * target that is not a path (absolute or authority form), and a Host header that is not a host.
 */
export function requestGuard() {
  return (req, res, next) => {
    if (req.method === "OPTIONS") return refuse(res, 204, { Allow: ALLOW_HEADER });
    if (!ALLOWED.has(req.method)) return refuse(res, 405, { Allow: ALLOW_HEADER });
    if (!req.url.startsWith("/")) return refuse(res, 400);
    const host = req.headers.host;
    if (host !== undefined && !HOST.test(host)) return refuse(res, 400);
    next();
  };
}
