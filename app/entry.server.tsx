import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { startHousekeeping } from "~/jobs/housekeeping.server";
import { startWeeklyDigest } from "~/jobs/weekly-digest.server";
import { cachedMarkup } from "~/utils/markup-cache.server";
import { MarkupCacheProvider } from "~/utils/markup-cache";
import { NonceProvider } from "~/utils/nonce";
import { shortcutOn } from "~/utils/shortcuts.server";
import { serverLinks } from "~/utils/server-links";

// What the server (server/lanes.ts) calls in the build it loaded: the live feed in front of Express
// (docs/decisions/0022-live-feed.md), the games' finishes in Express but before Remix
// (docs/speed-shortcuts.md#the-finish-lane-in-express-finish-lane-removed), and the app's side of a shutdown
// (docs/decisions/0040-one-server-entry.md).
export { handleLeaderboardEvents } from "~/realtime/leaderboard-events.server";
export { handleFinish } from "~/runs/finish-lane.server";
// The live class game's event streams and answers, also in front of Express (docs/decisions/0064-live-class-game.md).
export { handleLiveRequest } from "~/live-hub/lane.server";
// Where a live game's requests go when games live on every machine (docs/decisions/0088-live-games-on-every-machine.md).
export { routeLiveRequest } from "~/live-hub/machines.server";
export { lifecycle } from "~/lifecycle.server";

// The hourly housekeeping timer, started once per process; each run works on the LiteFS primary only
// (docs/decisions/0021-housekeeping-on-the-primary.md).
startHousekeeping();
// The weekly digest to teachers, checked every quarter of an hour, sent on the primary only
// (docs/decisions/0063-weekly-digest.md).
startWeeklyDigest();

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

// Switched off for measurement only (docs/speed-shortcuts.md).
const keptMarkup = shortcutOn("kept-markup") ? cachedMarkup : null;
const bufferedRender = shortcutOn("buffered-render");
serverLinks.plain = shortcutOn("plain-link");

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";

  // Every page is sent whole, in one write: no loader defers anything, so the whole document is ready moments
  // after its first byte would be, and one write costs the server a fraction of React's dozen small ones
  // (docs/decisions/0029-checkpoints-and-shared-commits.md). Crawlers and no-JS clients needed the whole document anyway.
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    // First, so that every callback below may clear it; it fires long after the render has begun.
    const timeout = setTimeout(() => render.abort(), ABORT_DELAY + 1000);
    const chunks: Buffer[] = [];
    const streamed = new PassThrough();
    const document = bufferedRender
      ? new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            clearTimeout(timeout);
            const body = Buffer.concat(chunks);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.set("Content-Length", String(body.byteLength));
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            done();
          },
        })
      : streamed;
    const render = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MarkupCacheProvider value={keptMarkup}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </MarkupCacheProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          rendered = true;
          render.pipe(document);
          if (!bufferedRender) {
            // React's chunks streamed as they come, as Remix's own entry sends them.
            clearTimeout(timeout);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const body = createReadableStreamFromReadable(streamed);
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          }
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the document was ready are reported by onShellError; only log later ones.
          if (rendered) console.error(error);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and 4xx answers (unknown routes, wrong methods) are normal traffic, not faults.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
}
