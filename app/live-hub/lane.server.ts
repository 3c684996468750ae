import type { IncomingMessage, ServerResponse } from "node:http";
import { isShuttingDown } from "~/lifecycle.server";
import { LIVE_STREAMS_REFUSAL, countAnswerRequest, takeLiveStream, tabsRefusal } from "~/limits/live-limits.server";
import { playerByToken } from "~/live/game";
import {
  HOST_COOKIE,
  LIVE_LANE_PATH,
  LIVE_LIMITS,
  LIVE_MACHINE_PATH,
  LIVE_PRIMARY_PATH,
  PLAYER_COOKIE,
  TOKEN_PATTERN,
  cookieName,
} from "~/live/protocol";
import { isLiveTokenFor } from "~/live/tokens.server";
import { now } from "~/utils/clock.server";
import { refuse, tooManyRequestsHead } from "~/utils/http.server";
import { readNodeJsonBody } from "~/utils/request.server";
import { handleMachineLink, liveRouteOf } from "./machines.server";
import { handlePrimaryLink } from "./primary-link.server";
import { ENDED, answerLive, event, findLiveGame, followLiveGame, isLiveHost, openStreamsOf } from "./registry.server";

/*
 * The live game's HTTP lane (docs/decisions/0064-live-class-game.md): GET /live/<code>/events and
 * POST /live/<code>/answer, in front of Express (server/lanes.ts). The games themselves are ./registry.server.ts.
 */

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
};

/** A cookie's value from the request's Cookie header, if it is a token. */
export function tokenFromCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    if (TOKEN_PATTERN.test(value)) return value;
  }
  return null;
}

export async function handleLiveRequest(req: IncomingMessage, res: ServerResponse, clientAddress: string | null) {
  // The request guard let only a path that decodes through (server/request-guard.ts); no URL is built for it.
  const [path = "", query] = (req.url ?? "/").split("?", 2);
  // A machine's request to the primary (docs/decisions/0088-live-games-on-every-machine.md).
  if (path === LIVE_PRIMARY_PATH) return handlePrimaryLink(req, res);
  if (path === LIVE_MACHINE_PATH) return handleMachineLink(req, res);
  const match = LIVE_LANE_PATH.exec(path);
  if (!match) return refuse(res, 404, "Not Found");
  const [, code = "", what] = match;
  if (what === "events") {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return refuse(res, 405, "The live game's events are read with GET.", { Allow: "GET, HEAD" });
    }
    return openStream(req, res, code, new URLSearchParams(query).get("as") === "host", clientAddress);
  }
  if (req.method !== "POST") return refuse(res, 405, "Answers are sent with POST.", { Allow: "POST" });
  return takeAnswers(req, res, code);
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

function openStream(req: IncomingMessage, res: ServerResponse, code: string, asHost: boolean, address: string | null) {
  const kind = asHost ? HOST_COOKIE : PLAYER_COOKIE;
  const token = tokenFromCookie(req.headers.cookie, cookieName(kind, code));
  // Without a secret made for this code, the games are not looked at: the answer is the one for no game
  // (docs/decisions/0072-live-games-closed-to-strangers.md).
  const known = isLiveTokenFor(token, kind, code);
  const game = known ? findLiveGame(code) : undefined;
  const at = now();
  if (!game || isShuttingDown()) {
    // Nothing to follow: the page is told the game is over, and the browser is not asked to come back.
    res.writeHead(200, STREAM_HEADERS);
    // A game whose machine stopped without a restart is told so as a restart tells it (decision 0088).
    const stopped = isShuttingDown() || (known && liveRouteOf(req).kind === "stopped");
    return res.end(`retry: 3600000\n\n${event("closed", { now: at, reason: stopped ? "restart" : "ended" })}`);
  }
  const player = !asHost && token ? playerByToken(game, token) : undefined;
  if (asHost ? !isLiveHost(game, token) : !player || player.removed) {
    return refuse(res, 403, asHost ? "This screen is not the host's." : "You are not a player in this game.");
  }
  const follower = asHost ? null : token!;
  // The host's screen may be open twice as often as a player's page (app/limits/live-limits.server.ts).
  const tabs = tabsRefusal(
    openStreamsOf(code, follower),
    asHost ? LIVE_LIMITS.streamsPerToken * 2 : LIVE_LIMITS.streamsPerToken,
  );
  if (tabs) {
    const { status, headers } = tooManyRequestsHead(tabs);
    return refuse(res, status, tabs.message, headers);
  }
  if (req.method === "HEAD") return res.writeHead(200, STREAM_HEADERS).end();
  const release = takeLiveStream(address);
  if (!release) {
    const { status, headers } = tooManyRequestsHead(LIVE_STREAMS_REFUSAL);
    return refuse(res, status, LIVE_STREAMS_REFUSAL.message, headers);
  }
  res.writeHead(200, STREAM_HEADERS);
  const stop = followLiveGame(code, res, follower, at);
  res.on("close", () => {
    release();
    stop();
  });
}

async function takeAnswers(req: IncomingMessage, res: ServerResponse, code: string) {
  const token = tokenFromCookie(req.headers.cookie, cookieName(PLAYER_COOKIE, code));
  if (!token) return json(res, 403, { message: "You are not a player in this game." });
  const limited = countAnswerRequest(token);
  if (!limited.ok) {
    const { status, headers } = tooManyRequestsHead(limited);
    res.writeHead(status, { ...headers, "Content-Type": "application/json" });
    return res.end(JSON.stringify({ message: limited.message }));
  }
  // A secret not made for this code gets the answer for no game, the games unread (decision 0072).
  if (!isLiveTokenFor(token, PLAYER_COOKIE, code)) return json(res, 409, { message: ENDED, phase: "closed" });
  const body = await readNodeJsonBody(req, LIVE_LIMITS.maxAnswerBodyBytes);
  if (!body.ok) {
    return json(res, body.reason === "too-large" ? 413 : 400, {
      message: "The answers were not in the expected form.",
    });
  }
  const answers = (body.value as { answers?: unknown } | null)?.answers;
  if (!Array.isArray(answers) || answers.length > LIVE_LIMITS.maxAnswersPerRequest) {
    return json(res, 400, { message: "The answers were not in the expected form." });
  }
  const outcome = answerLive(code, token, answers);
  if (!outcome.ok) {
    return json(res, outcome.status, { message: outcome.message, phase: findLiveGame(code)?.phase ?? "closed" });
  }
  json(res, 200, { now: now(), held: outcome.held, right: outcome.right, refused: outcome.refused });
}
