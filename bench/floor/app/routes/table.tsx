// The floor page: a 20-row table from a constant, through a loader, as a leaderboard page would be without
// a database, a session or a layout.
import { useLoaderData } from "@remix-run/react";

const ROWS = Array.from({ length: 20 }, (_, i) => ({
  rank: i + 1,
  name: `Player ${i + 1}`,
  score: 400 - i * 7,
  accuracy: 100 - i,
}));

export const meta = () => [{ title: "Floor" }];

export const loader = () => ({ rows: ROWS });

export default function Table() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Top 20</h1>
      <table>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Name</th>
            <th scope="col">Score</th>
            <th scope="col">Accuracy</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rank}>
              <td>{row.rank}</td>
              <td>{row.name}</td>
              <td>{row.score}</td>
              <td>{row.accuracy}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
