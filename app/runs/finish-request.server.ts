import { getPlayer, ownerOf, type Player } from "~/auth/player.server";
import { getSchoolUser } from "~/auth/school-session.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import type { FinishResponse } from "~/types/runs";
import { tooManyRequestsHead } from "~/utils/http.server";
import { isJsonRequest, readJsonBody, type JsonBody, type WithHeaders } from "~/utils/request.server";
import { STUDENT_SERVER_MESSAGES } from "~/utils/student-messages.server";
import { wrongAnswersOf, wrongFactsOf } from "~/facts/wrong";
import { boardAddressOf } from "./board-address.server";
import { finishRun } from "./finish.server";
import { standingOf } from "./standing.server";
import { runStickersMarkup } from "~/runs/new-stickers.server";
import { wrongAnswersMarkup } from "~/markup/wrong-answers.server";
import { studentPlayer } from "./student.server";
import { checkRunTicket } from "./tokens.server";
import { checkStartCookie, checkStartOf, mtcCheckSeedOf } from "./mtc-check-start.server";
import { now } from "~/utils/clock.server";

const MALFORMED = "The answers sent were not in the expected form.";

/**
 * What a finish reads of its request: its method, its headers (media type, cookies) and its body as JSON. A Remix
 * route gives it from the Fetch request (`fromFetchRequest`); the finish lane (server/lanes.ts) from Node's request, with no
 * web objects made at all (docs/decisions/0034-finishes-in-front-of-express.md).
 */
export type FinishRequest = WithHeaders & { method: string; readJson: () => Promise<JsonBody> };

/** A finish's answer: its status and JSON body, sent with `Cache-Control: no-store` and any headers of its own. */
export type FinishReply = {
  status: number;
  body: FinishResponse | CheckStarted;
  headers?: Record<string, string>;
};

/**
 * The answer to an MTC rehearsal's `Start the check` (body `{ token, checkStart: true }`): the seed of the check's
 * questions; its stamp is a cookie.
 */
type CheckStarted = { ok: true; checkStarted: true; checkSeed: string };

export function fromFetchRequest(request: Request): FinishRequest {
  return { method: request.method, headers: request.headers, readJson: () => readJsonBody(request) };
}

/**
 * An island's finish (docs/product.md#finishing-a-run): its token and answers as JSON, for /game/finish and
 * /student-game/finish alike. The server verifies the answers against its own problems and saves its own score;
 * a client never sends one. `playerOf` says who is asking, read only once the body is known to be a finish.
 */
export async function finishFromJson(
  request: FinishRequest,
  { address, playerOf }: { address: string | null; playerOf: () => Promise<Player | null> },
): Promise<FinishReply> {
  if (request.method !== "POST") return reply({ ok: false, message: "Use POST.", retryable: false }, 405);
  if (!isJsonRequest(request)) {
    return reply({ ok: false, message: "Send the answers as JSON.", retryable: false }, 415);
  }
  const read = await request.readJson();
  if (!read.ok && read.reason === "too-large") {
    return reply({ ok: false, message: "These answers are too large to be a game.", retryable: false }, 413);
  }
  const body = (read.ok ? read.value : undefined) as
    { token?: unknown; answers?: unknown; checkStart?: unknown } | null | undefined;
  if (!body || typeof body !== "object" || body.token === undefined) {
    return reply({ ok: false, message: MALFORMED, retryable: false }, 400);
  }
  const checkStart = body.answers === undefined && body.checkStart === true;
  if (body.answers === undefined && !checkStart) return reply({ ok: false, message: MALFORMED, retryable: false }, 400);
  const checked = checkRunTicket(body.token, await playerOf());
  if (!checked.ok) return reply({ ok: false, message: checked.message, retryable: false }, checked.status);
  const limited = GAME_LIMITS.finish({ address, player: ownerOf(checked.player) });
  if (!limited.ok)
    return { ...tooManyRequestsHead(limited), body: { ok: false, message: limited.message, retryable: true } };
  // An MTC rehearsal in the page starts its check: the server stamps the moment and gives the check's seed, which
  // the page had no way to know before (docs/decisions/0074, "The check's own start", "The check's own seed"); its
  // finish reads the stamp back.
  const mtc = checked.ticket.spec.mode === "mtc";
  if (checkStart) {
    if (!mtc) return reply({ ok: false, message: MALFORMED, retryable: false }, 400);
    const { id, startedAt } = checked.ticket;
    const at = now();
    const checkSeed = mtcCheckSeedOf(id, at - startedAt);
    return {
      status: 200,
      body: { ok: true, checkStarted: true, checkSeed },
      headers: { "Set-Cookie": checkStartCookie(id, at, checkSeed) },
    };
  }
  const result = await finishRun({
    ticket: checked.ticket,
    answers: body.answers,
    player: checked.player,
    address: boardAddressOf(request, address),
    check: mtc ? checkStartOf(request, checked.ticket.id) : null,
  });
  if (!result.ok) {
    const saved = result.status === 409 ? result.saved : undefined;
    return reply({ ok: false, message: result.message, retryable: result.status === 503, saved }, result.status);
  }
  // The island shows its own confirmation: no navigation follows to carry a flash.
  const standing = result.held ? null : standingOf(result.runId, checked.player);
  const wrong = wrongAnswersOf(result.records);
  const practise = wrongFactsOf(result.records).length > 0;
  // A solo game's list, drawn here: /game shows it as it comes (docs/product.md#wrong-answers-after-a-game).
  // The facts it made secure, with their new stickers (docs/product.md#sticker-book): for /game, before the list.
  const stickerMarkup = runStickersMarkup(checked.player, result.runId);
  const solo = checked.ticket.spec.mode === "solo";
  const wrongMarkup = solo ? stickerMarkup + wrongAnswersMarkup(wrong, result.runId, practise) : "";
  return reply(
    {
      ok: true,
      runId: result.runId,
      summary: result.summary,
      held: result.held,
      standing,
      wrong,
      practise,
      wrongMarkup: wrongMarkup || undefined,
      stickerMarkup: !solo && stickerMarkup ? stickerMarkup : undefined,
    },
    200,
  );
}

/** POST /game/finish: a member's or visitor's game in the page (docs/product.md#finishing-a-run). */
export async function finishGameRequest(request: FinishRequest, address: string | null): Promise<FinishReply> {
  // A logged-in pupil's games are their own, never a public board's (docs/product.md#a-pupils-own-games).
  if ((await getSchoolUser(request))?.kind === "student") {
    return reply({ ok: false, message: STUDENT_SERVER_MESSAGES.publicGame, retryable: false }, 403);
  }
  return finishFromJson(request, { address, playerOf: () => getPlayer(request) });
}

/**
 * POST /student-game/finish: a pupil's game in the page, saved as their performance and never a leaderboard entry
 * (docs/product.md#student-game).
 */
export async function finishStudentRequest(request: FinishRequest, address: string | null): Promise<FinishReply> {
  const user = await getSchoolUser(request);
  if (user?.kind !== "student") {
    return reply({ ok: false, message: STUDENT_SERVER_MESSAGES.notLoggedInFinish, retryable: false }, 401);
  }
  const player = studentPlayer(user.studentId);
  return finishFromJson(request, { address, playerOf: async () => player });
}

function reply(body: FinishResponse, status: number): FinishReply {
  return { status, body };
}

/** A finish's answer as a Remix route sends it. */
export function finishResponse({ status, body, headers }: FinishReply): Response {
  return Response.json(body, { status, headers: { ...headers, "Cache-Control": "no-store" } });
}

/** The answer to a finish asked for with another method than POST. */
export function finishReply(body: FinishResponse, status: number): Response {
  return finishResponse({ status, body });
}
