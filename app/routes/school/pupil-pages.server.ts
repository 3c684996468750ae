import { redirect } from "@remix-run/node";
import { DEFAULT_MTC_QUESTION_SECONDS } from "~/game";
import { getRunResult } from "~/models/runs.server";
import type { GamePage } from "~/pages/game-page.server";
import { mtcQuestionSecondsFor, mtcResultOf, mtcSpec } from "~/runs/mtc.server";
import { runStickersMarkup } from "~/runs/new-stickers.server";
import { focusOfRun, practiceSpec, studentPracticeScope } from "~/runs/practice.server";
import { studentGameSettings } from "~/runs/student.server";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { STUDENT_SERVER_MESSAGES } from "~/utils/student-messages.server";

/*
 * The parts of each pupil's game page that are their own (docs/product.md#student-game): the rest is the one
 * skeleton's (app/pages/game-page.server.ts, docs/decisions/0080-game-page-skeleton-and-weight.md). A pupil plays
 * with their teacher's settings; every refusal leads back to their dashboard.
 */

const REFUSAL = { title: M.cannotContinue, againTo: "/student-game", againLabel: M.back };

/**
 * A pupil's "Practise my facts" (docs/product.md#practise-my-facts): a POST from their dashboard (the facts their
 * teacher's settings allow) or "Practise these" on their results (the facts they just got wrong first). It has no
 * start screen of its own: without a token, the dashboard.
 */
export const PUPIL_PRACTICE_PAGE: GamePage<object> = {
  path: "/student-game/practice",
  pagedPath: "/student-game/play",
  modes: ["practice"],
  notThisMode: "This game is not practice.",
  audience: "pupil",
  refusal: REFUSAL,
  choose: () => {
    throw redirect("/student-game", { headers: { "Cache-Control": "no-store" } });
  },
  start({ player, student, form }) {
    const settings = student && studentGameSettings(student.studentId);
    if (!settings || !player) return { kind: "refused", status: 401, message: STUDENT_SERVER_MESSAGES.notLoggedIn };
    let focus: string[] = [];
    if (form.has("runId")) {
      const read = focusOfRun(form.get("runId"), player);
      if (!read.ok) return { kind: "refused", status: read.status, message: read.message };
      focus = read.focus;
    }
    const scope = studentPracticeScope(settings);
    return {
      kind: "start",
      spec: (p) => practiceSpec(p, scope, focus) ?? "There are no facts to practise with your settings.",
    };
  },
};

/**
 * A pupil's times tables check rehearsal (docs/product.md#multiplication-tables-check-rehearsal): the start screen
 * (the dashboard's card leads here) and a finished run's results (`?run=`, their own only). Their seconds a question
 * come from the server alone.
 */
export const PUPIL_MTC_PAGE: GamePage<{
  seconds: number;
  finished: (ReturnType<typeof mtcResultOf> & { stickerMarkup: string }) | null;
}> = {
  path: "/student-game/mtc",
  pagedPath: "/student-game/mtc/play",
  modes: ["mtc"],
  notThisMode: "This game is not a times tables check.",
  audience: "pupil",
  refusal: REFUSAL,
  choose({ request, player, student }) {
    const runId = new URL(request.url).searchParams.get("run");
    const seconds = student ? mtcQuestionSecondsFor(student) : DEFAULT_MTC_QUESTION_SECONDS;
    if (runId === null || !player) return { seconds, finished: null };
    // The pupil's own finished rehearsal only.
    const run = getRunResult(runId, player);
    if (!run || run.mode !== "mtc")
      return { kind: "refused", status: 404, message: "These results could not be found." };
    // The facts it made secure, with their new stickers, as every game's results (docs/product.md#sticker-book).
    return { seconds, finished: { ...mtcResultOf(run), stickerMarkup: runStickersMarkup(player, run.runId) } };
  },
  start: ({ student }) => ({
    kind: "start",
    spec: () => mtcSpec(student ? mtcQuestionSecondsFor(student) : undefined),
  }),
};
