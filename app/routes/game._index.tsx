import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { showFlash } from "~/components/flash-message";
import { finishRunRequest } from "~/components/game/finish-run";
import { GameIsland, type IslandRun } from "~/components/game/game-island";
import { ResultsPanel } from "~/components/game/results-panel";
import { StartDialog } from "~/components/game/start-dialog";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import type { SubmittedAnswer } from "~/game";
import { getPlayer } from "~/auth/player.server";
import { dailyPanel } from "~/models/boards.server";
import gameStyles from "~/styles/game.css?url";
import { pageMeta } from "~/utils/meta";
import { parseSoloSettings, type SoloSettings } from "~/utils/solo-settings";
import type { loader as startLoader } from "./game.start";
import type { FinishResponse } from "./game.finish";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Play Timed Mental Maths",
    description: "Answer as many sums as you can before the countdown ends. Choose Normal, Hard or Extreme and 30 seconds to 5 minutes.",
    keywords: ["mental maths game", "timed maths", "times tables practice", "arithmetic practice"],
    path: "/game",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseSoloSettings(new URL(request.url).searchParams);
  const player = await getPlayer(request);
  return {
    defaults: parsed.ok ? parsed.settings : parseDefaults(),
    errors: parsed.ok ? undefined : parsed.errors,
    board: dailyPanel(player),
  };
}

function parseDefaults(): SoloSettings {
  const fallback = parseSoloSettings(new URLSearchParams());
  if (!fallback.ok) throw new Error("default solo settings must be valid");
  return fallback.settings;
}

type Phase =
  | { name: "start" }
  | { name: "playing"; run: IslandRun }
  | { name: "finishing"; run: IslandRun; answers: SubmittedAnswer[]; result?: FinishResponse };

export default function GamePage() {
  const { defaults, errors, board } = useLoaderData<typeof loader>();
  const location = useLocation();
  // Settings chosen elsewhere (the members' settings dialog) arrive as navigation state.
  const stateSettings = (location.state as { settings?: Partial<SoloSettings> } | null)?.settings;
  const initial = { ...defaults, ...stateSettings };

  const startFetcher = useFetcher<typeof startLoader>();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [phase, setPhase] = useState<Phase>({ name: "start" });
  const [startRequested, setStartRequested] = useState(false);

  useEffect(() => {
    const result = startFetcher.data;
    if (!startRequested || startFetcher.state !== "idle" || !result) return;
    setStartRequested(false);
    if (result.ok) setPhase({ name: "playing", run: result.run });
  }, [startFetcher.data, startFetcher.state, startRequested]);

  const submitFinish = useCallback(
    (run: IslandRun, answers: SubmittedAnswer[]) => {
      setPhase({ name: "finishing", run, answers });
      void finishRunRequest(run.token, answers).then((result) => {
        setPhase((current) => (current.name === "finishing" && current.run === run ? { ...current, result } : current));
        if (result.ok) {
          showFlash({ kind: "success", title: "Score saved to leaderboard!" });
          revalidate.current(); // the refreshed daily board
        }
      });
    },
    [],
  );

  const playing = phase.name === "playing" ? phase.run : null;
  const onFinish = useCallback((answers: SubmittedAnswer[]) => playing && submitFinish(playing, answers), [playing, submitFinish]);
  useLeaderboardFeed((event) => phase.name !== "playing" && (event.gameType === "normal" || event.gameType === "standard"));

  if (phase.name === "playing") return <GameIsland key={phase.run.token} run={phase.run} onFinish={onFinish} />;

  if (phase.name === "finishing") {
    const result = phase.result;
    if (!result) {
      return (
        <section className="page page-narrow" aria-live="polite">
          <h1>Time’s up!</h1>
          <p className="lead">Checking your answers…</p>
        </section>
      );
    }
    if (result.ok) {
      return (
        <div className="results-layout">
          <ResultsPanel summary={result.summary} runId={result.runId} onPlayAgain={() => setPhase({ name: "start" })} />
          <DailyBoardPanel rows={board.rows} failed={board.failed} />
        </div>
      );
    }
    return (
      <section className="page page-narrow" aria-labelledby="save-failed">
        <h1 id="save-failed">Failed to save score</h1>
        <p className="lead" role="alert">
          {result.message}
        </p>
        <div className="button-row">
          {result.retryable ? (
            <button type="button" className="button button-primary" onClick={() => submitFinish(phase.run, phase.answers)}>
              Try again
            </button>
          ) : null}
          <button type="button" className="button button-secondary" onClick={() => setPhase({ name: "start" })}>
            Play Again
          </button>
        </div>
      </section>
    );
  }

  const startErrors = startFetcher.data && !startFetcher.data.ok ? startFetcher.data.errors : errors;
  return (
    <StartDialog
      defaults={initial}
      errors={startErrors}
      busy={startFetcher.state !== "idle"}
      onStart={(params) => {
        setStartRequested(true);
        startFetcher.load(`/game/start?${params.toString()}`);
      }}
    />
  );
}
