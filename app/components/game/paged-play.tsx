import type { ReactNode } from "react";
import type { Problem } from "~/game";
import { AnswerField } from "./answer-field";
import type { PagedTimer } from "./countdown";
import { FormNumberPad } from "./number-pad-form";
import { PlayStatus } from "./play-status";
import { ProblemDisplay } from "./problem-display";

/** What one page of a game without JavaScript shows (app/runs/paged.server.ts pagedView). */
export type PagedPlayView = {
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
  touch: boolean;
};

/** The feedback's words on the last answer and its sum, as each game says them. */
export type SayLast = (correct: boolean, problem: Problem, answer: string) => { text: string; sum: string };

/**
 * One page of a game without JavaScript (docs/decisions/0004-server-driven-game.md), for the site's game, the calm
 * game and the pupils' alike: the timer (or `clock` in its place), the score and the feedback on the last answer, the
 * problem, and the answer form (the answer field and the number pad, each key a submit button); `children` after it.
 */
export function PagedPlay({
  view,
  heading,
  className = "game-play",
  paged,
  clock,
  decimal = false,
  say,
  children,
}: {
  view: PagedPlayView;
  heading: string;
  className?: string;
  paged?: PagedTimer;
  clock?: ReactNode;
  /** Whether answers can be decimals (the money challenge): only then the decimal key. */
  decimal?: boolean;
  say: SayLast;
  children: ReactNode;
}) {
  const { lastCorrect, lastProblem } = view;
  const last = lastCorrect === null || !lastProblem ? null : say(lastCorrect, lastProblem, view.lastAnswer ?? "");
  return (
    <section id="play" className={className} aria-labelledby="play-heading">
      <h1 id="play-heading" className="visually-hidden">
        {heading}
      </h1>
      <PlayStatus
        secondsLeft={view.secondsLeft}
        total={view.limit}
        paged={paged}
        clock={clock}
        score={view.score}
        feedback={last && lastCorrect !== null ? { question: view.number - 1, correct: lastCorrect, ...last } : null}
      />
      <ProblemDisplay problem={view.problem} number={view.number} />
      <form method="post" className="answer-form" autoComplete="off">
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="answers" value={view.sealed} />
        <AnswerField
          decimal={decimal}
          touch={view.touch}
          input={{ defaultValue: view.pending, autoFocus: true }}
          enter={{ name: "key", value: "enter" }}
        />
        <FormNumberPad decimal={decimal} />
      </form>
      {children}
    </section>
  );
}
