import { BoardTable } from "~/components/leaderboard/board-table";
import type { BoardRow } from "~/utils/boards";

/** The all-time top 10 of one challenge, by score then earliest; the player's own rows say '(You)'. */
export function ChallengeBoard({ title, rows }: { title: string; rows: BoardRow[] }) {
  return (
    <section className="card board-panel" aria-labelledby="challenge-board-heading">
      <h2 id="challenge-board-heading">Top 10: {title}</h2>
      <BoardTable rows={rows} caption={`Top 10 scores for ${title}`} emptyText="No entries yet for this challenge." />
    </section>
  );
}
