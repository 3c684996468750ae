import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ResultsPanel } from "~/components/game/results-panel";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { formatNumber } from "~/game";
import { getPlayer } from "~/auth/player.server";
import { dailyPanel } from "~/models/boards.server";
import { getRunResult } from "~/models/runs.server";
import gameStyles from "~/styles/game.css?url";
import { pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Your Results", description: "How your game went, answer by answer.", robots: "noindex, nofollow" });

/** A finished game's verified results, answer by answer; only its own player may see them. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const player = await getPlayer(request);
  const result = getRunResult(params.runId ?? "", player);
  if (!result) throw new Response("Not Found", { status: 404 });
  return { result, board: dailyPanel(player) };
}

export default function RunResults() {
  const { result, board } = useLoaderData<typeof loader>();
  return (
    <div className="results-layout">
      <ResultsPanel summary={result.summary} runId={result.runId} />
      <section className="card answers" aria-labelledby="answers-heading">
        <h2 id="answers-heading">Your answers</h2>
        {result.records.length === 0 ? (
          <p>No answers this time. Have another go!</p>
        ) : (
          <table className="answers-table">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Your answer</th>
                <th scope="col">Correct answer</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {result.records.map((record, i) => (
                <tr key={i} className={record.isCorrect ? "answer-right" : "answer-wrong"}>
                  <td>{record.problem.replace(" = ?", "")}</td>
                  <td>{record.userAnswer}</td>
                  <td>{formatNumber(record.correctAnswer)}</td>
                  <td>{record.isCorrect ? "✓ Correct" : "✗ Wrong"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <DailyBoardPanel rows={board.rows} failed={board.failed} />
    </div>
  );
}
