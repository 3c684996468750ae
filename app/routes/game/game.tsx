import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
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
import { HOME_PANEL, parsePanelParam, type PanelBoard } from "~/utils/board-names";
import type { Board, BoardTime } from "~/types/leaderboard";
import { soloPlay } from "~/game";
import { savedSoloChoices } from "./last-settings.server";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Play Timed Mental Maths",
    description:
      "Answer as many sums as you can before the countdown ends. Choose Normal, Hard or Extreme and 30 seconds to 5 minutes.",
    keywords: ["mental maths game", "timed maths", "times tables practice", "arithmetic practice"],
    path: "/game",
  });

/**
 * Asks the loader for the Daily Leaderboard panel too, `panel=hard-30` naming its board: the results of a game played
 * in the page fetch it so.
 */
const WITH_PANEL = "panel";
/** `/game?clock=1`: the timed game once, for a player who plays calmly (docs/product.md#calm-play). */
const WITH_CLOCK = "clock";

export async function loader({ request }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request);
  const query = new URL(request.url).searchParams;
  // The start screen shows no board: the panel beside the island's results is read only when they ask for it
  // (docs/decisions/0033-kept-markup-for-boards.md).
  // A link naming times tables (`/game?tables=7`) is for the times-tables game (docs/product.md#times-tables-game).
  if (query.has("tables")) throw redirect(`/game/tables?${query.toString()}`);
  const withPanel = query.has(WITH_PANEL);
  const shows = parsePanelParam(query.get(WITH_PANEL));
  const player = await getPlayer(request);
  // A member's `Play calmly`, or a visitor's `Always play calmly on this browser`, leads to the calm game, unless
  // they asked for the clock (docs/product.md#calm-play).
  const choices = await savedSoloChoices(request, player);
  if (!withPanel && !query.has(WITH_CLOCK) && choices.calm) throw redirect("/game/calm");
  query.delete(WITH_PANEL);
  query.delete(WITH_CLOCK);
  const parsed = query.size > 0 ? parseSoloSettings(query) : null;
  // Unless the link names its own, the start dialog's choices are a member's saved game settings, or the settings
  // of a visitor's last game.
  const saved = parsed ? null : choices.settings;
  return {
    defaults: saved ?? (parsed?.ok ? parsed.value : defaultSoloSettings()),
    result: parsed && !parsed.ok ? parsed.result : undefined,
    board: withPanel ? tryRead("the daily leaderboard", () => dailyPanelRows(player, shows)) : null,
  };
}

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
