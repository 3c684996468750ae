import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getPlayer, type Player } from "~/auth/player.server";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";
import { requireStudent } from "~/auth/school-session.server";
import { answersMayBeDecimal, type RunSpec } from "~/game";
import { flashHeaders } from "~/utils/flash.server";
import { finishPagedRun } from "~/runs/paged-finish.server";
import { mtcPagedView, mtcUrlAfterInput } from "~/runs/mtc.server";
import { atPlayScreen, openPagedRun, pagedView, urlAfterInput, type PagedRun } from "~/runs/paged.server";
import { studentPlayer } from "~/runs/student.server";
import type { RefusalView } from "~/types/game-page";
import { tooManyRequests } from "~/utils/http.server";
import { readForm } from "~/utils/request.server";
import { touchFirst } from "~/utils/user-agent";

/*
 * The one skeleton of a game played page by page without JavaScript (docs/decisions/0004-server-driven-game.md,
 * docs/decisions/0080-game-page-skeleton-and-weight.md): the loader (the run a page carries → its view), the action (a
 * key or an answer → the next page; a finish → the same verification as every game, then the results) and the
 * refusals with all their words. A page names only what is its own (a `PagedPage`); its headers are the game pages'
 * (`gamePageHeaders`).
 */

const NO_STORE = { "Cache-Control": "no-store" };

/** A refusal's words, from the server: heading, way back, and the link to a kept run's results. */
export type PagedRefusal = RefusalView & { resultsUrl?: string; resultsLabel: string };

export type PagedPage<View, Start = never> = {
  /** Its path: where its pages lead and its forms post (`/game/play`). */
  path: string;
  /** `site`: visitors and members (a logged-in pupil goes to `pupilDoor`); `pupil`: a logged-in pupil only. */
  audience: "site" | "pupil";
  pupilDoor?: string;
  /** The runs it plays: the timed games' (every mode but the rehearsal) or the rehearsal's steps. */
  steps: "timed" | "mtc";
  /** The one mode it takes, with the refusal of another's run (the calm game's page). */
  only?: { mode: RunSpec["mode"]; message: string };
  /** The refusals' headings: a run that cannot go on, a finish not saved (by the run), a limit's wait. */
  titles: { cannotContinue: string; notSaved: (spec: RunSpec) => string; wait: string };
  /** The way back from a refusal (by the run, where there is one), and the words of the link to a kept run's results. */
  back: (spec: RunSpec | null) => { againTo: string; againLabel: string };
  resultsLabel: string;
  /** A page's view of its run; it may redirect (the rehearsal's steps move on by themselves). */
  view: (run: PagedRun, request: Request, url: URL) => View;
  /** Where a form's key or answer leads, at the play screen. */
  next: (run: PagedRun, form: URLSearchParams) => string;
  /** A saved run's results page. */
  resultsOf: (runId: string) => string;
  /** The flash said on the results after a save (none: the results say it). */
  saved?: (spec: RunSpec, held: boolean) => string;
  /** A page opened with no run: a start from a link (it redirects to the run's first page, or answers itself). */
  startFromLink?: (request: Request, address: string | null) => Promise<Start>;
};

/** A refusal of this page, with its words; nothing written. */
export function pagedRefusal(
  page: Pick<PagedPage<unknown, unknown>, "back" | "resultsLabel">,
  spec: RunSpec | null,
  title: string,
  message: string,
  resultsUrl?: string,
): PagedRefusal {
  return { kind: "refused", title, message, ...page.back(spec), resultsUrl, resultsLabel: page.resultsLabel };
}

async function playerOf<View, Start>(page: PagedPage<View, Start>, request: Request): Promise<Player | null> {
  if (page.audience === "pupil") return studentPlayer((await requireStudent(request)).studentId);
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request, page.pupilDoor);
  return getPlayer(request);
}

function openRun<View, Start>(page: PagedPage<View, Start>, player: Player | null, token: unknown, answers: unknown) {
  const opened = openPagedRun(player, token, answers, page.steps);
  if (opened.ok && page.only && opened.run.ticket.spec.mode !== page.only.mode) {
    return { ok: false as const, status: 400 as const, message: page.only.message };
  }
  return opened;
}

/** The loader: the run the page carries, as the page shows it; with none, a page's start from a link. */
export async function pagedPageLoader<View, Start = never>(
  page: PagedPage<View, Start>,
  { request, context }: LoaderFunctionArgs,
) {
  const player = await playerOf(page, request);
  const url = new URL(request.url);
  if (page.startFromLink && !url.searchParams.has("token"))
    return page.startFromLink(request, context.clientAddress ?? null);
  const opened = openRun(page, player, url.searchParams.get("token"), url.searchParams.get("answers"));
  if (!opened.ok) {
    const view = pagedRefusal(page, null, page.titles.cannotContinue, opened.message);
    return data(view, { status: opened.status, headers: NO_STORE });
  }
  return page.view(opened.run, request, url);
}

/** The action: a key or an answer leads to the next page; a finish is checked and saved, then the results. */
export async function pagedPageAction<View, Start>(
  page: PagedPage<View, Start>,
  { request, context }: ActionFunctionArgs,
) {
  const player = await playerOf(page, request);
  const form = await readForm(request);
  const opened = openRun(page, player, form.get("token"), form.get("answers"));
  if (!opened.ok) {
    const view = pagedRefusal(page, null, page.titles.cannotContinue, opened.message);
    return data(view, { status: opened.status, headers: NO_STORE });
  }
  const { run } = opened;
  if (form.get("intent") !== "finish") throw redirect(page.next(run, form), { headers: NO_STORE });
  const spec = run.ticket.spec;
  const finished = await finishPagedRun(request, context.clientAddress ?? null, run, page.resultsOf);
  if (finished.kind === "limited") {
    const view = pagedRefusal(page, spec, page.titles.wait, finished.limited.message);
    return data(view, tooManyRequests(finished.limited, new Headers(NO_STORE)));
  }
  if (finished.kind === "refused") {
    const view = pagedRefusal(page, spec, page.titles.notSaved(spec), finished.message, finished.resultsUrl);
    return data(view, { status: finished.status, headers: NO_STORE });
  }
  const { result } = finished;
  const headers = page.saved
    ? await flashHeaders(request, { kind: "success", title: page.saved(spec, result.held) })
    : new Headers();
  headers.set("Cache-Control", "no-store");
  throw redirect(page.resultsOf(result.runId), { headers });
}

/**
 * The view of a timed game's page (every game but the rehearsal): the next problem with its clock or count, or the
 * time-up page; the decimal key only where answers can be decimals (the money challenge), and no system keyboard on a
 * touch screen.
 */
export function timedPagedView(run: PagedRun, request: Request, url: URL, base: string) {
  const view = pagedView(run, url.searchParams.get("input") ?? "", base);
  if (view.kind !== "play") return view;
  return { ...view, decimal: answersMayBeDecimal(run.ticket.spec), touch: touchFirst(request.headers) };
}

/** Where a timed game's number-pad key or answer leads. */
export function timedNext(base: string) {
  return (run: PagedRun, form: URLSearchParams) =>
    urlAfterInput(run, { key: form.get("key"), answer: form.get("answer") }, base);
}

/** The view of a times tables check rehearsal's step; a step whose time ran out moves on to the next by itself. */
export function mtcStepView(base: string) {
  return (run: PagedRun) => {
    const view = mtcPagedView(run, base);
    if (view.kind === "moved") throw redirect(atPlayScreen(view.url), { headers: NO_STORE });
    return view;
  };
}

/** Where a rehearsal's form leads: the check started, an answer taken, at the play screen. */
export function mtcNext(base: string) {
  return (run: PagedRun, form: URLSearchParams) =>
    atPlayScreen(mtcUrlAfterInput(run, { intent: form.get("intent"), answer: form.get("answer") }, base));
}
