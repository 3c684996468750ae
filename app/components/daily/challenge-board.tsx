import { BoardTable } from "~/components/leaderboard/board-table";
import { ReadFailed } from "~/components/read-failed";
import type { BoardRow } from "~/types/leaderboard";
import type { Read } from "~/types/read";

/** The all-time top 10 of one challenge, by score then earliest; the player's own rows say '(You)'. */
export function ChallengeBoard({ title, board }: { title: string; board: Read<BoardRow[]> }) {
  return (
    <section className="card board-panel" aria-labelledby="challenge-board-heading">
      <h2 id="challenge-board-heading">Top 10: {title}</h2>
      {board.ok ? (
        <BoardTable
          rows={board.value}
          caption={`Top 10 scores for ${title}`}
          emptyText="No entries yet for this challenge."
        />
      ) : (
        <ReadFailed message="Failed to load leaderboard" />
      )}
    </section>
  );
}
