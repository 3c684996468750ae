import { PlainLink } from "~/components/plain-link";
import { ReadFailed } from "~/components/read-failed";
import type { BoardRow } from "~/types/leaderboard";
import type { Read } from "~/types/read";
import { boardHref, boardTitle, type PanelBoard } from "~/utils/board-names";
import { BoardTable } from "./board-table";

/**
 * The top 10 players of the last 24 hours on one board, `shows` (the line under the heading names it, and the link
 * leads to it): Normal, every game length, on the home page; beside a game's results, the board its place is on, so
 * the two never disagree (docs/product.md#daily-leaderboard-panel). `board` is `null` while it is being asked for
 * (beside a game's results in the page).
 */
export function DailyBoardPanel({ board, shows }: { board: Read<BoardRow[]> | null; shows: PanelBoard }) {
  const which = `Today’s top 10 on the ${boardTitle(shows.board, shows.time)}`;
  return (
    <section className="card board-panel" aria-labelledby="daily-board-heading" data-testid="board-panel">
      <h2 id="daily-board-heading">Daily Leaderboard</h2>
      <p className="board-panel-which">{which}</p>
      {!board ? (
        <p>Loading...</p>
      ) : board.ok ? (
        <BoardTable rows={board.value} caption={which} emptyText="No scores yet today. Be the first!" />
      ) : (
        <ReadFailed message="Failed to load leaderboard" />
      )}
      <p>
        <PlainLink to={boardHref("daily", shows.board, shows.time)}>See all leaderboards</PlainLink>
      </p>
    </section>
  );
}
