import { formatNumber, problemTextForScreen, type Problem } from "~/game";
import { TableScroll } from "~/components/table-scroll";
import type { MtcRow, WrongAnswer } from "~/types/runs";
import { AnswerField } from "./answer-field";
import { ProblemDisplay } from "./problem-display";
import { WrongAnswers } from "./wrong-answers";

/** Our own words for the rehearsal (docs/product.md#texts-of-our-own). */
export const MTC_TEXTS = {
  title: "Times tables check rehearsal",
  link: "Rehearse the times tables check",
  intro: (seconds: number) =>
    `Try the Multiplication Tables Check. There are 25 times tables questions. You have ${seconds} seconds for each one. First there are 3 practice questions.`,
  start: "Start the rehearsal",
  loading: "Getting your check ready…",
  practiceNote: "These are practice questions",
  practiceOf: (n: number) => `Practice question ${n} of 3`,
  questionOf: (n: number) => `Question ${n} of 25`,
  getReady: "Get ready",
  practiceDone: "That was the practice",
  checkIntro: (seconds: number) => `Now the check starts. You have ${seconds} seconds for each question.`,
  startCheck: "Start the check",
  done: "You have finished the check",
  seeResults: "See my results",
  saving: "Saving your answers…",
  saveFailed: "Your answers were not saved",
  retry: "Try again",
  outOf: (n: number) => `${n} out of 25`,
  resultsHeading: "Your check",
  noAnswer: "No answer",
  answersHeading: "Question by question",
  again: "Do another rehearsal",
} as const;

/** The step's heading: which practice question or which question of the check. */
export function MtcHeading({ practice, number }: { practice: boolean; number: number }) {
  return (
    <>
      <h1 id="mtc-heading" className="mtc-heading">
        {practice ? MTC_TEXTS.practiceOf(number) : MTC_TEXTS.questionOf(number)}
      </h1>
      {practice ? <p className="mtc-note">{MTC_TEXTS.practiceNote}</p> : null}
    </>
  );
}

/** The question's time: a bar that empties over its seconds, drawn by CSS alone (so it runs without JavaScript). */
export function MtcBar({ seconds, from = 1 }: { seconds: number; from?: number }) {
  // `from`: the share of the time left when the page was drawn (a page without JavaScript loaded late).
  return (
    <div className="mtc-bar" aria-hidden="true">
      <span
        className="mtc-bar-fill"
        style={{ animationDuration: `${seconds * from}s`, width: `${Math.round(from * 100)}%` }}
      />
    </div>
  );
}

/** The start screen: what the rehearsal is, and its start (a plain form; with JavaScript it is played in the page). */
export function MtcStart({ action, seconds }: { action: string; seconds: number }) {
  return (
    <section className="page page-narrow" aria-labelledby="mtc-title">
      <h1 id="mtc-title">{MTC_TEXTS.title}</h1>
      <p className="lead">{MTC_TEXTS.intro(seconds)}</p>
      <form method="post" action={action}>
        <button
          type="submit"
          name="go"
          value="paged"
          className="button button-primary button-large"
          onClick={(event) => (event.currentTarget.value = "island")}
        >
          {MTC_TEXTS.start}
        </button>
      </form>
    </section>
  );
}

function secondsText(ms: number): string {
  return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}

/** A finished check: the score out of 25, each question with the answer, right or not and the time taken. */
export function MtcResults({
  score,
  rows,
  runId,
  wrong,
  practise,
  practiceAction,
  againTo,
}: {
  score: number;
  rows: readonly MtcRow[];
  runId: string;
  wrong: readonly WrongAnswer[];
  practise: boolean;
  /** The practice start of the player's area, for "Practise these". */
  practiceAction: string;
  againTo: string;
}) {
  return (
    <div className="results-layout">
      <section className="card" aria-labelledby="mtc-results-heading">
        <h1 id="mtc-results-heading">{MTC_TEXTS.resultsHeading}</h1>
        <p className="mtc-score" data-testid="mtc-score">
          {MTC_TEXTS.outOf(score)}
        </p>
        <a href={againTo} className="button button-secondary">
          {MTC_TEXTS.again}
        </a>
      </section>
      <WrongAnswers
        wrong={wrong.map((answer) => ({ ...answer, userAnswer: answer.userAnswer || MTC_TEXTS.noAnswer }))}
        runId={runId}
        action={practiceAction}
        practise={practise}
      />
      <section className="card answers" aria-labelledby="mtc-answers-heading">
        <h2 id="mtc-answers-heading">{MTC_TEXTS.answersHeading}</h2>
        <TableScroll label="Your answers, question by question">
          <table className="answers-table">
            <thead>
              <tr>
                <th scope="col">Sum</th>
                <th scope="col">You said</th>
                <th scope="col">Right or wrong</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className={row.isCorrect ? "answer-right" : "answer-wrong"}>
                  <td>{problemTextForScreen(row.problem).replace("?", formatNumber(row.correctAnswer))}</td>
                  <td>{row.userAnswer === "" ? MTC_TEXTS.noAnswer : row.userAnswer}</td>
                  <td className="answer-mark">{row.isCorrect ? "✓ Right" : "✗ Wrong"}</td>
                  <td>{secondsText(row.ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </div>
  );
}

/* The rehearsal without JavaScript: one page a step, each refreshing itself at its time (mtc.server.ts). */

export type MtcPage =
  | { kind: "done"; token: string; sealed: string }
  | { kind: "start-check"; token: string; sealed: string; seconds: number }
  | { kind: "pause"; practice: boolean; number: number }
  | {
      kind: "question";
      token: string;
      sealed: string;
      practice: boolean;
      number: number;
      problem: Problem;
      seconds: number;
      /** The share of the question's time left as the page was made. */
      left: number;
    };

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
        <h1 id="mtc-done">{MTC_TEXTS.done}</h1>
        <form method="post">
          <Hidden token={page.token} sealed={page.sealed} />
          <button type="submit" name="intent" value="finish" className="button button-primary button-large">
            {MTC_TEXTS.seeResults}
          </button>
        </form>
      </section>
    );
  }
  if (page.kind === "start-check") {
    return (
      <section className="page page-narrow mtc-step" aria-labelledby="mtc-start-heading">
        <h1 id="mtc-start-heading">{MTC_TEXTS.practiceDone}</h1>
        <p className="lead">{MTC_TEXTS.checkIntro(page.seconds)}</p>
        <form method="post">
          <Hidden token={page.token} sealed={page.sealed} />
          <button type="submit" name="intent" value="start-check" className="button button-primary button-large">
            {MTC_TEXTS.startCheck}
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
        <>
          <div className="mtc-bar-space" />
          <p className="mtc-ready" role="status">
            {MTC_TEXTS.getReady}
          </p>
        </>
      )}
    </section>
  );
}
