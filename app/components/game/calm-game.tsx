import { useState, type ReactNode } from "react";
import { CALM_QUESTIONS, calmPlay, formatNumber, type Problem } from "~/game";
import type { FinishResponse } from "~/types/runs";
import { calmFeedback } from "~/utils/calm-play";
import { CalmCount } from "./calm-count";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { CALM_RESULTS } from "./practice-results";
import { Island, type IslandRun } from "./island";
import { PracticeGame } from "./practice-game";
import { sumAsked } from "~/game";

type Saved = Extract<FinishResponse, { ok: true }>;

function describeAnswer(correct: boolean, problem: Problem): string {
  return calmFeedback(correct, formatNumber(problem.answer));
}

/**
 * A member's or visitor's calm game in the page (docs/product.md#calm-play), played as a practice run is: `Question n
 * of 20` where the clock was, the right answer after a miss, and after the 20th answer its answers go to the finish,
 * as a timed game's do at 0.
 */
export function CalmGame({
  run,
  waiting,
  againTo,
  failTitle,
  children,
}: {
  run: IslandRun;
  waiting: string;
  againTo: string;
  failTitle: string;
  children: (saved: Saved) => ReactNode;
}) {
  const [answered, setAnswered] = useState(0);
  return (
    <PracticeGame
      run={run}
      play={calmPlay}
      waiting={waiting}
      finishUrl="/game/finish"
      failTitle={failTitle}
      againTo={againTo}
      playing={(send) => (
        <Island
          key={run.token}
          run={run}
          play={calmPlay}
          onFinish={send}
          describeAnswer={describeAnswer}
          sumOf={sumAsked}
          clock={<CalmCount question={answered + 1} of={CALM_QUESTIONS} />}
          onAnswer={(_correct, answers) => {
            setAnswered(answers.length);
            if (answers.length === CALM_QUESTIONS) send(answers.slice());
          }}
        />
      )}
      // No clock ran out: while the server checks, `All done!` rather than the timed games' `Time’s up!`.
      checking={<CalmChecking />}
    >
      {children}
    </PracticeGame>
  );
}

function CalmChecking() {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="page page-narrow">
      <h1 ref={heading} tabIndex={-1}>
        {CALM_RESULTS.allDone}
      </h1>
      <p className="lead">Checking your answers…</p>
    </section>
  );
}
