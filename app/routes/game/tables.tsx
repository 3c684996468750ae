import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PlayInPage, useGamePage } from "~/components/game/game-page";
import { PracticeGame } from "~/components/game/practice-game";
import { PracticeResults } from "~/components/game/practice-results";
import { Refusal } from "~/components/game/refusal";
import { TablesStart } from "~/components/game/tables-start";
import { tablesPlay } from "~/game";
import { gamePageAction, gamePageHeaders, gamePageLoader } from "~/pages/game-page.server";
import gameStyles from "~/styles/game.css?url";
import { saveFailedTitle } from "~/utils/game-messages";
import { pageMeta } from "~/utils/meta";
import { TABLES_PAGE } from "./site-pages.server";

/*
 * The times-tables game for members and visitors (docs/product.md#times-tables-game): the one game-page skeleton
 * (app/pages/game-page.server.ts) with this page's parts (site-pages.server.ts).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Times tables",
    description: "Pick a times table, or a mix, and answer as many as you can before the clock runs out.",
    path: "/game/tables",
  });

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => gamePageLoader(TABLES_PAGE, args);
export const action = (args: ActionFunctionArgs) => gamePageAction(TABLES_PAGE, args);

export default function TablesPage() {
  const d = useGamePage<typeof loader>();
  if (d.kind === "choose") return <TablesStart defaults={d.defaults} lastResult={d.result} />;
  if (d.kind === "refused") return <Refusal view={d} />;
  return (
    <PlayInPage pagedUrl={d.pagedUrl} what="game">
      <PracticeGame
        run={d.run}
        play={tablesPlay}
        waiting="Getting your times tables ready…"
        finishUrl="/game/finish"
        failTitle={saveFailedTitle(false)}
        againTo="/game/tables"
      >
        {(saved) => (
          <PracticeResults
            summary={saved.summary}
            runId={saved.runId}
            wrong={saved.wrong ?? []}
            practise={saved.practise === true}
            tables
          />
        )}
      </PracticeGame>
    </PlayInPage>
  );
}
