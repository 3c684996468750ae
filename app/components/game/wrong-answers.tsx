import { formatNumber, problemTextForScreen } from "~/game";
import type { WrongAnswer } from "~/types/runs";

/** The texts of "The ones to practise" (docs/product.md#wrong-answers-after-a-game). */
export const WRONG_TEXTS = {
  heading: "The ones to practise",
  intro: "Everyone gets some wrong. Here are the right answers.",
  said: "You said",
  button: "Practise these",
} as const;

/**
 * The answers a finished game got wrong, each sum with its right answer and what the player said, and "Practise
 * these": a plain form POST (so it works without JavaScript) that starts practice on those facts. With JavaScript
 * the button says so (`island`), and the practice is played in the page.
 */
export function WrongAnswers({
  wrong,
  runId,
  action,
  practise,
  island,
}: {
  wrong: readonly WrongAnswer[];
  runId: string;
  /** The practice start of the player's area: /game/practice, or /student-game/practice for a pupil. */
  action: string;
  /** Whether any wrong answer is a fact (a sum of money or a percentage is not): no button otherwise. */
  practise: boolean;
  /**
   * Drawn by the server for the game in the page at /game (no script of its own there): the button asks for the
   * practice in the page from the start.
   */
  island?: boolean;
}) {
  if (wrong.length === 0) return null;
  return (
    <section className="card wrong-answers" aria-labelledby="wrong-heading" data-testid="wrong-answers">
      <h2 id="wrong-heading">{WRONG_TEXTS.heading}</h2>
      <p>{WRONG_TEXTS.intro}</p>
      <ul className="wrong-list">
        {wrong.map((answer, i) => (
          <li key={i}>
            <strong>{problemTextForScreen(answer.problem).replace("?", formatNumber(answer.correctAnswer))}</strong>{" "}
            <span>
              ({WRONG_TEXTS.said} {answer.userAnswer})
            </span>
          </li>
        ))}
      </ul>
      {practise ? (
        <form method="post" action={action}>
          <input type="hidden" name="runId" value={runId} />
          <button
            type="submit"
            name="go"
            value={island ? "island" : "paged"}
            className="button button-primary"
            onClick={(event) => (event.currentTarget.value = "island")}
          >
            {WRONG_TEXTS.button}
          </button>
        </form>
      ) : null}
    </section>
  );
}
