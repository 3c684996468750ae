import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TimeUp } from "~/components/game/time-up";
import { Refusal } from "~/components/game/refusal";
import { Link } from "@remix-run/react";
import { useGamePage } from "~/components/game/game-page";
import { feedbackText, sumWithAnswer } from "~/components/game/answer-feedback";
import { PagedPlay } from "~/components/game/paged-play";
import { pagedTimer } from "~/components/game/timer-reel";
import { StartDialog } from "~/components/game/start-dialog";
import { TablesStart } from "~/components/game/tables-start";
import { getOrCreatePlayer, getPlayer, ownerOf } from "~/auth/player.server";
import { answersMayBeDecimal } from "~/game";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { challengeInfoById } from "~/runs/daily.server";
import { finishPagedRun } from "~/runs/paged-finish.server";
import { issueRun } from "~/runs/tokens.server";
import { rememberSoloSettings } from "./last-settings.server";
import { atPlayScreen, openPagedRun, pagedView, playUrl, urlAfterInput } from "./play.server";
import { specFromStartParams } from "./start-params.server";
import gameStyles from "~/styles/game.css?url";
import { flashHeaders } from "~/utils/flash.server";
import { keepRetryAfter, tooManyRequests, type WaitFor } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { HELD_MESSAGE, saveFailedTitle, savedMessage } from "~/utils/game-messages";
import { PRACTICE_SAVED_MESSAGE, TABLES_SAVED_MESSAGE } from "~/utils/run-page-messages";
import { defaultSoloSettings } from "~/utils/solo-settings";
import { defaultTablesSettings } from "~/utils/tables-settings";
import { readForm } from "~/utils/request.server";
import { touchFirst } from "~/utils/user-agent";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

/** The game without JavaScript (see play.server.ts beside this file); it finishes through the same verification. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = pageMeta(args, {
    title: "Play",
    description: "Answer as many as you can before the time runs out.",
    path: "/game",
    robots: "noindex, nofollow",
  });
  const d = args.data;
  // The page moves on by itself at the deadline.
  if (d?.kind === "play") tags.push({ httpEquiv: "refresh", content: `${Math.ceil(d.secondsLeft)};url=${d.stateUrl}` });
  return tags;
};

const CANNOT_CONTINUE = "This game cannot continue";

function cannotContinue(status: number, message: string) {
  return data(
    { kind: "refused" as const, title: CANNOT_CONTINUE, message, again: "/game", resultsUrl: undefined },
    { status },
  );
}

/** A limit refused a start or a finish: nothing was written; the player may try again in a minute. */
function waitPlease(limited: WaitFor & { message: string }, headers?: Headers) {
  return data(
    {
      kind: "refused" as const,
      title: "Please wait a minute",
      message: limited.message,
      again: "/game",
      resultsUrl: undefined,
    },
    tooManyRequests(limited, headers),
  );
}

// A refusal's Retry-After reaches the browser (docs/decisions/0013-one-rate-limiter.md).
export const headers = keepRetryAfter();

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request);
  const url = new URL(request.url);
  if (!url.searchParams.has("token")) {
    // A new game from a start form.
    const parsed = specFromStartParams(url.searchParams);
    if (!parsed.ok) {
      // A times-tables link's refusal shows the times-tables form (docs/product.md#times-tables-game).
      const tables = url.searchParams.get("mode") === "tables";
      return data(
        { kind: "settings-error" as const, result: parsed.result, defaults: defaultSoloSettings(), tables },
        { status: 400 },
      );
    }
    const { player, headers } = await getOrCreatePlayer(request);
    const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
    if (!limited.ok) return waitPlease(limited, headers);
    const { token } = issueRun(parsed.value, player);
    // The dialog shows these settings again on the next visit.
    await rememberSoloSettings(request, headers, player, parsed.value);
    throw redirect(atPlayScreen(playUrl(token, [])), { headers });
  }
  const opened = openPagedRun(await getPlayer(request), url.searchParams.get("token"), url.searchParams.get("answers"));
  if (!opened.ok) return cannotContinue(opened.status, opened.message);
  const view = pagedView(opened.run, url.searchParams.get("input") ?? "");
  // The decimal key only where answers can be decimals (the money challenge); no system keyboard on a touch screen.
  return view.kind === "play"
    ? { ...view, decimal: answersMayBeDecimal(opened.run.ticket.spec), touch: touchFirst(request.headers) }
    : view;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await sendPupilToOwnGame(request);
  const form = await readForm(request);
  const player = await getPlayer(request);
  const opened = openPagedRun(player, form.get("token"), form.get("answers"));
  if (!opened.ok) return cannotContinue(opened.status, opened.message);
  const { run } = opened;
  if (form.get("intent") !== "finish")
    throw redirect(urlAfterInput(run, { key: form.get("key"), answer: form.get("answer") }));

  const spec = run.ticket.spec;
  const challenge = spec.mode === "daily" ? challengeInfoById(spec.challengeId) : null;
  const finished = await finishPagedRun(request, context.clientAddress ?? null, run);
  if (finished.kind === "limited") return waitPlease(finished.limited);
  if (finished.kind === "refused") {
    return data(
      {
        kind: "refused" as const,
        title: saveFailedTitle(!!challenge),
        message: finished.message,
        again: challenge ? "/daily-challenge" : "/game",
        resultsUrl: finished.resultsUrl,
      },
      { status: finished.status },
    );
  }
  const result = finished.result;
  const headers = await flashHeaders(request, {
    kind: "success",
    title: result.held
      ? HELD_MESSAGE
      : spec.mode === "practice"
        ? PRACTICE_SAVED_MESSAGE
        : spec.mode === "tables"
          ? TABLES_SAVED_MESSAGE
          : savedMessage(challenge?.title),
  });
  throw redirect(`/game/results/${result.runId}`, { headers });
}

export default function ServerDrivenGame() {
  const d = useGamePage<typeof loader, typeof action>();

  if (d.kind === "settings-error") {
    return d.tables ? (
      <TablesStart defaults={defaultTablesSettings()} lastResult={d.result} />
    ) : (
      <StartDialog defaults={d.defaults} lastResult={d.result} />
    );
  }

  if (d.kind === "refused")
    return <Refusal view={d} againTo={d.again} againLabel="Start a new game" resultsLabel="See My Results" />;

  if (d.kind === "time-up") return <TimeUp heading="Time’s up!" view={d} button="See My Results" />;

  return (
    <PagedPlay
      view={d}
      heading="Play"
      paged={pagedTimer(d.secondsLeft)}
      decimal={d.decimal}
      say={(correct, problem) => ({ text: feedbackText(correct), sum: sumWithAnswer(problem) })}
    >
      <p className="game-hint">
        The page moves on by itself when the time is up. <Link to="/game">Stop and start again</Link>
      </p>
    </PagedPlay>
  );
}
