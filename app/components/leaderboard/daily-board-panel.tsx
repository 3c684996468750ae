import { Link, useRevalidator } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { BoardRow } from "~/utils/boards";
import { BoardTable } from "./board-table";

/** The top 10 players of the last 24 hours on the normal board (game results and the members' home). */
export function DailyBoardPanel({ rows, failed }: { rows: BoardRow[]; failed?: boolean }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  return (
    <section className="card board-panel" aria-labelledby="daily-board-heading">
      <h2 id="daily-board-heading">Daily Leaderboard</h2>
      {failed ? (
        <p className="field-error">
          Failed to load leaderboard.{" "}
          {/* With JavaScript only the board reloads, keeping the results on screen; without it, the page. */}
          {hydrated ? (
            <button type="button" className="link-button" onClick={() => revalidator.revalidate()}>
              Try again
            </button>
          ) : (
            <a href="">Try again</a>
          )}
        </p>
      ) : (
        <BoardTable
          rows={rows}
          caption="Top 10 players of the last 24 hours"
          emptyText="No scores yet today. Be the first!"
        />
      )}
      <p>
        <Link to="/leaderboard">See all leaderboards</Link>
      </p>
    </section>
  );
}
