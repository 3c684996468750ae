import type { ActionFunctionArgs } from "@remix-run/node";
import type { SubmittedAnswer } from "~/game";
import { now } from "~/utils/clock.server";
import { readJsonBody } from "~/utils/request.server";
import { requireTestRoutes } from "~/utils/test-routes.server";
import { recordPagedAnswers } from "~/runs/paged-progress.server";
import { checkStartCookie } from "~/runs/mtc-check-start.server";
import { openAnswers, readRunToken, runDeadline, sealAnswers, signRunTicket } from "~/runs/tokens.server";

/**
 * End-to-end suite only: one run's clock, moved on. Given a run's token (and, for a game without JavaScript, its
 * sealed answers), answers the same run as if it had started `elapsedMs` ago: a new token and the answers resealed
 * to it, each answer at the same moment as before. Only that run is moved, so the tests running beside it keep the
 * real clock (docs/decisions/0044-e2e-waits-for-states.md). With `wholeRun`, the answers move with the start instead,
 * each as long after it as before: the whole run as if it had happened earlier (a rehearsal's pause, gone by).
 * `more` adds answers after the sealed ones ({value, t}, t in ms since the start), as if the player had given them: a
 * test plays the steps that prove something and skips the rest (tests/e2e/helpers/run-clock.ts). With
 * `checkStartedMsAgo` instead, an MTC rehearsal's check as if the server had stamped its start that long ago, with the
 * seed it gave then (`checkSeed`): the cookie the finish reads (app/runs/mtc-check-start.server.ts), for a page whose
 * clock the test runs on.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const body = await readJsonBody(request);
  const {
    token,
    answers,
    elapsedMs,
    wholeRun,
    more = [],
    checkStartedMsAgo,
    checkSeed,
  } = (body.ok ? body.value : {}) as Record<string, unknown>;
  const ticket = readRunToken(token);
  if (ticket && typeof checkStartedMsAgo === "number" && Number.isFinite(checkStartedMsAgo)) {
    const seed = typeof checkSeed === "string" ? checkSeed : "";
    return Response.json({ cookie: checkStartCookie(ticket.id, now() - checkStartedMsAgo, seed).split(";")[0] });
  }
  const opened = typeof token === "string" ? openAnswers(token, answers) : null;
  const added = answersGiven(more, opened?.length ?? 0);
  if (!ticket || !opened || !added || typeof elapsedMs !== "number" || !Number.isFinite(elapsedMs)) {
    return Response.json(
      { error: "token, elapsedMs, the sealed answers (if any) and more as [{value, t}] (if any) are needed" },
      { status: 400 },
    );
  }
  const sealed = [...opened, ...added];
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

/** The answers a test adds, numbered on from `from`; null when they are not a list of {value: string, t: number}. */
function answersGiven(more: unknown, from: number): SubmittedAnswer[] | null {
  if (!Array.isArray(more)) return null;
  const given: SubmittedAnswer[] = [];
  for (const [k, answer] of more.entries()) {
    const { value, t } = (answer ?? {}) as Record<string, unknown>;
    if (typeof value !== "string" || typeof t !== "number" || !Number.isFinite(t)) return null;
    given.push({ i: from + k, value, t });
  }
  return given;
}
