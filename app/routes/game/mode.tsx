import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { PlayInPage, useGamePage } from "~/components/game/game-page";
import { pageModeOf } from "~/components/game/mode-plays";
import { ModeStart } from "~/components/game/mode-start";
import { PracticeGame } from "~/components/game/practice-game";
import { PracticeResults } from "~/components/game/practice-results";
import { Refusal } from "~/components/game/refusal";
import { gamePageAction, gamePageHeaders, gamePageLoader } from "~/pages/game-page.server";
import { modeGamePage } from "~/pages/mode-pages.server";
import gameStyles from "~/styles/game.css?url";
import { saveFailedTitle } from "~/utils/game-messages";
import { httpError } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

/*
 * The game of a mode whose definition has a start form, for members and visitors: `/game/bonds`, `/game/doubles`
 * (docs/product.md#number-bonds, docs/product.md#doubles-and-halves). The one skeleton with the page its definition
 * makes (app/pages/mode-pages.server.ts); another name is not found.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction<typeof loader> = (args) => {
  const start = args.data && "start" in args.data ? args.data.start : null;
  return pageMeta(args, {
    title: start?.heading ?? "Game",
    description: start?.lead ?? "A maths game.",
    path: start?.action ?? "/game",
  });
};

const NOT_FOUND = "There is no such game.";

function pageOf(mode: string | undefined) {
  const page = modeGamePage(mode, "site");
  if (!page) throw httpError(404, NOT_FOUND);
  return page;
}

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => gamePageLoader(pageOf(args.params.mode), args);
export const action = (args: ActionFunctionArgs) => gamePageAction(pageOf(args.params.mode), args);

export default function ModePage() {
  const d = useGamePage<typeof loader>();
  if (d.kind === "choose") return <ModeStart start={d.start} lastResult={d.result} back="/game" />;
  if (d.kind === "refused") return <Refusal view={d} />;
  const page = pageModeOf(d.run.spec.mode);
  if (!page) return null;
  const { definition, play } = page;
  return (
    <PlayInPage pagedUrl={d.pagedUrl} what="game">
      <PracticeGame
        run={d.run}
        play={play}
        waiting="Getting your game ready…"
        finishUrl="/game/finish"
        failTitle={saveFailedTitle(false)}
        againTo={definition.words?.againTo ?? "/game"}
      >
        {(saved) => (
          <PracticeResults
            summary={saved.summary}
            runId={saved.runId}
            wrong={saved.wrong ?? []}
            practise={saved.practise === true}
            words={definition.words}
            stickerMarkup={saved.stickerMarkup}
          />
        )}
      </PracticeGame>
    </PlayInPage>
  );
}
