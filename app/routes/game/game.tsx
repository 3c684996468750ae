import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { showFlash } from "~/components/flash-message";
import { IslandScreens } from "~/components/game/finish-screens";
import { ResultsPanel } from "~/components/game/results-panel";
import { StartDialog } from "~/components/game/start-dialog";
import { useIslandGame } from "~/components/game/use-island-game";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import gameStyles from "~/styles/game.css?url";
import { HELD_MESSAGE, saveFailedTitle, savedMessage } from "~/utils/game-messages";
import { pageMeta } from "~/utils/meta";
import { soloSettingsFrom } from "~/utils/solo-settings";
import { HOME_PANEL, type PanelBoard } from "~/utils/board-names";
import { startPageLoader } from "~/pages/game-page.server";
import { SOLO_PAGE } from "./site-pages.server";
import type { Board, BoardTime } from "~/types/leaderboard";
import { soloPlay } from "~/game";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Play Timed Mental Maths",
    description:
      "Answer as many sums as you can before the countdown ends. Choose Normal, Hard or Extreme and 30 seconds to 5 minutes.",
    keywords: ["mental maths game", "timed maths", "times tables practice", "arithmetic practice"],
    path: "/game",
  });

export const loader = (args: LoaderFunctionArgs) => startPageLoader(SOLO_PAGE, args);

/**
 * The Daily Leaderboard beside the results, on the board the game's place is on (its difficulty and length), asked
 * for when they show (`panel=hard-30`); the live feed's refetches refresh it.
 */
function ResultsBoard({ shows }: { shows: PanelBoard }) {
  const { load, data } = useFetcher<typeof loader>();
  const { board, time } = shows;
  useEffect(() => {
    void load(`/game?panel=${board}-${time}`);
  }, [load, board, time]);
  return <DailyBoardPanel board={data ? data.board : null} shows={shows} />;
}

export default function GamePage() {
  const { defaults, result } = useLoaderData<typeof loader>();
  const location = useLocation();
  // Settings chosen elsewhere (the members' settings dialog) arrive as navigation state: checked like a link's.
  const fromState = soloSettingsFrom((location.state as { settings?: unknown } | null)?.settings);
  const game = useIslandGame({
    onSaved: (result) => showFlash({ kind: "success", title: result.held ? HELD_MESSAGE : savedMessage() }),
  });
  const { phase } = game;
  // The board of the game being played or just played: its results' panel shows it, and follows it on the live feed.
  // A solo run's difficulty and time limit are a board's and a time tab's: /game/start signs no other.
  const spec = phase.name === "start" ? null : phase.run.spec;
  const shows: PanelBoard =
    spec && spec.mode === "solo"
      ? { board: spec.difficulty as Board, time: String(spec.timeLimit) as BoardTime }
      : HOME_PANEL;
  useLeaderboardFeed(shows.board, { paused: phase.name === "playing" });

  if (phase.name !== "start") {
    return (
      <IslandScreens game={game} play={soloPlay} failTitle={saveFailedTitle(false)} againLabel="Play Again">
        {(saved) => (
          <div className="results-layout">
            <ResultsPanel
              summary={saved.summary}
              runId={saved.runId}
              standing={saved.standing}
              onPlayAgain={game.reset}
            />
            {/* The ones to practise, drawn by the server: the list costs this page no script
                (docs/product.md#wrong-answers-after-a-game). */}
            {saved.wrongMarkup ? <div dangerouslySetInnerHTML={{ __html: saved.wrongMarkup }} /> : null}
            <ResultsBoard shows={shows} />
          </div>
        )}
      </IslandScreens>
    );
  }

  return (
    <StartDialog
      defaults={fromState ?? defaults}
      lastResult={game.startResult ?? result}
      problem={game.startProblem}
      busy={game.starting}
      onStart={(params) => game.start(`/game/start?${params.toString()}`)}
    />
  );
}
