import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CalmGame } from "~/components/game/calm-game";
import { CalmStart } from "~/components/game/calm-start";
import { PlayInPage, useGamePage } from "~/components/game/game-page";
import { SavedResults } from "~/components/game/practice-results";
import { Refusal } from "~/components/game/refusal";
import { gamePageAction, gamePageHeaders, gamePageLoader } from "~/pages/game-page.server";
import gameStyles from "~/styles/game.css?url";
import { CALM_PAGE_META, CALM_PLAY_TEXTS as T } from "~/utils/calm-play";
import { saveFailedTitle } from "~/utils/game-messages";
import { pageMeta } from "~/utils/meta";
import { CALM_PAGE } from "./site-pages.server";

/*
 * The calm game for members and visitors (docs/product.md#calm-play): the one game-page skeleton
 * (app/pages/game-page.server.ts) with this page's parts (site-pages.server.ts).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) => pageMeta(args, CALM_PAGE_META);

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => gamePageLoader(CALM_PAGE, args);
export const action = (args: ActionFunctionArgs) => gamePageAction(CALM_PAGE, args);

export default function CalmPage() {
  const d = useGamePage<typeof loader>();
  if (d.kind === "choose") return <CalmStart defaults={d.defaults} member={d.member} lastResult={d.result} />;
  if (d.kind === "refused") return <Refusal view={d} />;
  return (
    <PlayInPage pagedUrl={d.pagedUrl} what="game">
      <CalmGame run={d.run} waiting={T.waiting} failTitle={saveFailedTitle(false)} againTo="/game/calm">
        {(saved) => <SavedResults saved={saved} calm />}
      </CalmGame>
    </PlayInPage>
  );
}
