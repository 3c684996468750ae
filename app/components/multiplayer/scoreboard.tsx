import { rankPlayers, type MatchPlayer } from "~/game";
import { TableScroll } from "~/components/table-scroll";

/** The live scoreboard: rank, total correct and total questions, with the way back to setup. */
export function Scoreboard({
  players,
  current,
  onBackToSetup,
}: {
  players: MatchPlayer[];
  current?: number;
  onBackToSetup: () => void;
}) {
  return (
    <section className="card scoreboard" aria-labelledby="scoreboard-heading">
      <h2 id="scoreboard-heading">Scoreboard</h2>
      <TableScroll label="Scores so far">
        <table className="board">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col">Correct</th>
              <th scope="col">Questions</th>
            </tr>
          </thead>
          <tbody>
            {rankPlayers(players).map((p) => (
              <tr key={p.seat} className={p.seat === current ? "board-mine" : undefined}>
                <td>{p.rank}</td>
                <td>{p.name}</td>
                <td>{p.totalScore}</td>
                <td>{p.totalQuestions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={onBackToSetup}>
          Back to Setup
        </button>
      </div>
    </section>
  );
}
