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
 * times-tables game, a mode's and the calm game (calm-game.tsx) play the same way with their own generators
 * (docs/product.md#times-tables-game, docs/product.md#calm-play).
 */
export function PracticeGame({
  run,
  play,
  waiting = "Getting your practice ready…",
  finishUrl,
  failTitle,
  againTo,
  playing,
  checking,
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
  /** The game while it plays, given what sends its answers; by default the island with `play`. */
  playing?: (send: (answers: SubmittedAnswer[]) => void) => ReactNode;
  /** Shown while the server checks the answers; by default the finish screens' own. */
  checking?: ReactNode;
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
  if (!finish) return playing ? playing(send) : <Island key={run.token} run={run} play={play} onFinish={send} />;
  if (!finish.result && checking) return checking;
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
