import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { TimeUp } from "~/components/game/time-up";
import { Refusal } from "~/components/game/refusal";
import { useGamePage } from "~/components/game/game-page";
import { CalmServerPlay } from "~/components/game/calm-server-play";
import { gamePageHeaders } from "~/pages/game-page.server";
import { pagedPageAction, pagedPageLoader, timedNext, timedPagedView, type PagedPage } from "~/pages/paged-page.server";
import gameStyles from "~/styles/game.css?url";
import { CALM_PAGE_META, CALM_PLAY_TEXTS } from "~/utils/calm-play";
import { CALM_RESULTS } from "~/components/game/practice-results";
import { saveFailedTitle } from "~/utils/game-messages";
import { privateHead } from "~/utils/private-head";

/*
 * The calm game without JavaScript (docs/product.md#calm-play): one problem a page, as /game/play (the one page by
 * page skeleton, app/pages/paged-page.server.ts), with no timed refresh: there is no clock to show. After the 20th
 * answer the page says `All done!`; its button finishes the run through the same verification as every game.
 */

const BASE = "/game/calm/play";

// Private metadata (noindex); the headers keep a refusal's Retry-After (docs/decisions/0013-one-rate-limiter.md).
export const { links, meta } = privateHead([gameStyles], CALM_PAGE_META);

const CALM_PLAY_PAGE: PagedPage<ReturnType<typeof timedPagedView>> = {
  path: BASE,
  audience: "site",
  steps: "timed",
  only: { mode: "calm", message: "This game is not a calm game." },
  titles: {
    cannotContinue: "This game cannot continue",
    notSaved: () => saveFailedTitle(false),
    wait: "Please wait a minute",
  },
  back: () => ({ againTo: "/game/calm", againLabel: "Start a new game" }),
  resultsLabel: "See My Results",
  view: (run, request, url) => timedPagedView(run, request, url, BASE),
  next: timedNext(BASE),
  resultsOf: (runId) => `/game/results/${runId}`,
  saved: () => CALM_PLAY_TEXTS.saved,
};

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => pagedPageLoader(CALM_PLAY_PAGE, args);
export const action = (args: ActionFunctionArgs) => pagedPageAction(CALM_PLAY_PAGE, args);

export default function CalmServerGame() {
  const d = useGamePage<typeof loader, typeof action>();
  if (d.kind === "refused") return <Refusal view={d} />;
  if (d.kind === "time-up") return <TimeUp heading={CALM_RESULTS.allDone} view={d} button="See My Results" />;
  return <CalmServerPlay view={d} />;
}
