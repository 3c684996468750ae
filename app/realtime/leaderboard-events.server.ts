import type { IncomingMessage, ServerResponse } from "node:http";
import { isShuttingDown, reconnectDelayMs } from "~/lifecycle.server";
import { refuse, tooManyRequestsHead } from "~/utils/http.server";
import { addStream, admission, isFeedBoard } from "./live-feed.server";

/** A page follows at most this many boards (the busiest page shows two). */
const MAX_BOARDS = 4;
/** A refused page's browser may try again after this long (our feed hook waits longer still). */
const RETRY_AFTER_SECONDS = 60;
/**
 * Past the process's cap a page refreshes this often instead of following live (docs/decisions/0022-live-feed.md):
 * its EventSource comes back after `retry`, and from the second time on is told to refetch.
 */
export const SLOW_REFRESH_MS = 60_000;
/** The event id an over-cap answer leaves with the browser, which sends it back as Last-Event-ID when it returns. */
const SLOW_ID = "slow";

// Security headers come from the server's guards, as for every lane (server/lanes.ts).
const HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
};

/**
 * `GET /leaderboard/events?board=normal`: the live feed's event stream, served in front of Express and Remix (server/lanes.ts) so
 * that an open page costs no more than a plain Node response (docs/decisions/0022-live-feed.md). Refusals are
 * plain text with nothing kept open: a wrong method or board, or a full address (429, with Retry-After). A full
 * process sends the page to a slow refresh instead of refusing it.
 */
export function handleLeaderboardEvents(req: IncomingMessage, res: ServerResponse, clientAddress: string | null) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return refuse(res, 405, "The live feed is read with GET.", { Allow: "GET, HEAD" });
  }
  const asked = new URL(req.url ?? "/", "http://localhost").searchParams.getAll("board");
  const boards = [...new Set(asked)];
  if (boards.length === 0 || boards.length > MAX_BOARDS || !boards.every(isFeedBoard)) {
    return refuse(res, 400, "Name the board to follow, for example ?board=normal.");
  }
  if (isShuttingDown()) {
    // This machine is going away: the browser reconnects shortly, to another one.
    res.writeHead(200, HEADERS);
    return res.end(`retry: ${reconnectDelayMs()}\n\n`);
  }
  const address = clientAddress ?? "unknown";
  const admitted = admission(address);
  // A page that was over the cap before has missed entries since: it refetches now, then follows as it may.
  const catchUp = req.headers["last-event-id"] === SLOW_ID;
  const entry = `event: entry\ndata: ${JSON.stringify({ board: boards[0] })}\n\n`;
  if (admitted === "process-full") {
    // No one is refused a board: the page stays, with a refresh a minute instead of live updates. The stream
    // ends here; the browser comes back after `retry` by itself (with the id below), and is told to refetch.
    res.writeHead(200, HEADERS);
    if (req.method === "HEAD") return res.end();
    return res.end(`retry: ${SLOW_REFRESH_MS}\nid: ${SLOW_ID}\n\n${catchUp ? entry : ""}`);
  }
  if (admitted === "address-full") {
    const { status, headers } = tooManyRequestsHead({ retryAfterSeconds: RETRY_AFTER_SECONDS });
    return refuse(
      res,
      status,
      "Too many live boards are open from your network. Close a few pages, then reload.",
      headers,
    );
  }
  res.writeHead(200, HEADERS);
  if (req.method === "HEAD") return res.end();
  // The first bytes tell the browser the stream is open (proxies forward headers with them).
  res.write(catchUp ? `: open\n\n${entry}` : ": open\n\n");
  res.on("close", addStream(res, address, boards));
}
