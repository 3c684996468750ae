import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { showFlash } from "~/components/flash-message";
import { IslandFinishing } from "~/components/game/finish-screens";
import { GameIsland } from "~/components/game/game-island";
import { ResultsPanel } from "~/components/game/results-panel";
import { StartDialog } from "~/components/game/start-dialog";
import { useIslandGame } from "~/components/game/use-island-game";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import { normalizeGameType } from "~/game";
import { getPlayer } from "~/auth/player.server";
import { dailyPanelRows } from "~/models/leaderboard.server";
import gameStyles from "~/styles/game.css?url";
import { saveFailedTitle, savedMessage } from "~/utils/game-messages";
import { tryRead } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { defaultSoloSettings, parseSoloSettings, settingsToParams, type SoloSettings } from "~/utils/solo-settings";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Play Timed Mental Maths",
    description:
      "Answer as many sums as you can before the countdown ends. Choose Normal, Hard or Extreme and 30 seconds to 5 minutes.",
    keywords: ["mental maths game", "timed maths", "times tables practice", "arithmetic practice"],
    path: "/game",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseSoloSettings(new URL(request.url).searchParams);
  const player = await getPlayer(request);
  return {
    defaults: parsed.ok ? parsed.settings : defaultSoloSettings(),
    errors: parsed.ok ? undefined : parsed.errors,
    board: tryRead("the daily leaderboard", () => dailyPanelRows(player)),
  };
}

function settingsFromState(state: unknown): SoloSettings | null {
  const settings = (state as { settings?: Partial<SoloSettings> } | null)?.settings;
  if (!settings || typeof settings !== "object") return null;
  try {
    const parsed = parseSoloSettings(settingsToParams(settings));
    return parsed.ok ? parsed.settings : null;
  } catch {
    return null;
  }
}

export default function GamePage() {
  const { defaults, errors, board } = useLoaderData<typeof loader>();
  const location = useLocation();
  // Settings chosen elsewhere (the members' settings dialog) arrive as navigation state: checked like a link's.
  const fromState = settingsFromState(location.state);
  const game = useIslandGame({ onSaved: () => showFlash({ kind: "success", title: savedMessage() }) });
  const { phase } = game;
  useLeaderboardFeed((event) => phase.name !== "playing" && normalizeGameType(event.gameType) === "normal");

  if (phase.name === "playing") return <GameIsland key={phase.run.token} run={phase.run} onFinish={game.onFinish} />;

  if (phase.name === "finishing") {
    return (
      <IslandFinishing
        result={phase.result}
        failTitle={saveFailedTitle(false)}
        againLabel="Play Again"
        onRetry={game.retry}
        onAgain={game.reset}
      >
        {(saved) => (
          <div className="results-layout">
            <ResultsPanel summary={saved.summary} runId={saved.runId} onPlayAgain={game.reset} />
            <DailyBoardPanel board={board} />
          </div>
        )}
      </IslandFinishing>
    );
  }

  return (
    <StartDialog
      defaults={fromState ?? defaults}
      errors={game.startErrors ?? errors}
      busy={game.starting}
      onStart={(params) => game.start(`/game/start?${params.toString()}`)}
    />
  );
}
