import { AnswerField } from "./answer-field";
import {
  MtcGetReady,
  MTC_PRACTICE_DONE,
  MTC_SEE_RESULTS,
  MTC_START_CHECK,
  MtcBar,
  MtcHeading,
  mtcCheckIntro,
} from "./mtc-parts";
import { ProblemDisplay } from "./problem-display";
import type { MtcStep } from "~/types/mtc";

/* The rehearsal without JavaScript: one page a step, each refreshing itself at its time (mtc.server.ts). */

/** A step's page (app/types/mtc.ts). */
export type MtcPage = MtcStep;

function Hidden({ token, sealed }: { token: string; sealed: string }) {
  return (
    <>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="answers" value={sealed} />
    </>
  );
}

export function MtcPagedStep({ page }: { page: MtcPage }) {
  if (page.kind === "done") {
    return (
      <section className="page page-narrow" aria-labelledby="mtc-done">
        <h1 id="mtc-done">You have finished the check</h1>
        <form method="post">
          <Hidden token={page.token} sealed={page.sealed} />
          <button type="submit" name="intent" value="finish" className="button button-primary button-large">
            {MTC_SEE_RESULTS}
          </button>
        </form>
      </section>
    );
  }
  if (page.kind === "start-check") {
    return (
      <section className="page page-narrow mtc-step" aria-labelledby="mtc-start-heading">
        <h1 id="mtc-start-heading">{MTC_PRACTICE_DONE}</h1>
        <p className="lead">{mtcCheckIntro(page.seconds)}</p>
        <form method="post">
          <Hidden token={page.token} sealed={page.sealed} />
          <button type="submit" name="intent" value="start-check" className="button button-primary button-large">
            {MTC_START_CHECK}
          </button>
        </form>
      </section>
    );
  }
  return (
    <section id="play" className="game-play mtc-play" aria-labelledby="mtc-heading">
      <MtcHeading practice={page.practice} number={page.number} />
      {page.kind === "question" ? (
        <>
          <MtcBar seconds={page.seconds} from={page.left} />
          <ProblemDisplay problem={page.problem} number={page.number} />
          <form method="post" className="answer-form" autoComplete="off">
            <Hidden token={page.token} sealed={page.sealed} />
            <input type="hidden" name="intent" value="answer" />
            <AnswerField decimal={false} input={{ defaultValue: "", autoFocus: true }} />
          </form>
        </>
      ) : (
        <MtcGetReady />
      )}
    </section>
  );
}
