import type { BoardRow } from "~/types/leaderboard";
import { TableScroll } from "~/components/table-scroll";

/** A ranked board; the viewer's own rows are marked '(You)'. On a narrow phone it scrolls inside its card. */
export function BoardTable({ rows, caption, emptyText }: { rows: BoardRow[]; caption: string; emptyText: string }) {
  if (rows.length === 0) return <p className="board-empty">{emptyText}</p>;
  return (
    <TableScroll label={caption}>
      <table className="board">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col">Score</th>
            <th scope="col">Accuracy</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.entryId} className={row.mine ? "board-mine" : undefined} data-testid="board-row">
              <td>{row.rank}</td>
              <td className="board-name">
                {row.name}
                {row.mine ? <strong className="you-marker"> (You)</strong> : null}
              </td>
              <td>
                {row.score}
                <span className="board-total">/{row.totalQuestions}</span>
              </td>
              <td>{row.accuracy}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
