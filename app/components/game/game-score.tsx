/**
 * The score, as prominent as the problem: 'Score: N', or (two-player) 'N questions answered'. Its text stays
 * exactly that for screen readers and tests; only the number is drawn big.
 */
export function GameScore({ value, counter = "score" }: { value: number; counter?: "score" | "answered" }) {
  return (
    <p className="game-score" data-testid="score">
      {counter === "score" ? (
        <>
          <span className="game-score-label">Score:</span> <span className="game-score-value">{value}</span>
        </>
      ) : (
        <>
          <span className="game-score-value">{value}</span> <span className="game-score-label">questions answered</span>
        </>
      )}
    </p>
  );
}
