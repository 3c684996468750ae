import type { ActionFunctionArgs } from "@remix-run/node";
import { now } from "~/utils/clock.server";
import { readJsonBody } from "~/utils/request.server";
import { requireTestRoutes } from "~/utils/test-routes.server";
import { recordPagedAnswers } from "~/runs/paged-progress.server";
import { openAnswers, readRunToken, runDeadline, sealAnswers, signRunTicket } from "~/runs/tokens.server";

/**
 * End-to-end suite only: one run's clock, moved on. Given a run's token (and, for a game without JavaScript, its
 * sealed answers), answers the same run as if it had started `elapsedMs` ago: a new token and the answers resealed
 * to it, each answer at the same moment as before. Only that run is moved, so the tests running beside it keep the
 * real clock (docs/decisions/0044-e2e-waits-for-states.md). With `wholeRun`, the answers move with the start instead,
 * each as long after it as before: the whole run as if it had happened earlier (a rehearsal's pause, gone by).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const body = await readJsonBody(request);
  const { token, answers, elapsedMs, wholeRun } = (body.ok ? body.value : {}) as Record<string, unknown>;
  const ticket = readRunToken(token);
  const sealed = typeof token === "string" ? openAnswers(token, answers) : null;
  if (!ticket || !sealed || typeof elapsedMs !== "number" || !Number.isFinite(elapsedMs)) {
    return Response.json({ error: "token, elapsedMs and the sealed answers (if any) are needed" }, { status: 400 });
  }
  // Only ever earlier: a run cannot be made younger than it is.
  const shift = Math.max(0, elapsedMs - (now() - ticket.startedAt));
  const moved = { ...ticket, startedAt: ticket.startedAt - shift };
  const movedToken = signRunTicket(moved);
  const movedAnswers = sealed.map((answer) => ({ ...answer, t: wholeRun === true ? answer.t : answer.t + shift }));
  if (movedAnswers.length > 0) recordPagedAnswers(moved.id, movedAnswers, runDeadline(moved), now());
  return Response.json({ token: movedToken, answers: sealAnswers(movedToken, movedAnswers) });
}

export function loader() {
  requireTestRoutes();
  return new Response("Method Not Allowed", { status: 405 });
}
