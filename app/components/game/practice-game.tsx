import { useCallback, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { practicePlay, type SubmittedAnswer } from "~/game";
import type { FinishResponse } from "~/types/runs";
import { IslandFinishing } from "./finish-screens";
import { finishRunRequest } from "./finish-run";
import { Island, type IslandRun } from "./island";

type Saved = Extract<FinishResponse, { ok: true }>;

/**
 * A practice run played in the page (docs/product.md#practise-my-facts): the run was started by a form post, so it
 * plays at once with the practice generator (only this page loads it), then sends its answers like every game.
 */
export function PracticeGame({
  run,
  finishUrl,
  failTitle,
  againTo,
  children,
}: {
  run: IslandRun;
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
        <p className="lead">Getting your practice ready…</p>
      </section>
    );
  }
  if (!finish) return <Island key={run.token} run={run} play={practicePlay} onFinish={send} />;
  return (
    <IslandFinishing
      result={finish.result}
      played={{ run, answers: finish.answers, play: practicePlay }}
      failTitle={failTitle}
      againLabel="Back"
      onRetry={() => send(finish.answers)}
      onAgain={() => window.location.assign(againTo)}
    >
      {children}
    </IslandFinishing>
  );
}
