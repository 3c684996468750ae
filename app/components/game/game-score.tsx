/**
 * The score, as prominent as the problem: 'Score: N', or (two-player) 'N questions answered' with the right answers
 * beside it, as big: the match is won on right answers (docs/product.md#turns-and-rounds). Its text stays exactly
 * that for screen readers and tests; only the numbers are drawn big.
 */
export function GameScore({ value, right }: { value: number; right?: number }) {
  const number = <span className="game-score-value">{value}</span>;
  return right === undefined ? (
    <p className="game-score" data-testid="score">
      <span className="game-score-label">Score:</span> {number}
    </p>
  ) : (
    <>
      <p className="game-score" data-testid="score">
        {number} <span className="game-score-label">questions answered</span>
      </p>
      <p className="game-score" data-testid="right-answers">
        <span className="game-score-value">{right}</span> <span className="game-score-label">correct</span>
      </p>
    </>
  );
}
