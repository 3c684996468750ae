import { useCallback, useState, type ReactNode } from "react";
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
  const [finish, setFinish] = useState<{ answers: SubmittedAnswer[]; result?: FinishResponse } | null>(null);
  const send = useCallback(
    (answers: SubmittedAnswer[]) => {
      setFinish({ answers });
      void finishRunRequest(run.token, answers, finishUrl).then((result) => setFinish({ answers, result }));
    },
    [run.token, finishUrl],
  );
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
