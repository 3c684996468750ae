import { PlainLink } from "~/components/plain-link";
import { ReadFailed } from "~/components/read-failed";
import type { BoardRow } from "~/types/leaderboard";
import type { Read } from "~/types/read";
import { BoardTable } from "./board-table";

/**
 * The top 10 players of the last 24 hours on the normal board (the home page and a game's results); `null` while
 * it is being asked for (beside a game's results in the page).
 */
export function DailyBoardPanel({ board }: { board: Read<BoardRow[]> | null }) {
  return (
    <section className="card board-panel" aria-labelledby="daily-board-heading">
      <h2 id="daily-board-heading">Daily Leaderboard</h2>
      {!board ? (
        <p>Loading...</p>
      ) : board.ok ? (
        <BoardTable
          rows={board.value}
          caption="Top 10 players of the last 24 hours"
          emptyText="No scores yet today. Be the first!"
        />
      ) : (
        <ReadFailed message="Failed to load leaderboard" />
      )}
      <p>
        <PlainLink to="/leaderboard">See all leaderboards</PlainLink>
      </p>
    </section>
  );
}
