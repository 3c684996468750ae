/** Feedback on the answer just given: the question's number, whether it was right, and what to say. */
export type Feedback = { question: number; correct: boolean; text: string };

/** The game's own feedback words (docs/product.md#on-screen-texts; the pupils' game has the brief's own). */
export const FEEDBACK_TEXTS = {
  correct: "✓ Correct!",
  wrong: "✗ Not quite",
  /** After a miss, the right answer as the game shows numbers ('56', '£12.50'). */
  rightAnswer: (answer: string) => ` — it was ${answer}`,
} as const;

/** The solo, daily and two-player feedback in words: '✓ Correct!' or '✗ Not quite — it was 56'. */
export function feedbackText(correct: boolean, answer: string): string {
  return correct ? FEEDBACK_TEXTS.correct : `${FEEDBACK_TEXTS.wrong}${FEEDBACK_TEXTS.rightAnswer(answer)}`;
}

/**
 * The feedback after each answer, in words and colour, in one polite live region that stays on the page (a new
 * answer replaces its text, so screen readers hear each one once). Its height is fixed, so nothing below it moves.
 * A right answer's words go after a moment (CSS); a miss, with the right answer, stays until the next answer.
 * Nothing here ever waits: the next problem is already there.
 */
export function AnswerFeedback({ feedback }: { feedback: Feedback | null }) {
  return (
    <p className="play-feedback" aria-live="polite" aria-atomic="true">
      {feedback ? (
        <span
          key={feedback.question}
          className={`play-feedback-text play-feedback-${feedback.correct ? "correct" : "wrong"}`}
        >
          <span className="visually-hidden">Question {feedback.question}: </span>
          <span data-testid="feedback">{feedback.text}</span>
        </span>
      ) : null}
    </p>
  );
}
