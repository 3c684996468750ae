import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { livePaths } from "~/live/protocol";
import { liveReport } from "~/live/report";
import { requireHostedGame } from "./live.server";
import { liveHead } from "./live-head";

/* The host's report of a live game (docs/product.md#live-game): each player's answers, and who missed each sum. */

export const { links, meta } = liveHead({
  title: "Live game report",
  description: "Each player's answers in a live game.",
  path: livePaths.host,
  robots: "noindex, nofollow",
});

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const game = await requireHostedGame(request, params.code);
  return { code: game.code, phase: game.phase, report: liveReport(game) };
}

export default function LiveReportPage() {
  const { code, phase, report } = useLoaderData<typeof loader>();
  return (
    <section className="page live-report" aria-labelledby="live-report-heading">
      <h1 id="live-report-heading">Live game report</h1>
      <p className="lead">
        Game {code}, round {report.round}
        {phase === "podium" ? "" : " (still going: the answers so far)"}
      </p>
      <p>
        <Link to={livePaths.screen(code)}>Back to the big screen</Link>
      </p>
      <h2>Sums that were missed</h2>
      {report.misses.length === 0 ? (
        <p>No one got a sum wrong.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Sum</th>
              <th scope="col">Answer</th>
              <th scope="col">Who got it wrong</th>
            </tr>
          </thead>
          <tbody>
            {report.misses.map((miss) => (
              <tr key={miss.problem}>
                <td>{miss.problem}</td>
                <td>{miss.answer}</td>
                <td>{miss.names.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Each player</h2>
      {report.players.map((player) => (
        <section key={player.id} className="live-report-player" aria-labelledby={`player-${player.id}`}>
          <h3 id={`player-${player.id}`}>
            {player.name}: {player.right} right of {player.answered}
          </h3>
          {player.answers.length === 0 ? (
            <p>No answers.</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Sum</th>
                  <th scope="col">Their answer</th>
                  <th scope="col">Right?</th>
                </tr>
              </thead>
              <tbody>
                {player.answers.map((answer, k) => (
                  <tr key={k}>
                    <td>{answer.problem}</td>
                    <td>{answer.given}</td>
                    <td>{answer.correct ? "Right" : `Wrong (${answer.answer})`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: livePaths.host, label: "Host a live game" }]} />;
}
