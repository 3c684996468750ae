import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { showFlash } from "~/components/flash-message";
import { IslandScreens } from "~/components/game/finish-screens";
import { ResultsPanel } from "~/components/game/results-panel";
import { StartDialog } from "~/components/game/start-dialog";
import { useIslandGame } from "~/components/game/use-island-game";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import { getPlayer } from "~/auth/player.server";
import { dailyPanelRows } from "~/models/leaderboard.server";
import gameStyles from "~/styles/game.css?url";
import { HELD_MESSAGE, saveFailedTitle, savedMessage } from "~/utils/game-messages";
import { tryRead } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { defaultSoloSettings, soloSettingsFrom } from "~/utils/solo-settings";
import { soloPlay } from "~/game";
import { getMemberProfile } from "~/models/users.server";
import { lastSoloSettings } from "./last-settings.server";

function memberSoloSettings(userId: string) {
  return soloSettingsFrom(getMemberProfile(userId)?.soloSettings);
}

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
  const query = new URL(request.url).searchParams;
  const parsed = parseSoloSettings(query);
  const player = await getPlayer(request);
  // Unless the link names its own, the start dialog's choices are a member's saved game settings, or the settings
  // of a visitor's last game.
  const saved =
    query.size > 0
      ? null
      : player?.kind === "member"
        ? memberSoloSettings(player.userId)
        : await lastSoloSettings(request);
  return {
    defaults: saved ?? (parsed.ok ? parsed.value : defaultSoloSettings()),
    result: parsed.ok ? undefined : parsed.result,
    board: tryRead("the daily leaderboard", () => dailyPanelRows(player)),
  };
}

export default function GamePage() {
  const { defaults, result, board } = useLoaderData<typeof loader>();
  const location = useLocation();
  // Settings chosen elsewhere (the members' settings dialog) arrive as navigation state: checked like a link's.
  const fromState = soloSettingsFrom((location.state as { settings?: unknown } | null)?.settings);
  const game = useIslandGame({
    onSaved: (result) => showFlash({ kind: "success", title: result.held ? HELD_MESSAGE : savedMessage() }),
  });
  const { phase } = game;
  useLeaderboardFeed("normal", { paused: phase.name === "playing" });

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
            <DailyBoardPanel board={board} />
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
