import { getPlayer, ownerOf, type Player } from "~/auth/player.server";
import { getSchoolUser } from "~/auth/school-session.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import type { FinishResponse } from "~/types/runs";
import { isJsonRequest, readJsonBody } from "~/utils/request.server";
import { STUDENT_MESSAGES } from "~/utils/student-messages";
import { finishRun } from "./finish.server";
import { standingOf } from "./standing.server";
import { studentPlayer } from "./student.server";
import { checkRunTicket } from "./tokens.server";

const MALFORMED = "The answers sent were not in the expected form.";

/**
 * An island's finish (docs/product.md#finishing-a-run): its token and answers as JSON, for /game/finish and
 * /student-game/finish alike. The server verifies the answers against its own problems and saves its own score;
 * a client never sends one. `playerOf` says who is asking, read only once the body is known to be a finish.
 */
export async function finishFromJson(
  request: Request,
  { address, playerOf }: { address: string | null; playerOf: () => Promise<Player | null> },
): Promise<Response> {
  if (request.method !== "POST") return finishReply({ ok: false, message: "Use POST.", retryable: false }, 405);
  if (!isJsonRequest(request)) {
    return finishReply({ ok: false, message: "Send the answers as JSON.", retryable: false }, 415);
  }
  const read = await readJsonBody(request);
  if (!read.ok && read.reason === "too-large") {
    return finishReply({ ok: false, message: "These answers are too large to be a game.", retryable: false }, 413);
  }
  const body = (read.ok ? read.value : undefined) as { token?: unknown; answers?: unknown } | null | undefined;
  if (!body || typeof body !== "object" || body.token === undefined || body.answers === undefined) {
    return finishReply({ ok: false, message: MALFORMED, retryable: false }, 400);
  }
  const checked = checkRunTicket(body.token, await playerOf());
  if (!checked.ok) return finishReply({ ok: false, message: checked.message, retryable: false }, checked.status);
  const limited = GAME_LIMITS.finish({ address, player: ownerOf(checked.player) });
  if (!limited.ok) return finishReply({ ok: false, message: limited.message, retryable: true }, 429);
  const result = await finishRun({ ticket: checked.ticket, answers: body.answers, player: checked.player });
  if (!result.ok) {
    const saved = result.status === 409 ? result.saved : undefined;
    return finishReply({ ok: false, message: result.message, retryable: result.status === 503, saved }, result.status);
  }
  // The island shows its own confirmation: no navigation follows to carry a flash.
  const standing = result.held ? null : standingOf(result.runId, checked.player);
  return finishReply({ ok: true, runId: result.runId, summary: result.summary, held: result.held, standing }, 200);
}

/** POST /game/finish: a member's or visitor's game in the page (docs/product.md#finishing-a-run). */
export function finishGameRequest(request: Request, address: string | null): Promise<Response> {
  return finishFromJson(request, { address, playerOf: () => getPlayer(request) });
}

/**
 * POST /student-game/finish: a pupil's game in the page, saved as their performance and never a leaderboard entry
 * (docs/product.md#student-game).
 */
export async function finishStudentRequest(request: Request, address: string | null): Promise<Response> {
  const user = await getSchoolUser(request);
  if (user?.kind !== "student") {
    return finishReply({ ok: false, message: STUDENT_MESSAGES.notLoggedInFinish, retryable: false }, 401);
  }
  const player = studentPlayer(user.studentId);
  return finishFromJson(request, { address, playerOf: async () => player });
}

export function finishReply(body: FinishResponse, status: number, headers = new Headers()) {
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
}
