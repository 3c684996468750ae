import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TimeUp } from "~/components/game/time-up";
import { Refusal } from "~/components/game/refusal";
import { Link } from "@remix-run/react";
import { useGamePage } from "~/components/game/game-page";
import { pagedMeta } from "~/components/game/paged-meta";
import { feedbackText, sumWithAnswer } from "~/components/game/answer-feedback";
import { PagedPlay } from "~/components/game/paged-play";
import { pagedTimer } from "~/components/game/timer-reel";
import { StartDialog } from "~/components/game/start-dialog";
import { TablesStart } from "~/components/game/tables-start";
import { getOrCreatePlayer, ownerOf } from "~/auth/player.server";
import type { RunSpec } from "~/game";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { tooManyRequests, type WaitFor } from "~/utils/http.server";
import { gamePageHeaders } from "~/pages/game-page.server";
import { pagedPageAction, pagedPageLoader, pagedRefusal, timedNext, timedPagedView } from "~/pages/paged-page.server";
import type { PagedPage } from "~/pages/paged-page.server";
import { challengeInfoById } from "~/runs/daily.server";
import { atPlayScreen, pagedUrl } from "~/runs/paged.server";
import { issueRun } from "~/runs/tokens.server";
import { rememberSoloSettings } from "./last-settings.server";
import { specFromStartParams } from "./start-params.server";
import gameStyles from "~/styles/game.css?url";
import { HELD_MESSAGE, saveFailedTitle, savedMessage } from "~/utils/game-messages";
import { PRACTICE_SAVED_MESSAGE, TABLES_SAVED_MESSAGE } from "~/utils/run-page-messages";
import { defaultSoloSettings } from "~/utils/solo-settings";
import { defaultTablesSettings } from "~/utils/tables-settings";

/*
 * The site's games without JavaScript (docs/product.md#server-driven-game-without-javascript): the one page by page
 * skeleton (app/pages/paged-page.server.ts) with this page's parts; it finishes through the same verification.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction<typeof loader> = (args) =>
  pagedMeta(args, { title: "Play", description: "Answer as many as you can before the time runs out.", path: "/game" });

const BASE = "/game/play";

const WAIT = "Please wait a minute";

/** The way back from a refusal: a day's challenge to its page, any other game to /game. */
const WAYS_BACK = {
  back: (spec: RunSpec | null) => ({
    againTo: spec?.mode === "daily" ? "/daily-challenge" : "/game",
    againLabel: "Start a new game",
  }),
  resultsLabel: "See My Results",
};

type SettingsError = ReturnType<typeof settingsError>;

/** A start form's link refused: the form again with its message (400). */
function settingsError(result: ReturnType<typeof specFromStartParams> & { ok: false }, tables: boolean) {
  return data(
    { kind: "settings-error" as const, result: result.result, defaults: defaultSoloSettings(), tables },
    { status: 400 },
  );
}

const PLAY_PAGE: PagedPage<ReturnType<typeof timedPagedView>, SettingsError | ReturnType<typeof waitPlease>> = {
  path: BASE,
  audience: "site",
  steps: "timed",
  titles: {
    cannotContinue: "This game cannot continue",
    notSaved: (spec) => saveFailedTitle(spec.mode === "daily"),
    wait: WAIT,
  },
  ...WAYS_BACK,
  view: (run, request, url) => timedPagedView(run, request, url, BASE),
  next: timedNext(BASE),
  resultsOf: (runId) => `/game/results/${runId}`,
  saved(spec, held) {
    if (held) return HELD_MESSAGE;
    if (spec.mode === "practice") return PRACTICE_SAVED_MESSAGE;
    if (spec.mode === "tables") return TABLES_SAVED_MESSAGE;
    return savedMessage(spec.mode === "daily" ? challengeInfoById(spec.challengeId)?.title : undefined);
  },
  // A new game from a start form without JavaScript (`/game/play?difficulty=…`).
  async startFromLink(request, address) {
    const query = new URL(request.url).searchParams;
    const parsed = specFromStartParams(query);
    // A times-tables link's refusal shows the times-tables form (docs/product.md#times-tables-game).
    if (!parsed.ok) return settingsError(parsed, query.get("mode") === "tables");
    const { player, headers } = await getOrCreatePlayer(request);
    const limited = GAME_LIMITS.start({ address, player: ownerOf(player) });
    if (!limited.ok) return waitPlease(limited, headers);
    const { token } = issueRun(parsed.value, player);
    // The dialog shows these settings again on the next visit.
    await rememberSoloSettings(request, headers, player, parsed.value);
    throw redirect(atPlayScreen(pagedUrl(BASE, token, [])), { headers });
  },
};

/** A start's limit: nothing issued; the player may try again in a minute (429). */
function waitPlease(limited: WaitFor & { message: string }, headers: Headers) {
  return data(pagedRefusal(WAYS_BACK, null, WAIT, limited.message), tooManyRequests(limited, headers));
}

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => pagedPageLoader(PLAY_PAGE, args);
export const action = (args: ActionFunctionArgs) => pagedPageAction(PLAY_PAGE, args);

export default function ServerDrivenGame() {
  const d = useGamePage<typeof loader, typeof action>();

  if (d.kind === "settings-error") {
    return d.tables ? (
      <TablesStart defaults={defaultTablesSettings()} lastResult={d.result} />
    ) : (
      <StartDialog defaults={d.defaults} lastResult={d.result} />
    );
  }

  if (d.kind === "refused") return <Refusal view={d} />;

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
