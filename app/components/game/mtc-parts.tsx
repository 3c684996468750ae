import { StartButton } from "./start-screen";
import type { MtcRow } from "~/types/runs";

/*
 * The rehearsal's parts shared by its pages (docs/product.md#multiplication-tables-check-rehearsal). Our own words
 * (docs/product.md#texts-of-our-own) are constants of their own, so a page carries only those it shows.
 */

export const MTC_TITLE = "Times tables check rehearsal";
export const MTC_AGAIN = "Do another rehearsal";
export const MTC_SEE_RESULTS = "See my results";
export const MTC_GET_READY = "Get ready";

/** Between two questions: the bar's place kept, and `Get ready` (docs/product.md#multiplication-tables-check-rehearsal). */
export function MtcGetReady() {
  return (
    <>
      <div className="mtc-bar-space" />
      <p className="mtc-ready" role="status">
        {MTC_GET_READY}
      </p>
    </>
  );
}
export const MTC_PRACTICE_DONE = "That was the practice";
export const MTC_START_CHECK = "Start the check";
/** When the server could not be asked to start the check (its questions come from it). */
export const MTC_CHECK_NOT_STARTED = "The check could not start. Check your connection, then try again.";
export const mtcCheckIntro = (seconds: number) =>
  `Now the check starts. You have ${seconds} seconds for each question.`;

/** The step's heading: which practice question or which question of the check. */
export function MtcHeading({ practice, number }: { practice: boolean; number: number }) {
  return (
    <>
      <h1 id="mtc-heading" className="mtc-heading">
        {practice ? `Practice question ${number} of 3` : `Question ${number} of 25`}
      </h1>
      {practice ? <p className="mtc-note">These are practice questions</p> : null}
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
      <h1 id="mtc-title">{MTC_TITLE}</h1>
      <p className="lead">
        Try the Multiplication Tables Check. There are 25 times tables questions. You have {seconds} seconds for each
        one. First there are 3 practice questions.
      </p>
      <form method="post" action={action}>
        <StartButton label="Start the rehearsal" />
      </form>
    </section>
  );
}

/**
 * Something kind beside a finished check's score: every band praises the finishing and names a next step, never a
 * failing (docs/product.md#multiplication-tables-check-rehearsal).
 */
export function mtcKindWords(score: number): string {
  if (score >= 25) return "Full marks! You know every one of these.";
  if (score >= 20) return "Great work! Just a few to practise.";
  if (score >= 13) return "Good effort! Practise the ones you missed and try again.";
  return "Well done for finishing the check. A little practice each day will help.";
}

/** A finished check's score: `{n} out of 25`, a kind word, and another go. */
export function MtcScoreCard({ score, againTo }: { score: number; againTo: string }) {
  return (
    <section className="card" aria-labelledby="mtc-results-heading">
      <h1 id="mtc-results-heading">Your check</h1>
      <p className="mtc-score" data-testid="mtc-score">
        {score} out of 25
      </p>
      <p className="lead" data-testid="mtc-kind-words">
        {mtcKindWords(score)}
      </p>
      <a href={againTo} className="button button-secondary">
        {MTC_AGAIN}
      </a>
    </section>
  );
}

/**
 * A finished check question by question, one question a line as the check showed them one at a time (a list, not a
 * table of columns a phone squeezes): the sum with its answer, what was said (or "No answer"), right or wrong and
 * the time taken, each as the server wrote it (so the page carries no formatting of its own).
 */
export function MtcAnswers({ rows }: { rows: readonly MtcRow[] }) {
  return (
    <section className="card answers" aria-labelledby="mtc-answers-heading">
      <h2 id="mtc-answers-heading">Question by question</h2>
      <ol className="mtc-answers" aria-label="Your answers, question by question">
        {rows.map((row, i) => (
          <li key={i} className={row.right ? "answer-right" : "answer-wrong"}>
            <span className="mtc-answer-number">Question {i + 1}</span>
            <strong className="mtc-answer-sum">{row.sum}</strong>
            <span>{!row.answered ? row.said : `You said ${row.said}`}</span>
            <span className="answer-mark">{row.right ? "✓ Right" : "✗ Wrong"}</span>
            <span className="mtc-answer-time">{row.time}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
