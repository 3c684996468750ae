import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { TimeUp } from "~/components/game/time-up";
import { Refusal } from "~/components/game/refusal";
import { useGamePage } from "~/components/game/game-page";
import { CalmServerPlay } from "~/components/game/calm-server-play";
import { getPlayer } from "~/auth/player.server";
import { finishPagedRun } from "~/runs/paged-finish.server";
import { openPagedRun, pagedView, urlAfterInput } from "~/runs/paged.server";
import gameStyles from "~/styles/game.css?url";
import { CALM_PAGE_META, CALM_PLAY_TEXTS } from "~/utils/calm-play";
import { CALM_RESULTS } from "~/components/game/practice-results";
import { flashHeaders } from "~/utils/flash.server";
import { saveFailedTitle } from "~/utils/game-messages";
import { keepRetryAfter, tooManyRequests, type WaitFor } from "~/utils/http.server";
import { privateHead } from "~/utils/private-head";
import { readForm } from "~/utils/request.server";
import { touchFirst } from "~/utils/user-agent";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

/*
 * The calm game without JavaScript (docs/product.md#calm-play): one problem a page, as /game/play (the shared
 * app/runs/paged.server.ts), with no timed refresh: there is no clock to show. After the 20th answer the page says
 * `All done!`; its button finishes the run through the same verification as every game.
 */

const BASE = "/game/calm/play";

// Private metadata (noindex); the headers keep a refusal's Retry-After (docs/decisions/0013-one-rate-limiter.md).
export const { links, meta } = privateHead([gameStyles], CALM_PAGE_META);

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

function refused(status: number, title: string, message: string, resultsUrl?: string, init?: ResponseInit) {
  return data({ kind: "refused" as const, title, message, resultsUrl }, { status, ...init });
}

function waitPlease(limited: WaitFor & { message: string }) {
  return data(
    { kind: "refused" as const, title: "Please wait a minute", message: limited.message, resultsUrl: undefined },
    tooManyRequests(limited),
  );
}

const CANNOT_CONTINUE = "This game cannot continue";

/** The run a page or form carries: a calm game's only (another game has its own pages). */
async function openCalmRun(request: Request, token: unknown, answers: unknown) {
  const opened = openPagedRun(await getPlayer(request), token, answers);
  if (opened.ok && opened.run.ticket.spec.mode !== "calm") {
    return { ok: false as const, status: 400 as const, message: "This game is not a calm game." };
  }
  return opened;
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request);
  const url = new URL(request.url);
  const opened = await openCalmRun(request, url.searchParams.get("token"), url.searchParams.get("answers"));
  if (!opened.ok) return refused(opened.status, CANNOT_CONTINUE, opened.message);
  const view = pagedView(opened.run, url.searchParams.get("input") ?? "", BASE);
  return view.kind === "play" ? { ...view, touch: touchFirst(request.headers) } : view;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await sendPupilToOwnGame(request);
  const form = await readForm(request);
  const opened = await openCalmRun(request, form.get("token"), form.get("answers"));
  if (!opened.ok) return refused(opened.status, CANNOT_CONTINUE, opened.message);
  const { run } = opened;
  if (form.get("intent") !== "finish") {
    throw redirect(urlAfterInput(run, { key: form.get("key"), answer: form.get("answer") }, BASE));
  }
  const finished = await finishPagedRun(request, context.clientAddress ?? null, run);
  if (finished.kind === "limited") return waitPlease(finished.limited);
  if (finished.kind === "refused") {
    return refused(finished.status, saveFailedTitle(false), finished.message, finished.resultsUrl);
  }
  const headers = await flashHeaders(request, { kind: "success", title: CALM_PLAY_TEXTS.saved });
  throw redirect(`/game/results/${finished.result.runId}`, { headers });
}

export default function CalmServerGame() {
  const d = useGamePage<typeof loader, typeof action>();

  if (d.kind === "refused")
    return <Refusal view={d} againTo="/game/calm" againLabel="Start a new game" resultsLabel="See My Results" />;

  if (d.kind === "time-up") return <TimeUp heading={CALM_RESULTS.allDone} view={d} button="See My Results" />;

  return <CalmServerPlay view={d} />;
}
