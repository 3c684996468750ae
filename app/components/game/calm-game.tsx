import { useCallback, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CALM_QUESTIONS, calmPlay, formatNumber, type Problem, type SubmittedAnswer } from "~/game";
import type { FinishResponse } from "~/types/runs";
import { calmFeedback } from "~/utils/calm-play";
import { CalmCount } from "./calm-count";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { IslandFinishing } from "./finish-screens";
import { CALM_RESULTS } from "./practice-results";
import { finishRunRequest } from "./finish-run";
import { Island, type IslandRun } from "./island";
import { sumAsked } from "~/game";

type Saved = Extract<FinishResponse, { ok: true }>;

function describeAnswer(correct: boolean, problem: Problem): string {
  return calmFeedback(correct, formatNumber(problem.answer));
}

/**
 * A member's or visitor's calm game in the page (docs/product.md#calm-play): `Question n of 20` where the clock was,
 * the right answer after a miss, and after the 20th answer its answers go to the finish, as a timed game's do at 0.
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
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState(0);
  const [finish, setFinish] = useState<{ answers: SubmittedAnswer[]; result?: FinishResponse } | null>(null);
  const send = useCallback(
    (answers: SubmittedAnswer[]) => {
      setFinish({ answers });
      void finishRunRequest(run.token, answers, "/game/finish").then((result) => setFinish({ answers, result }));
    },
    [run.token],
  );
  if (!hydrated) {
    return (
      <section className="page page-narrow">
        <p className="lead">{waiting}</p>
      </section>
    );
  }
  if (!finish) {
    return (
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
    );
  }
  // No clock ran out: while the server checks, `All done!` rather than the timed games' `Time’s up!`.
  if (!finish.result) return <CalmChecking />;
  return (
    <IslandFinishing
      result={finish.result}
      played={{ run, answers: finish.answers, play: calmPlay }}
      failTitle={failTitle}
      againLabel="Back"
      onRetry={() => send(finish.answers)}
      onAgain={() => window.location.assign(againTo)}
    >
      {children}
    </IslandFinishing>
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
