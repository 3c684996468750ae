import { formatNumber, formatProblem, type Problem } from "~/game";

/**
 * Feedback on the answer just given: the question's number, whether it was right, what to say, and the sum it is
 * about with its answer ('7 × 8 = 56'), so it never seems to be about the problem now on screen.
 */
export type Feedback = { question: number; correct: boolean; text: string; sum: string };

/**
 * The solo, daily and two-player feedback in words: '✓ Correct!' or '✗ Not quite' (docs/product.md#on-screen-texts;
 * the pupils' game has the brief's own).
 */
export function feedbackText(correct: boolean): string {
  return correct ? "✓ Correct!" : "✗ Not quite";
}

/** A problem with its answer in place of the '?', as the screen shows problems: '7 × 8 = 56', '9 − 4 = 5'. */
export function sumWithAnswer(problem: Problem): string {
  return formatProblem(problem).display.replace("?", formatNumber(problem.answer));
}

/**
 * The feedback after each answer, in words and colour, in one polite live region that stays on the page (a new
 * answer replaces its text, so screen readers hear each one once), the sum it is about first and then the words
 * (docs/product.md#number-pad-and-answer-entry). Its height is fixed, so nothing below it moves. A right answer's
 * words go after a moment (CSS); a miss, with the right answer, stays until the next answer. Nothing here ever
 * waits: the next problem is already there.
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
          <span className="play-feedback-sum" data-testid="feedback-sum">
            {feedback.sum}
          </span>{" "}
          <span data-testid="feedback">{feedback.text}</span>
        </span>
      ) : null}
    </p>
  );
}
