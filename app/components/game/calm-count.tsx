/**
 * A calm game's place in its questions, where a timed game has its countdown: `Question 5 of 20`
 * (docs/product.md#calm-mode). Drawn like the countdown's words, with no clock and no bar. Loaded only by the pages
 * of a game that can be calm (the pupils'), never by /game (docs/decisions/0026-client-weight-budget.md).
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
