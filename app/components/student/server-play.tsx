import { AnswerField } from "~/components/game/answer-field";
import { NumberPad } from "~/components/game/number-pad";
import { PlayStatus } from "~/components/game/play-status";
import { ProblemDisplay } from "~/components/game/problem-display";
import type { Problem } from "~/game";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { BackToDashboard } from "./back-button";

export type ServerPlayView = {
  token: string;
  sealed: string;
  problem: Problem;
  number: number;
  score: number;
  lastCorrect: boolean | null;
  lastAnswer: string | null;
  pending: string;
  secondsLeft: number;
  limit: number;
  /** Whether answers can be decimals (app/game answersMayBeDecimal): a pupil's never are, so no decimal key. */
  decimal: boolean;
};

/**
 * One page of a pupil's game without JavaScript (docs/product.md#server-driven-game-without-javascript): the time
 * left, the score and the feedback on the last answer, the problem, the answer field and the number pad (each
 * key a submit button), and the back button.
 */
export function StudentServerPlay({ view }: { view: ServerPlayView }) {
  return (
    <section className="game-play student-game-play" aria-labelledby="play-heading">
      <h1 id="play-heading" className="visually-hidden">
        {M.gameTitle}
      </h1>
      <PlayStatus
        secondsLeft={view.secondsLeft}
        total={view.limit}
        live={false}
        score={view.score}
        feedback={
          view.lastCorrect === null
            ? null
            : {
                question: view.number - 1,
                correct: view.lastCorrect,
                text: view.lastCorrect ? M.correct : M.wrong(view.lastAnswer ?? ""),
              }
        }
      />
      <ProblemDisplay problem={view.problem} number={view.number} />
      <form method="post" className="answer-form" autoComplete="off">
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="answers" value={view.sealed} />
        <AnswerField
          decimal={view.decimal}
          input={{ defaultValue: view.pending, autoFocus: true }}
          enter={{ name: "key", value: "enter" }}
        />
        <NumberPad mode="form" decimal={view.decimal} />
      </form>
      <p className="game-hint">The page moves on by itself when the time is up.</p>
      <BackToDashboard />
    </section>
  );
}
