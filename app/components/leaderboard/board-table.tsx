import type { BoardRow } from "~/types/leaderboard";
import { TableScroll } from "~/components/table-scroll";
import { useCachedMarkup } from "~/utils/markup-cache";

type TableProps = { rows: BoardRow[]; caption: string };

/**
 * A ranked board; the viewer's own rows are marked '(You)'. On a narrow phone it scrolls inside its card. The rows
 * are read for every request; the server keeps the table's markup per exact rows, so the same board is not drawn
 * again for the next visitor (docs/decisions/0033-kept-markup-for-boards.md).
 */
export function BoardTable({ rows, caption, emptyText }: TableProps & { emptyText: string }) {
  if (rows.length === 0) return <p className="board-empty">{emptyText}</p>;
  return <KeptTable rows={rows} caption={caption} />;
}

function KeptTable(props: TableProps) {
  const kept = useCachedMarkup(RankedTable, props);
  return <TableScroll label={props.caption} kept={kept} />;
}

export function RankedTable({ rows, caption }: TableProps) {
  return (
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
          <tr key={row.rank} className={row.mine ? "board-mine" : undefined} data-testid="board-row">
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
  );
}
