import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PlayInPage, useGamePage } from "~/components/game/game-page";
import { PracticeGame } from "~/components/game/practice-game";
import { PracticeResults } from "~/components/game/practice-results";
import { PracticeStart } from "~/components/game/practice-start";
import { Refusal } from "~/components/game/refusal";
import { practicePlay } from "~/game";
import { gamePageAction, gamePageHeaders, gamePageLoader } from "~/pages/game-page.server";
import gameStyles from "~/styles/game.css?url";
import { saveFailedTitle } from "~/utils/game-messages";
import { pageMeta } from "~/utils/meta";
import { PRACTICE_PAGE } from "./site-pages.server";

/*
 * "Practise my facts" for members and visitors (docs/product.md#practise-my-facts): the one game-page skeleton
 * (app/pages/game-page.server.ts) with this page's parts (site-pages.server.ts).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Practise my facts",
    description: "Practise the sums you are still learning.",
    path: "/game/practice",
    robots: "noindex, nofollow",
  });

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => gamePageLoader(PRACTICE_PAGE, args);
export const action = (args: ActionFunctionArgs) => gamePageAction(PRACTICE_PAGE, args);

export default function PracticePage() {
  const d = useGamePage<typeof loader>();
  if (d.kind === "choose") return <PracticeStart operations={d.operations} lastResult={d.result} />;
  if (d.kind === "refused") return <Refusal view={d} />;
  return (
    <PlayInPage pagedUrl={d.pagedUrl} what="practice">
      <PracticeGame
        run={d.run}
        play={practicePlay}
        finishUrl="/game/finish"
        failTitle={saveFailedTitle(false)}
        againTo="/game"
      >
        {(saved) => (
          <PracticeResults
            summary={saved.summary}
            runId={saved.runId}
            wrong={saved.wrong ?? []}
            practise={saved.practise === true}
          />
        )}
      </PracticeGame>
    </PlayInPage>
  );
}
