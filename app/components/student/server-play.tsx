import { sumAsked } from "~/game";
import { AnswerField } from "~/components/game/answer-field";
import { FormNumberPad } from "~/components/game/number-pad-form";
import { CalmCount } from "~/components/game/calm-count";
import { PlayStatus } from "~/components/game/play-status";
import { ProblemDisplay } from "~/components/game/problem-display";
import { pagedTimer } from "~/components/game/timer-reel";
import type { Problem } from "~/game";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { BackToDashboard, LeaveGameQuestion } from "./back-button";

export type ServerPlayView = {
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
  /** A calm game's number of questions (no clock shown); null for a timed game. */
  questions: number | null;
  /** Whether answers can be decimals (app/game answersMayBeDecimal): a pupil's never are, so no decimal key. */
  decimal: boolean;
  /** Whether the screen is touched first: no system keyboard over the pad. */
  touch: boolean;
  /** This page as it stands, and the same asking whether to leave the game (the back button's first step). */
  stateUrl: string;
  askUrl: string;
  leaving: boolean;
};

/**
 * One page of a pupil's game without JavaScript (docs/product.md#server-driven-game-without-javascript): the time
 * left, the score and the feedback on the last answer, the problem, the answer field and the number pad (each
 * key a submit button), and the back button, which leads to this page asking "Leave the game?" first.
 */
export function StudentServerPlay({ view }: { view: ServerPlayView }) {
  if (view.leaving) {
    return (
      <div id="play" className="page page-narrow student-dialog">
        <h1 className="visually-hidden">{M.gameTitle}</h1>
        <LeaveGameQuestion stayUrl={`${view.stateUrl}#play`} />
      </div>
    );
  }
  return (
    <section id="play" className="game-play student-game-play" aria-labelledby="play-heading">
      <h1 id="play-heading" className="visually-hidden">
        {M.gameTitle}
      </h1>
      <PlayStatus
        secondsLeft={view.secondsLeft}
        total={view.limit}
        paged={view.questions ? undefined : pagedTimer(view.secondsLeft)}
        clock={view.questions ? <CalmCount question={view.number} of={view.questions} /> : undefined}
        score={view.score}
        feedback={
          view.lastCorrect === null || !view.lastProblem
            ? null
            : {
                question: view.number - 1,
                correct: view.lastCorrect,
                text: view.lastCorrect ? M.correct : M.wrong(view.lastAnswer ?? ""),
                sum: sumAsked(view.lastProblem, view.lastCorrect),
              }
        }
      />
      <ProblemDisplay problem={view.problem} number={view.number} />
      <form method="post" className="answer-form" autoComplete="off">
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="answers" value={view.sealed} />
        <AnswerField
          decimal={view.decimal}
          touch={view.touch}
          input={{ defaultValue: view.pending, autoFocus: true }}
          enter={{ name: "key", value: "enter" }}
        />
        <FormNumberPad decimal={view.decimal} />
      </form>
      {view.questions ? null : <p className="game-hint">The page moves on by itself when the time is up.</p>}
      <BackToDashboard askUrl={view.askUrl} />
    </section>
  );
}
