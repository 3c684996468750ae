import type { MatchPlayer } from "~/game";

export function WaitingScreen({
  player,
  round,
  rounds,
  onStart,
}: {
  player: string;
  round: number;
  rounds: number;
  onStart: () => void;
}) {
  return (
    <section className="page page-narrow turn-card" aria-labelledby="turn-heading">
      <p className="eyebrow">
        Round {round} of {rounds}
      </p>
      <h1 id="turn-heading">{player}’s turn</h1>
      <p className="lead">You have 60 seconds to answer as many questions as possible. Ready?</p>
      <div className="button-row">
        <button type="button" className="button button-primary button-large" onClick={onStart} autoFocus>
          Start Turn
        </button>
      </div>
    </section>
  );
}

export function RoundSummary({
  round,
  players,
  onNext,
}: {
  round: number;
  players: MatchPlayer[];
  onNext: () => void;
}) {
  return (
    <section className="page page-narrow turn-card" aria-labelledby="round-heading">
      <h1 id="round-heading">Round {round} Complete!</h1>
      <ul className="round-scores">
        {players.map((p, seat) => (
          <li key={seat}>
            <span>{p.name}</span> <strong>{p.currentRoundScore}</strong> correct this round
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" className="button button-primary button-large" onClick={onNext} autoFocus>
          Start Round {round + 1}
        </button>
      </div>
    </section>
  );
}
