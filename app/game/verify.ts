// The server's replay of a finished run (docs/product.md#finishing-a-run; the timing rules: docs/decisions/0002-timing-floors.md).
// The client sends only its answers; the score is always recomputed here.
import { checkAnswer } from "./check";
import { formatProblem } from "./format";
import { MTC_START_STEP, MTC_STEPS, mtcCheckResults, mtcSequence, mtcTimeline } from "./mtc";
import type { ProblemSequence } from "./play";
import { problemSequence } from "./problems";
import { sanitizeAnswer } from "./numpad";
import { judgePace, type PaceVerdict } from "./pace";
import { parseRunSpec, questionsOf, timeLimitOf, type GameMode, type RunSpec } from "./run-spec";
import { summarize, type AnswerRecord, type ScoreSummary } from "./score";

/** How late a finish may reach the server after the deadline: 10 s, for slow school networks. */
export const FINISH_GRACE_MS = 10_000;

/**
 * How far a client's own answer time may run past the time limit, or past the server's elapsed time:
 * 1 s of clock drift. The island stops taking answers at the limit, and it starts its clock after the
 * server did, so an honest answer time is never later than either; a longer game is a forged one.
 */
export const ANSWER_CLOCK_SLACK_MS = 1_000;

/**
 * No one answers faster than this, on average, over a run: 400 ms per answer (150 a minute) is beyond
 * reading a problem and typing its answer, even for a fast adult. A run may hold at most
 * floor(elapsed / 400) + 1 answers (elapsed = server finish - server start), and its client times must
 * span at least 400 ms per gap between first and last answer. Single fast answers are fine; only the
 * average is held to it. A script that has the seed can still answer every problem right at this pace:
 * the floor bounds what such a score can be, it does not tell a fast child from a program.
 */
export const MIN_MS_PER_ANSWER = 400;

/**
 * How much longer than its own timeline a rehearsal played in the page may have taken on the server's clock, from the
 * run's start to its finish (docs/product.md#multiplication-tables-check-rehearsal): the finish's trip and a slow
 * page, 20 s. The page cannot report 12 s of thinking as 1 s: the time it hid would show here. 20 s over 25
 * questions is under a second a question, less than the grace every answer has.
 */
export const MTC_HIDDEN_TIME_MS = 20_000;

/** Why a rehearsal whose answers account for less time than passed on the server is refused. */
/**
 * How far apart, for a rehearsal in the page, the check's 25 questions may be on the page's timeline (from its
 * `Start the check` to its last answer) and on the server's clock (from the stamp it made at that step to the
 * finish): two trips and a slow page's timers, 5 s, a fifth of a second a question
 * (docs/decisions/0074-fair-play-for-classes-and-addresses.md, "The check's own start").
 */
export const MTC_CHECK_SLACK_MS = 5_000;

/** A rehearsal in the page whose check the server never saw start: it cannot be timed, so it is not scored. */
export const MTC_NOT_TIMED_MESSAGE =
  "This check could not be timed, so there is no score to save. Please start a new check.";

export const MTC_TOO_SLOW_MESSAGE =
  "This check took longer than its questions allow, so there is no score to save. Each question has its own seconds.";

/** A finish with no answers is no game: nothing to score or keep. */
export const NO_ANSWERS_MESSAGE = "No answers were given in this game, so there is no score to save.";

/** Longest answer text accepted; the number pad makes at most 10 characters. */
const MAX_VALUE_LENGTH = 32;

export interface SubmittedAnswer {
  /** Problem index: 0, 1, 2, … in order. */
  i: number;
  value: string;
  /** Ms since the run started, as the client measured (server time in the no-JS mode). */
  t: number;
}

export interface RunSubmission {
  /** Validated again here, as it usually comes from a token or a form. */
  spec: RunSpec;
  seed: string;
  answers: readonly SubmittedAnswer[];
  /** Server epoch ms. */
  startedAt: number;
  finishedAt: number;
  /**
   * Each answer's `t` is the server's own clock (the game without JavaScript stamps and seals every answer), so
   * the pace is judged on true times; otherwise on the client's, within the server's elapsed time.
   */
  serverTimed?: boolean;
  /**
   * An MTC rehearsal in the page: server epoch ms when its check started (`Start the check`), stamped by the server
   * as the page asked (app/runs/mtc-check-start.server.ts); null or absent when no stamp came.
   */
  checkStartedAt?: number | null;
  /**
   * An MTC rehearsal: the seed of its check's 25 questions, which only the server can make and gives when the check
   * starts (in the page: the stamp's, and the page names it in its start step's entry; page by page: the server's own
   * for that step). Null or absent when there is none: the check is not scored.
   */
  checkSeed?: string | null;
}

export type RefusalReason =
  | "invalid-spec"
  | "invalid-run"
  | "finished-before-start"
  | "finished-late"
  | "no-answers"
  | "malformed-answers"
  | "answer-order"
  | "empty-answer"
  | "bad-timing"
  | "too-fast"
  | "too-many-answers";

export type VerifyResult =
  /** `pace`: whether the answer times are humanly plausible (docs/decisions/0024-human-pace.md). */
  | { ok: true; summary: ScoreSummary; records: AnswerRecord[]; pace: PaceVerdict }
  | { ok: false; reason: RefusalReason; message: string };

/** Server epoch ms when the run's time is up. */
export function deadlineOf(spec: RunSpec, startedAt: number): number {
  return startedAt + timeLimitOf(spec) * 1000;
}

function refuse(reason: RefusalReason, message: string): VerifyResult {
  return { ok: false, reason, message };
}

function isAnswer(value: unknown): value is SubmittedAnswer {
  if (typeof value !== "object" || value === null) return false;
  const { i, value: text, t } = value as Record<string, unknown>;
  return Number.isInteger(i) && typeof text === "string" && typeof t === "number" && Number.isFinite(t);
}

export function verifyRun(submission: RunSubmission): VerifyResult {
  const spec = parseRunSpec(submission.spec);
  if (!spec) return refuse("invalid-spec", "This game’s settings are not valid.");
  const { seed, answers, startedAt, finishedAt } = submission;
  if (typeof seed !== "string" || seed === "" || !Number.isFinite(startedAt) || !Number.isFinite(finishedAt)) {
    return refuse("invalid-run", "This game could not be checked: its details are incomplete.");
  }
  if (finishedAt < startedAt) return refuse("finished-before-start", "This game finished before it started.");
  if (finishedAt > deadlineOf(spec, startedAt) + FINISH_GRACE_MS) {
    return refuse("finished-late", "This game was sent after its time ran out, so it cannot be scored.");
  }

  const elapsedMs = finishedAt - startedAt;
  if (!Array.isArray(answers)) return refuse("malformed-answers", "The answers sent were not in the expected form.");
  if (spec.mode === "mtc") {
    const check = {
      startedMs: submission.checkStartedAt == null ? null : submission.checkStartedAt - startedAt,
      seed: submission.checkSeed ?? null,
    };
    return verifyMtc(spec, seed, answers, startedAt, elapsedMs, submission.serverTimed === true, check);
  }
  if (answers.length === 0) return refuse("no-answers", NO_ANSWERS_MESSAGE);
  // A calm game ends after its last question (docs/product.md#calm-mode).
  const questions = questionsOf(spec);
  if (questions !== null && answers.length > questions) {
    return refuse("too-many-answers", `This game has ${questions} questions, but more answers were sent.`);
  }
  // Checked before anything is generated, so a huge forged list costs nothing.
  if (answers.length > Math.floor(elapsedMs / MIN_MS_PER_ANSWER) + 1) {
    return refuse("too-fast", "There are more answers than anyone could give in that time.");
  }

  const limitMs = Math.min(timeLimitOf(spec) * 1000, elapsedMs) + ANSWER_CLOCK_SLACK_MS;
  let previousT = 0;
  for (let k = 0; k < answers.length; k++) {
    const answer: unknown = answers[k];
    if (!isAnswer(answer) || answer.value.length > MAX_VALUE_LENGTH) {
      return refuse("malformed-answers", "The answers sent were not in the expected form.");
    }
    if (answer.i !== k) {
      return refuse(
        "answer-order",
        `Answers must be for questions 1, 2, 3… in order, each once; answer ${k + 1} was for question ${answer.i + 1}.`,
      );
    }
    if (answer.value.trim() === "") return refuse("empty-answer", `The answer to question ${k + 1} is empty.`);
    // Only what the answer field or number pad can build (digits, one point): anything else is not an answer,
    // and is stored nowhere.
    if (sanitizeAnswer(answer.value) !== answer.value) {
      return refuse("malformed-answers", `Answer ${k + 1} is not a number.`);
    }
    if (answer.t < 0) return refuse("bad-timing", `Answer ${k + 1} has a time before the game started.`);
    if (answer.t < previousT) {
      return refuse("bad-timing", `Answer ${k + 1} has a time earlier than the answer before it.`);
    }
    if (answer.t > limitMs) return refuse("bad-timing", `Answer ${k + 1} was given after the time ran out.`);
    previousT = answer.t;
  }
  const first = answers[0];
  const last = answers[answers.length - 1];
  if (first && last && last.t - first.t < (answers.length - 1) * MIN_MS_PER_ANSWER) {
    return refuse("too-fast", "These answers came faster than anyone could give them.");
  }

  const problemFor = problemSequence(spec, seed);
  const problems = answers.map((answer) => problemFor(answer.i));
  // The problems made once, for the records and the pace alike (answer k is for problem k, checked above).
  const records = markAnswers(spec.mode, (i) => problems[i]!, answers, startedAt);
  // Each answer's own time: from the one before it (the first, from the start).
  // The run's span: its last answer's time, which the checks above keep within the server's own elapsed time, so
  // the count of right answers over it is the server's to judge (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md).
  const pace = judgePace(
    answers.map((answer, k) => ({
      problem: problems[k]!,
      correct: records[k]!.isCorrect,
      ms: answer.t - (k > 0 ? answers[k - 1]!.t : 0),
    })),
    {
      spanMs: Math.min(last!.t, limitMs),
      timeLimitSeconds: timeLimitOf(spec),
      serverTimed: submission.serverTimed === true,
    },
  );
  return { ok: true, summary: summarize(records), records, pace };
}

/**
 * Each answer against its problem, as the results list them: the server's record of a verified run, and what the
 * game in the page shows of a run the server refused (its score there is the same engine's, never saved).
 */
export function answerRecords(
  spec: RunSpec,
  seed: string,
  answers: readonly SubmittedAnswer[],
  startedAt: number,
): AnswerRecord[] {
  return markAnswers(spec.mode, problemSequence(spec, seed), answers, startedAt);
}

/** answerRecords from the run's problems as made already (a page of one mode makes them with its own generator). */
export function markAnswers(
  mode: GameMode,
  problems: ProblemSequence,
  answers: readonly SubmittedAnswer[],
  startedAt: number,
): AnswerRecord[] {
  return answers.map((answer): AnswerRecord => {
    const problem = problems(answer.i);
    return {
      problem: formatProblem(problem).text,
      userAnswer: answer.value,
      correctAnswer: problem.answer,
      isCorrect: checkAnswer(mode, problem, answer.value) === true,
      timeStamp: startedAt + answer.t,
    };
  });
}

/** An MTC rehearsal not played to its end: nothing to score. */
export const MTC_UNFINISHED_MESSAGE = "This check was not finished, so there is no score to save.";

/**
 * An MTC rehearsal (docs/product.md#multiplication-tables-check-rehearsal): one entry for each of its 29 steps, in
 * order, each at or after its step appeared; an answer later than its question's seconds (and the 1 s grace)
 * counts as no answer; the whole timeline within the server's elapsed time. Scored out of the check's 25, each
 * record's time stamp the sum of the check's answer times so far, so each answer's time is the gap before it.
 */
function verifyMtc(
  spec: Extract<RunSpec, { mode: "mtc" }>,
  seed: string,
  answers: readonly unknown[],
  startedAt: number,
  elapsedMs: number,
  serverTimed: boolean,
  check: { startedMs: number | null; seed: string | null },
): VerifyResult {
  if (answers.length !== MTC_STEPS) return refuse("no-answers", MTC_UNFINISHED_MESSAGE);
  const entries: SubmittedAnswer[] = [];
  for (let k = 0; k < answers.length; k++) {
    const answer: unknown = answers[k];
    if (!isAnswer(answer) || answer.value.length > MAX_VALUE_LENGTH) {
      return refuse("malformed-answers", "The answers sent were not in the expected form.");
    }
    if (answer.i !== k) return refuse("answer-order", "The answers must be for each question in order, each once.");
    if (answer.value !== "" && sanitizeAnswer(answer.value) !== answer.value) {
      return refuse("malformed-answers", `Answer ${k + 1} is not a number.`);
    }
    entries.push(answer);
  }
  const timeline = mtcTimeline(entries, spec.questionSeconds);
  if (!timeline.ok) return refuse("bad-timing", `Answer ${timeline.step + 1} came before its question.`);
  const last = timeline.steps[timeline.steps.length - 1]!;
  if (last.endsAt > elapsedMs + ANSWER_CLOCK_SLACK_MS) {
    return refuse("bad-timing", "These answers took longer than the game lasted.");
  }
  // In the page, the answers' times are the page's own: time spent that they do not account for was hidden, and
  // any answer may have been late by it. (Page by page, the server stamped every step with its clock already.)
  if (!serverTimed && elapsedMs > last.endsAt + MTC_HIDDEN_TIME_MS) {
    return refuse("bad-timing", MTC_TOO_SLOW_MESSAGE);
  }
  // The check's questions come from a seed the server gave only as it started the check: without one there is
  // nothing to score. In the page, the start step names the seed it was given, and it must be the stamp's: a page
  // that asked again for a later stamp answered questions the server did not time
  // (docs/decisions/0074-fair-play-for-classes-and-addresses.md, "The check's own seed").
  if (check.seed === null || (!serverTimed && entries[MTC_START_STEP]?.value !== check.seed)) {
    return refuse("bad-timing", MTC_NOT_TIMED_MESSAGE);
  }
  // And the check itself on the server's clock, from the stamp it made when the page started it: the page's
  // timeline of the 25 questions must match it within the slack either way, so no minute of the start step or of the
  // practice can be moved into the questions, and no time can be claimed that the server did not see pass.
  if (!serverTimed) {
    const checkStartedMs = check.startedMs;
    const start = timeline.steps[MTC_START_STEP];
    if (checkStartedMs === null || !start || checkStartedMs < 0) return refuse("bad-timing", MTC_NOT_TIMED_MESSAGE);
    const onThePage = last.endsAt - start.endsAt;
    const onTheServer = elapsedMs - checkStartedMs;
    if (onTheServer > onThePage + MTC_CHECK_SLACK_MS) return refuse("bad-timing", MTC_TOO_SLOW_MESSAGE);
    if (onThePage > onTheServer + MTC_CHECK_SLACK_MS) {
      return refuse("bad-timing", "These answers took longer than the game lasted.");
    }
  }
  const problems = mtcSequence(spec, seed, check.seed);
  const results = mtcCheckResults(timeline.steps, problems, spec.questionSeconds);
  let at = startedAt;
  const records = results.map((result): AnswerRecord => {
    at += result.ms;
    return {
      problem: formatProblem(result.problem).text,
      userAnswer: result.value,
      correctAnswer: result.problem.answer,
      isCorrect: result.value !== "" && checkAnswer("mtc", result.problem, result.value) === true,
      timeStamp: at,
    };
  });
  const pace = judgePace(
    results
      .filter((result) => result.value !== "")
      .map((result) => ({ problem: result.problem, correct: result.correct, ms: result.ms })),
    { spanMs: at - startedAt, timeLimitSeconds: results.length * spec.questionSeconds, serverTimed },
  );
  return { ok: true, summary: summarize(records), records, pace };
}
