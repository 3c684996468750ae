import type { ActionFunctionArgs } from "@remix-run/node";
import { getPlayer, ownerOf } from "~/auth/player.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { finishRun } from "~/runs/finish.server";
import { checkRunTicket } from "~/runs/tokens.server";
import type { FinishResponse } from "~/types/runs";
import { isJsonRequest, readJsonBody } from "~/utils/request.server";

const MALFORMED = "The answers sent were not in the expected form.";

/**
 * The island's finish: its token and answers as JSON. The server verifies the answers against its own
 * problems and saves its own score; a client never sends one. (The server-driven game finishes through
 * /game/play, with the same verification.)
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply({ ok: false, message: "Use POST.", retryable: false }, 405);
  if (!isJsonRequest(request)) return reply({ ok: false, message: "Send the answers as JSON.", retryable: false }, 415);
  const read = await readJsonBody(request);
  if (!read.ok && read.reason === "too-large") {
    return reply({ ok: false, message: "These answers are too large to be a game.", retryable: false }, 413);
  }
  const body = (read.ok ? read.value : undefined) as { token?: unknown; answers?: unknown } | null | undefined;
  if (!body || typeof body !== "object" || body.token === undefined || body.answers === undefined) {
    return reply({ ok: false, message: MALFORMED, retryable: false }, 400);
  }
  const checked = checkRunTicket(body.token, await getPlayer(request));
  if (!checked.ok) return reply({ ok: false, message: checked.message, retryable: false }, checked.status);
  const limited = GAME_LIMITS.finish({ address: context.clientAddress ?? null, player: ownerOf(checked.player) });
  if (!limited.ok) return reply({ ok: false, message: limited.message, retryable: true }, 429);
  const result = finishRun({ ticket: checked.ticket, answers: body.answers, player: checked.player });
  if (!result.ok) {
    const saved = result.status === 409 ? result.saved : undefined;
    return reply({ ok: false, message: result.message, retryable: result.status === 503, saved }, result.status);
  }
  // The island shows 'Score saved to leaderboard!' itself: no navigation follows to carry a flash.
  return reply({ ok: true, runId: result.runId, summary: result.summary }, 200);
}

export function loader() {
  return reply({ ok: false, message: "Use POST.", retryable: false }, 405);
}

function reply(body: FinishResponse, status: number, headers = new Headers()) {
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
}
