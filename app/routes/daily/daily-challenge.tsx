import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChallengeBoard } from "~/components/daily/challenge-board";
import { ChallengeComplete } from "~/components/daily/challenge-complete";
import { MidnightCountdown } from "~/components/daily/midnight-countdown";
import { StartChallenge } from "~/components/daily/start-challenge";
import { showFlash } from "~/components/flash-message";
import { IslandScreens } from "~/components/game/finish-screens";
import { WrongAnswers } from "~/components/game/wrong-answers";
import { useIslandGame } from "~/components/game/use-island-game";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import { dailyPlay, getChallenge, type RunSpec } from "~/game";
import { getPlayer } from "~/auth/player.server";
import { challengeTop } from "~/models/leaderboard.server";
import { challengeInfo, msToNextUtcMidnight, todaysChallenge } from "~/runs/daily.server";
import gameStyles from "~/styles/game.css?url";
import { HELD_MESSAGE, saveFailedTitle, savedMessage } from "~/utils/game-messages";
import { tryRead } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Daily Maths Challenge",
    description: "A new mental maths challenge every day, one of eight themes, with its own all-time top 10.",
    keywords: ["daily maths challenge", "maths challenge today", "competitive maths"],
    path: "/daily-challenge",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request);
  const player = await getPlayer(request);
  const challenge = todaysChallenge();
  // A failed board read leaves the challenge itself playable.
  const top = tryRead("the challenge leaderboard", () => challengeTop({ challengeId: challenge.id, player }));
  return { challenge: challengeInfo(challenge), top, msToMidnight: msToNextUtcMidnight() };
}

function titleOf(spec: RunSpec): string | undefined {
  return spec.mode === "daily" ? getChallenge(spec.challengeId)?.title : undefined;
}

export default function DailyChallengePage() {
  const { challenge, top, msToMidnight } = useLoaderData<typeof loader>();
  // The run says which challenge was played: across midnight it may not be the one this page loaded with.
  const game = useIslandGame({
    onSaved: (result, run) =>
      showFlash({
        kind: "success",
        title: result.held ? HELD_MESSAGE : savedMessage(titleOf(run.spec) ?? challenge.title),
      }),
  });
  const { phase } = game;
  useLeaderboardFeed(challenge.id, { paused: phase.name === "playing" });

  if (phase.name !== "start") {
    return (
      <IslandScreens game={game} play={dailyPlay} failTitle={saveFailedTitle(true)} againLabel="Try Again">
        {(saved) => (
          <div className="results-layout">
            <ChallengeComplete
              summary={saved.summary}
              standing={saved.standing}
              challengeTitle={challenge.title}
              onTryAgain={game.reset}
            />
            <MidnightCountdown serverMs={msToMidnight} />
            {/* The facts it made secure, drawn by the server (docs/product.md#sticker-book). */}
            {saved.stickerMarkup ? <div dangerouslySetInnerHTML={{ __html: saved.stickerMarkup }} /> : null}
            <WrongAnswers
              wrong={saved.wrong ?? []}
              runId={saved.runId}
              action="/game/practice"
              practise={saved.practise === true}
            />
            <ChallengeBoard title={challenge.title} board={top} />
          </div>
        )}
      </IslandScreens>
    );
  }

  return (
    <div className="results-layout">
      <StartChallenge
        challenge={challenge}
        busy={game.starting}
        error={game.startProblem}
        onStart={() => game.start("/game/start?mode=daily")}
      />
      <MidnightCountdown serverMs={msToMidnight} />
      <ChallengeBoard title={challenge.title} board={top} />
    </div>
  );
}
