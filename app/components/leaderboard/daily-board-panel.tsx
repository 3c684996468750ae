import { Link } from "@remix-run/react";
import type { BoardRow } from "~/utils/boards";
import { BoardTable } from "./board-table";

/** The top 10 players of the last 24 hours on the normal board (game results and the members' home). */
export function DailyBoardPanel({ rows, failed }: { rows: BoardRow[]; failed?: boolean }) {
  return (
    <section className="card board-panel" aria-labelledby="daily-board-heading">
      <h2 id="daily-board-heading">Daily Leaderboard</h2>
      {failed ? (
        <p className="field-error">
          Failed to load leaderboard. <a href="">Try again</a>
        </p>
      ) : (
        <BoardTable rows={rows} caption="Top 10 players of the last 24 hours" emptyText="No scores yet today. Be the first!" />
      )}
      <p>
        <Link to="/leaderboard">See all leaderboards</Link>
      </p>
    </section>
  );
}
