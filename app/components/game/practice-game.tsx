import { useCallback, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { SubmittedAnswer } from "~/game";
import type { FinishResponse } from "~/types/runs";
import { IslandFinishing } from "./finish-screens";
import { finishRunRequest } from "./finish-run";
import { Island, type IslandRun, type MakePlay } from "./island";

type Saved = Extract<FinishResponse, { ok: true }>;

/**
 * A practice run played in the page (docs/product.md#practise-my-facts): the run was started by a form post, so it
 * plays at once with the practice generator (only this page loads it), then sends its answers like every game. A
 * times-tables game plays the same way with its own generator (docs/product.md#times-tables-game).
 */
export function PracticeGame({
  run,
  play,
  waiting = "Getting your practice ready…",
  finishUrl,
  failTitle,
  againTo,
  children,
}: {
  run: IslandRun;
  /** The run's mode's engine: practicePlay, tablesPlay. */
  play: MakePlay;
  /** Said until the page is ready to play. */
  waiting?: string;
  finishUrl: string;
  failTitle: string;
  /** Where "Try again" leads when the run was refused. */
  againTo: string;
  children: (saved: Saved) => ReactNode;
}) {
  const hydrated = useHydrated();
  const [finish, setFinish] = useState<{ answers: SubmittedAnswer[]; result?: FinishResponse } | null>(null);
  const send = useCallback(
    (answers: SubmittedAnswer[]) => {
      setFinish({ answers });
      void finishRunRequest(run.token, answers, finishUrl).then((result) => setFinish({ answers, result }));
    },
    [run.token, finishUrl],
  );
  // The game in the page reads the browser (its clock, sound, screen): it starts once the page is hydrated.
  if (!hydrated) {
    return (
      <section className="page page-narrow">
        <p className="lead">{waiting}</p>
      </section>
    );
  }
  if (!finish) return <Island key={run.token} run={run} play={play} onFinish={send} />;
  return (
    <IslandFinishing
      result={finish.result}
      played={{ run, answers: finish.answers, play }}
      failTitle={failTitle}
      againLabel="Back"
      onRetry={() => send(finish.answers)}
      onAgain={() => window.location.assign(againTo)}
    >
      {children}
    </IslandFinishing>
  );
}
