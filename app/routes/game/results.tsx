import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChallengeBoard } from "~/components/daily/challenge-board";
import { ChallengeComplete } from "~/components/daily/challenge-complete";
import { MidnightCountdown } from "~/components/daily/midnight-countdown";
import { AnswersTable } from "~/components/game/answers-table";
import { ResultsPanel } from "~/components/game/results-panel";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { getPlayer } from "~/auth/player.server";
import { dailyPanel } from "~/models/boards.server";
import { challengeInfoById, msToNextUtcMidnight } from "~/models/daily.server";
import { challengeTop } from "~/models/leaderboard.server";
import { getRunResult } from "~/models/runs.server";
import gameStyles from "~/styles/game.css?url";
import { pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your Results",
    description: "How your game went, answer by answer.",
    robots: "noindex, nofollow",
  });

/** A finished game's verified results, answer by answer; only its own player may see them. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const player = await getPlayer(request);
  const result = getRunResult(params.runId ?? "", player);
  if (!result) throw new Response("Not Found", { status: 404 });
  const challenge = result.mode === "daily" ? challengeInfoById(result.gameType) : null;
  if (challenge) {
    const top = challengeTop({ challengeId: challenge.id, limit: 10, player });
    return { kind: "daily" as const, result, challenge, top, msToMidnight: msToNextUtcMidnight() };
  }
  return { kind: "solo" as const, result, board: dailyPanel(player) };
}

export default function RunResults() {
  const d = useLoaderData<typeof loader>();
  if (d.kind === "daily") {
    return (
      <div className="results-layout">
        <ChallengeComplete summary={d.result.summary} />
        <MidnightCountdown serverMs={d.msToMidnight} />
        <ChallengeBoard title={d.challenge.title} rows={d.top} />
        <AnswersTable records={d.result.records} />
      </div>
    );
  }
  return (
    <div className="results-layout">
      <ResultsPanel summary={d.result.summary} runId={d.result.runId} />
      <AnswersTable records={d.result.records} />
      <DailyBoardPanel rows={d.board.rows} failed={d.board.failed} />
    </div>
  );
}
