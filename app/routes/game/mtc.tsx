import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PlayInPage, useGamePage } from "~/components/game/game-page";
import { MtcGame } from "~/components/game/mtc-game";
import { MTC_TITLE, MtcStart } from "~/components/game/mtc-parts";
import { Refusal } from "~/components/game/refusal";
import { gamePageAction, gamePageHeaders, gamePageLoader } from "~/pages/game-page.server";
import gameStyles from "~/styles/game.css?url";
import { pageMeta } from "~/utils/meta";
import { MTC_PAGE } from "./site-pages.server";

/*
 * The Multiplication Tables Check rehearsal for members and visitors
 * (docs/product.md#multiplication-tables-check-rehearsal): the one game-page skeleton (app/pages/game-page.server.ts)
 * with this page's parts (site-pages.server.ts).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: MTC_TITLE,
    description: "Rehearse the Multiplication Tables Check: 25 questions, 6 seconds each.",
    path: "/game/mtc",
    robots: "noindex, nofollow",
  });

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => gamePageLoader(MTC_PAGE, args);
export const action = (args: ActionFunctionArgs) => gamePageAction(MTC_PAGE, args);

export default function MtcPage() {
  const d = useGamePage<typeof loader>();
  if (d.kind === "choose") return <MtcStart action="/game/mtc" seconds={d.seconds} />;
  if (d.kind === "refused") return <Refusal view={d} />;
  return (
    <PlayInPage pagedUrl={d.pagedUrl} what="check">
      <MtcGame run={d.run} finishUrl="/game/finish" resultsUrl={(runId) => `/game/results/${runId}`} />
    </PlayInPage>
  );
}
