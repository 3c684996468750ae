/**
 * A calm game's place in its questions, where a timed game has its countdown: `Question 5 of 20`
 * (docs/product.md#calm-mode). Drawn like the countdown's words, with no clock and no bar. One component for every
 * calm game (the pupils', and the calm game of members and visitors, in the page or page by page): a chunk the game
 * pages share, never loaded by /game (docs/decisions/0080-game-page-skeleton-and-weight.md).
 */
export function CalmCount({ question, of }: { question: number; of: number }) {
  return (
    <p className="timer timer-text" data-testid="calm-count">
      <span className="timer-label">Question</span>{" "}
      <span className="timer-value">
        {Math.min(question, of)} of {of}
      </span>
    </p>
  );
}
