import type { IncomingMessage } from "node:http";
import { refuse } from "~/utils/http.server";
import type { Guard } from "./guard";

/** The methods the site answers. HTML forms send GET and POST; HEAD comes with GET. */
const ALLOWED = new Set(["GET", "HEAD", "POST"]);
const ALLOW_HEADER = "GET, HEAD, POST";
// A host name or address with an optional port: nothing else belongs in a Host (or X-Forwarded-Host) header.
const HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;
const PROTOCOLS = new Set(["http", "https"]);

/** A header as one string ("" when absent); Node joins repeated ones with ", ". */
function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

/**
 * Whether Remix's Express adapter can make its request URL from this Host or X-Forwarded-Host value: it builds
 * `http://{host before any comma, port dropped}:{the value's second colon-separated piece, as an integer}` and
 * throws (a 500) where that is no URL, e.g. `a:99999` or `[1.2.3.4::]` (docs/product.md#not-found-and-errors).
 */
function adapterCanBuildUrl(value: string): boolean {
  const first = value.split(",")[0]!.trimEnd();
  const portAt = first.indexOf(":", first.startsWith("[") ? first.indexOf("]") + 1 : 0);
  const name = portAt === -1 ? first : first.slice(0, portAt);
  const port = Number.parseInt(value.split(":")[1] ?? "", 10);
  try {
    new URL(`http://${name}${Number.isSafeInteger(port) ? `:${port}` : ""}/`);
    return true;
  } catch {
    return false;
  }
}

/** Whether the path (the URL before any query) decodes: Remix would log a warning for one that does not. */
function isDecodablePath(url: string): boolean {
  const path = url.split("?")[0]!;
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A Host or X-Forwarded-Host value the app can use: each comma-separated entry a host, and a URL can be made. */
function isHostValue(value: string): boolean {
  return value.split(",").every((entry) => HOST.test(entry.trim())) && adapterCanBuildUrl(value);
}

/**
 * The host Remix compares a POST's Origin with (X-Forwarded-Host's first entry, else Host): its CSRF check
 * throws, which it answers with a 500, wherever the two differ, so the guard refuses those first.
 */
function hostRemixSees(req: IncomingMessage): string {
  return header(req, "x-forwarded-host").split(",")[0]!.trim() || header(req, "host");
}

/**
 * A state-changing request from another site, or one whose origin cannot be told: the browser says so
 * (`Sec-Fetch-Site: cross-site`), or its Origin is `null` (a sandboxed frame, a `file:` page), malformed, or
 * names a host other than the request's. Forms and the game post from this site's own pages only.
 */
function isCrossSite(req: IncomingMessage): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    // `null` is no URL; a `file:` or `data:` origin has no host.
    const from = new URL(origin).host;
    return from === "" || from !== hostRemixSees(req);
  } catch {
    return true;
  }
}

/**
 * Requests the app has no use for are answered here, in front of Remix, with a plain 4xx and nothing
 * logged: other methods (TRACE, PUT, …: 405; OPTIONS: 204 with Allow, so no route runs for it), a request
 * target that is not a path (absolute or authority form) or whose path does not decode, a Host or X-Forwarded-Host header that is not a host
 * or an X-Forwarded-Proto that is not http(s) (400), and a POST sent from another site (403). No header value
 * reaches a throw in Express or Remix (tests/integration/request-guard.test.ts).
 */
export const requestGuard: Guard = {
  name: "request guard",
  run(req, res, next) {
    const method = req.method ?? "";
    if (method === "OPTIONS") return refuse(res, 204, undefined, { Allow: ALLOW_HEADER });
    if (!ALLOWED.has(method)) return refuse(res, 405, undefined, { Allow: ALLOW_HEADER });
    const url = req.url ?? "";
    if (!url.startsWith("/") || !isDecodablePath(url)) return refuse(res, 400);
    const host = req.headers.host;
    if (host !== undefined && !isHostValue(host)) return refuse(res, 400);
    const forwardedHost = header(req, "x-forwarded-host");
    if (forwardedHost !== "" && !isHostValue(forwardedHost)) return refuse(res, 400);
    // Express takes the first entry as the scheme of the URL the adapter builds.
    const forwardedProto = header(req, "x-forwarded-proto");
    if (forwardedProto !== "" && !PROTOCOLS.has(forwardedProto.split(",")[0]!.trim().toLowerCase()))
      return refuse(res, 400);
    if (method === "POST" && isCrossSite(req)) return refuse(res, 403);
    next();
  },
};
