import { redirect } from "@remix-run/node";
import { countHeldRuns, decideHeldRun, findHeldRun, listHeldRuns, type HeldRun } from "~/models/review.server";
import type { HeldRunView } from "~/types/admin";
import { REVIEW_SECTION } from "~/utils/admin-messages";
import { REVIEW_MESSAGES as M } from "~/utils/review-messages";
import { flashHeaders } from "~/utils/flash.server";
import { httpError } from "~/utils/http.server";

const PAGE_SIZE = 20;
/** Run ids are url-safe base64 (app/runs/tokens.server.ts); anything else is not one of ours. */
const RUN_ID = /^[A-Za-z0-9_-]{1,64}$/;

function view(run: HeldRun): HeldRunView {
  return {
    runId: run.runId,
    player:
      run.memberName ??
      (run.studentId ? "A pupil (live game)" : `Anonymous player ${run.anonId ? run.anonId.slice(0, 6) : ""}`.trim()),
    board: run.mode === "daily" ? `daily challenge ${run.gameType}` : run.gameType,
    score: run.score,
    totalQuestions: run.totalQuestions,
    accuracy: run.accuracy,
    playedAt: new Date(run.finishedAt).toISOString().slice(0, 16).replace("T", " "),
    reasons: run.info.reasons,
    medianRatio: run.info.medianRatio,
    variation: run.info.variation,
    ceilingLoad: run.info.ceilingLoad ?? null,
    timedBy: run.info.timedBy ?? null,
    answers: run.info.answers,
  };
}

/** `after`: `<finishedAt>.<runId>` of the last run on the page before. */
function afterFrom(url: URL): { finishedAt: number; runId: string } | undefined {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(url.searchParams.get("after") ?? "");
  return match ? { finishedAt: Number(match[1]), runId: match[2]! } : undefined;
}

/**
 * The queue, or with `?reject={run}` the Reject step (docs/product.md#confirmation-steps): a run that is not
 * waiting any more is a 404, as a step's target out of reach is everywhere.
 */
export function reviewPageData(url: URL) {
  const rejecting = url.searchParams.get("reject");
  if (rejecting !== null) {
    const run = RUN_ID.test(rejecting) ? findHeldRun(rejecting) : undefined;
    if (!run) throw httpError(404, M.gone);
    return { runs: [], total: 0, next: null, rejecting: view(run) };
  }
  const runs = listHeldRuns({ limit: PAGE_SIZE + 1, after: afterFrom(url) });
  const page = runs.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    runs: page.map(view),
    total: countHeldRuns(),
    next: runs.length > PAGE_SIZE && last ? `${last.finishedAt}.${last.runId}` : null,
    rejecting: null,
  };
}

export async function decideFromForm(request: Request, form: URLSearchParams) {
  const intent = form.get("intent");
  const runId = form.get("runId");
  // Not a form this page sent: refused with nothing written.
  if ((intent !== "release" && intent !== "reject") || !runId || !RUN_ID.test(runId)) {
    throw httpError(400, "This form is not one the review page sent.");
  }
  const decided = decideHeldRun(runId, intent);
  const flash = decided
    ? { kind: "success" as const, title: intent === "release" ? M.released : M.rejected }
    : { kind: "error" as const, title: M.gone };
  return redirect(REVIEW_SECTION.path, { headers: await flashHeaders(request, flash) });
}
