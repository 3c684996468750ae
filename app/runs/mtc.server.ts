import {
  DEFAULT_MTC_QUESTION_SECONDS,
  formatNumber,
  problemTextForScreen,
  MTC_STEPS,
  questionOfStep,
  sanitizeAnswer,
  stepAppearsAt,
  stepLimitMs,
  type MtcQuestionSeconds,
  type RunSpec,
  type SubmittedAnswer,
} from "~/game";
import {
  MTC_LATE_GRACE_MS,
  MTC_PRACTICE_QUESTIONS,
  MTC_START_STEP,
  isMtcQuestionSeconds,
  mtcSecondsOf,
  mtcSequence,
} from "~/game/mtc";
import type { MtcStep } from "~/types/mtc";
import type { MtcRow } from "~/types/runs";
import { wrongAnswersOf, wrongFactsOf } from "~/facts/wrong";
import type { RunResult } from "~/models/runs.server";
import { now } from "~/utils/clock.server";
import { mtcCheckSeedOf } from "./mtc-check-start.server";
import { recordPagedAnswers } from "./paged-progress.server";
import { pagedUrl, type PagedRun } from "./paged.server";
import { studentGameSettings } from "./student.server";
import { runDeadline } from "./tokens.server";

/*
 * The Multiplication Tables Check rehearsal on the server (docs/product.md#multiplication-tables-check-rehearsal,
 * docs/decisions/0052-mtc-rehearsal.md): its spec, and its game without JavaScript. That game is the server-driven
 * game's own state (paged.server.ts): the run's token and the entries so far, sealed to it, each stamped with the
 * server's clock (ms since the run's start). Each step's deadline follows from them, so nothing more is carried.
 */

/**
 * A pupil's seconds a question: the one place that says it, so extra time can change it
 * (docs/product.md#multiplication-tables-check-rehearsal).
 */
export function mtcQuestionSecondsFor(student: { studentId: string }): MtcQuestionSeconds {
  // 6 seconds × the extra time their teacher gave them (1, 1.5 or 2): 6, 9 or 12 (docs/product.md#teachers).
  const extraTime = studentGameSettings(student.studentId)?.extraTime ?? 1;
  const seconds = DEFAULT_MTC_QUESTION_SECONDS * extraTime;
  return isMtcQuestionSeconds(seconds) ? seconds : DEFAULT_MTC_QUESTION_SECONDS;
}

/** A member's or visitor's rehearsal: the real check's 6 seconds. */
export function mtcSpec(questionSeconds: MtcQuestionSeconds = DEFAULT_MTC_QUESTION_SECONDS): RunSpec {
  return { mode: "mtc", questionSeconds };
}

function lastEnd(spec: RunSpec, entries: readonly SubmittedAnswer[]): number {
  const last = entries[entries.length - 1];
  if (!last) return 0;
  const appears = stepAppearsAt(last.i, entries.length > 1 ? lastEnd(spec, entries.slice(0, -1)) : 0);
  return Math.min(last.t, appears + stepLimitMs(last.i, mtcSecondsOf(spec)));
}

/** When the next step appears and how long it may last, from the entries so far (ms since the run's start). */
function nextStep(spec: RunSpec, entries: readonly SubmittedAnswer[]) {
  const step = entries.length;
  const appearsAt = stepAppearsAt(step, lastEnd(spec, entries));
  return { step, question: questionOfStep(step), appearsAt, limitMs: stepLimitMs(step, mtcSecondsOf(spec)) };
}

/**
 * The entries with every step whose time ran out (`graceMs` after it) ended with no answer: a page left alone goes
 * on by itself, as the real check does.
 */
export function withTimeOuts(spec: RunSpec, entries: readonly SubmittedAnswer[], elapsed: number, graceMs = 0) {
  const result = entries.slice();
  while (result.length < MTC_STEPS) {
    const next = nextStep(spec, result);
    if (elapsed <= next.appearsAt + next.limitMs + graceMs) break;
    result.push({ i: next.step, value: "", t: next.appearsAt + next.limitMs });
  }
  return result;
}

/**
 * The seed of the check's questions page by page: the same rule as in the page (app/runs/mtc-check-start.server.ts),
 * from the moment the server stamped the start step's end (its entry, sealed); null before the check started.
 */
export function mtcPagedCheckSeed(ticket: { id: string }, entries: readonly SubmittedAnswer[]): string | null {
  const start = entries[MTC_START_STEP];
  return start && Number.isFinite(start.t) ? mtcCheckSeedOf(ticket.id, start.t) : null;
}

/** A step's page with its timed refresh (every step but the end), or where a step whose time ran out moved on to. */
export type MtcPagedView =
  | { kind: "moved"; url: string }
  | Extract<MtcStep, { kind: "done" }>
  | (Exclude<MtcStep, { kind: "done" }> & { refreshSeconds: number; stateUrl: string });

function numberOf(question: number): { practice: boolean; number: number } {
  const practice = question < MTC_PRACTICE_QUESTIONS;
  return { practice, number: practice ? question + 1 : question - MTC_PRACTICE_QUESTIONS + 1 };
}

function remember(run: PagedRun, entries: SubmittedAnswer[]) {
  recordPagedAnswers(run.ticket.id, entries, runDeadline(run.ticket), now());
}

/** What a page of the rehearsal without JavaScript shows now; "moved" when time ran out since it was sealed. */
export function mtcPagedView(run: PagedRun, base: string): MtcPagedView {
  const { ticket, token } = run;
  const elapsed = now() - ticket.startedAt;
  const entries = withTimeOuts(ticket.spec, run.answers, elapsed);
  if (entries.length > run.answers.length) {
    remember(run, entries);
    return { kind: "moved", url: pagedUrl(base, token, entries) };
  }
  const stateUrl = pagedUrl(base, token, entries);
  const sealed = new URL(stateUrl, "http://x").searchParams.get("answers") ?? "";
  if (entries.length === MTC_STEPS) return { kind: "done", token, sealed };
  const next = nextStep(ticket.spec, entries);
  const untilEnd = Math.max(1, Math.ceil((next.appearsAt + next.limitMs - elapsed) / 1000));
  const seconds = mtcSecondsOf(ticket.spec);
  if (next.question === null) {
    return { kind: "start-check", token, sealed, seconds, refreshSeconds: untilEnd, stateUrl };
  }
  if (elapsed < next.appearsAt) {
    const refreshSeconds = Math.max(1, Math.ceil((next.appearsAt - elapsed) / 1000));
    return { kind: "pause", ...numberOf(next.question), refreshSeconds, stateUrl };
  }
  return {
    kind: "question",
    token,
    sealed,
    ...numberOf(next.question),
    problem: mtcSequence(ticket.spec, ticket.seed, mtcPagedCheckSeed(ticket, entries))(next.question),
    seconds,
    left: Math.min(1, Math.max(0, (next.appearsAt + next.limitMs - elapsed) / next.limitMs)),
    refreshSeconds: untilEnd,
    stateUrl,
  };
}

/**
 * Where a post of the rehearsal without JavaScript leads: an answer to the question on screen (stamped with the
 * server's clock; one given later than the question's seconds and the grace is not taken, the question ended with no
 * answer), or "Start the check". From an older page (Back) nothing is taken.
 */
export function mtcUrlAfterInput(run: PagedRun, input: { intent: unknown; answer: unknown }, base: string): string {
  const { ticket, token } = run;
  const elapsed = now() - ticket.startedAt;
  if (run.stale || now() > runDeadline(ticket)) return pagedUrl(base, token, run.answers);
  const entries = withTimeOuts(ticket.spec, run.answers, elapsed, MTC_LATE_GRACE_MS);
  if (entries.length < MTC_STEPS) {
    const next = nextStep(ticket.spec, entries);
    const typed = sanitizeAnswer(typeof input.answer === "string" ? input.answer : "");
    if (next.question === null && input.intent === "start-check") {
      entries.push({ i: next.step, value: "", t: elapsed });
    } else if (next.question !== null && input.intent === "answer" && typed !== "" && elapsed >= next.appearsAt) {
      entries.push({ i: next.step, value: typed, t: elapsed });
    }
  }
  if (entries.length > run.answers.length) remember(run, entries);
  return pagedUrl(base, token, entries);
}

/** "No answer", where a question of the check had none. */
export const MTC_NO_ANSWER = "No answer";

/**
 * A finished rehearsal's results from its stored records, written out for the page: each question's time is the gap
 * between its record's time stamp and the one before (the first: from the start), as the finish stored them.
 */
export function mtcResultOf(run: RunResult) {
  let previous = run.startedAt;
  const rows: MtcRow[] = run.records.map((record) => {
    const at = typeof record.timeStamp === "number" ? record.timeStamp : previous;
    const ms = at - previous;
    previous = at;
    return {
      sum: problemTextForScreen(record.problem).replace("?", formatNumber(record.correctAnswer)),
      said: record.userAnswer === "" ? MTC_NO_ANSWER : record.userAnswer,
      answered: record.userAnswer !== "",
      right: record.isCorrect,
      ms,
      time: `${(Math.round(ms / 100) / 10).toFixed(1)} s`,
    };
  });
  return {
    runId: run.runId,
    score: run.summary.score,
    rows,
    // The ones to practise say what was said: nothing, for a question with no answer.
    wrong: wrongAnswersOf(run.records).map((answer) => ({ ...answer, userAnswer: answer.userAnswer || "nothing" })),
    practise: wrongFactsOf(run.records).length > 0,
  };
}
