import { Link } from "@remix-run/react";
import type { Problem } from "~/game";
import { calmFeedback } from "~/utils/calm-play";
import { CalmCount } from "./calm-count";
import { sumAsked } from "~/game";
import { AnswerField } from "./answer-field";
import { FormNumberPad } from "./number-pad-form";
import { PlayStatus } from "./play-status";
import { ProblemDisplay } from "./problem-display";

export type CalmPlayView = {
  token: string;
  sealed: string;
  problem: Problem;
  number: number;
  score: number;
  lastCorrect: boolean | null;
  lastAnswer: string | null;
  lastProblem: Problem | null;
  pending: string;
  secondsLeft: number;
  limit: number;
  questions: number | null;
  touch: boolean;
};

/**
 * One page of a calm game without JavaScript (docs/product.md#calm-play): `Question n of 20` where the clock was (the
 * page has no timed refresh), the score, the feedback on the last answer with the right answer after a miss, the
 * problem, the answer field and the number pad.
 */
export function CalmServerPlay({ view }: { view: CalmPlayView }) {
  return (
    <section id="play" className="game-play" aria-labelledby="play-heading">
      <h1 id="play-heading" className="visually-hidden">
        Play
      </h1>
      <PlayStatus
        secondsLeft={view.secondsLeft}
        total={view.limit}
        clock={<CalmCount question={view.number} of={view.questions ?? view.number} />}
        score={view.score}
        feedback={
          view.lastCorrect === null || !view.lastProblem
            ? null
            : {
                question: view.number - 1,
                correct: view.lastCorrect,
                text: calmFeedback(view.lastCorrect, view.lastAnswer ?? ""),
                sum: sumAsked(view.lastProblem, view.lastCorrect),
              }
        }
      />
      <ProblemDisplay problem={view.problem} number={view.number} />
      <form method="post" className="answer-form" autoComplete="off">
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="answers" value={view.sealed} />
        <AnswerField
          decimal={false}
          touch={view.touch}
          input={{ defaultValue: view.pending, autoFocus: true }}
          enter={{ name: "key", value: "enter" }}
        />
        <FormNumberPad decimal={false} />
      </form>
      <p className="game-hint">
        <Link to="/game/calm">Stop and start again</Link>
      </p>
    </section>
  );
}
